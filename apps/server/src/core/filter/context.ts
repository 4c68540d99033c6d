/**
 * What a filter is compiled against: the schema, the SQL alias of the outer row, and the request
 * whose `@request.*` values are bound as parameters.
 */
import type { CollectionDef } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';
import { AliasGen } from './compare.js';
import { DialectSql, raw, type Sql } from './sql.js';

/**
 * The request as rules see it (PocketBase's filter identifiers). Values are plain JS values, as
 * stored/parsed.
 */
export type RequestInfo = {
  auth: { collection: CollectionDef; record: Record<string, unknown> } | null;
  method: string;
  context: string;
  /** Header names may be given raw; they are matched as lower-case with `-` turned into `_`. */
  headers: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
};

export type FilterContext = {
  dialect: 'sqlite' | 'postgres';
  registry: CollectionRegistry;
  /** The base collection: bare field names resolve against it. */
  collection: CollectionDef;
  /** SQL alias of the base row in the outer query; emitted double-quoted. */
  alias: string;
  /** Values for `@request.*`; null makes any `@request.*` reference a 400. */
  request: RequestInfo | null;
  /** Rules: true. Client filter/sort of non-superusers: false (hidden fields are a 400). */
  allowHidden: boolean;
  /** False for client filter/sort of non-superusers: `@collection.`/`@request.` are a 403. */
  allowRequestAndCollection: boolean;
  /**
   * The stored record, for `@request.body.x:changed`. When absent (null/undefined) the submitted
   * value is compared with the row the filter runs against, which is PocketBase's behaviour.
   */
  existing?: Record<string, unknown> | null;
  /** Time base for the date macros; defaults to the current time. */
  now?: Date;
  /** Told when a date macro is read: the compiled SQL then depends on the clock (rule-memo.ts). */
  onMacro?: () => void;
};

/**
 * Compiles `rule` for rows of `collection` reached as `alias` inside the current query. Injected by
 * compile-core.ts so that path resolution can apply list rules without an import cycle.
 */
export type RuleCompiler = (st: CompileState, collection: CollectionDef, alias: string, rule: string) => Sql;

/** Per-compilation state shared by the resolvers. */
export class CompileState {
  readonly d: DialectSql;
  readonly now: Date;
  readonly baseAlias: Sql;
  /** `@collection` joins by alias key (`name` or `:alias`), in first-use order. */
  readonly collectionJoins = new Map<string, { collection: CollectionDef; alias: string; on: Sql | null }>();

  constructor(
    readonly ctx: FilterContext,
    readonly compileRule: RuleCompiler,
    /** Shared with nested rule compilations so subquery aliases never shadow each other. */
    readonly names: AliasGen = new AliasGen(),
  ) {
    this.d = new DialectSql(ctx.dialect);
    this.now = ctx.now ?? new Date();
    this.baseAlias = raw(`"${ctx.alias.replace(/"/g, '""')}"`);
  }
}
