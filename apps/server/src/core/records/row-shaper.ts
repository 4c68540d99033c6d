/**
 * Per-collection row decoding, worked out once per collection object instead of once per field of
 * every row: a list page is 30+ rows × every field, and the per-field type dispatch, the visibility
 * object per row and a second object per row (decoded data, then its JSON) were a measurable part
 * of a list request. Collections do not change shape once the App is open (decision
 * 028), so the plan is kept per collection object; a redefined collection is another object.
 */
import type { Row } from '../db/db.js';
import type { CollectionDef } from '../schema/collection.js';
import { isMultiValue, type Field } from '../schema/fields.js';
import type { RecordData } from './codec.js';
import type { RecordJson } from './serialize.js';

type Decoder = (value: unknown) => unknown;
type Column = { readonly name: string; readonly decode: Decoder };
type JsonBuilder = (row: Row) => RecordJson;
type Plan = {
  readonly all: readonly Column[];
  /** What a non-superuser sees (no password, tokenKey or hidden fields). */
  readonly visible: readonly Column[];
  /** What a superuser sees (hidden fields too). */
  readonly visibleWithHidden: readonly Column[];
  readonly json: JsonBuilder;
  readonly jsonWithHidden: JsonBuilder;
};

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** The stored value → the record value, as `decodeValue` in codec.ts defines it, for one field. */
export function decoderFor(field: Field): Decoder {
  if (isMultiValue(field))
    return (v) => {
      if (v === null || v === undefined) return [];
      const arr = parseJson(v);
      return Array.isArray(arr) ? arr.map(String) : [];
    };
  switch (field.type) {
    case 'number':
      return (v) => (v === null || v === undefined ? 0 : Number(v));
    case 'bool':
      return (v) => v === true || v === 1 || v === '1' || v === 'true';
    case 'json':
      return (v) => (v === null || v === undefined ? null : parseJson(v));
    default:
      return (v) => (v === null || v === undefined ? '' : String(v));
  }
}

const plans = new WeakMap<CollectionDef, Plan>();

function planFor(collection: CollectionDef): Plan {
  let plan = plans.get(collection);
  if (plan) return plan;
  const all = collection.fields.map((field) => ({ name: field.name, decode: decoderFor(field) }));
  const shown = (field: Field) => field.type !== 'password' && field.name !== 'tokenKey';
  const pick = (keep: (field: Field) => boolean) => all.filter((_, i) => keep(collection.fields[i]!));
  const visibleWithHidden = pick(shown);
  const visible = pick((field) => shown(field) && !field.hidden);
  plan = {
    all,
    visibleWithHidden,
    visible,
    json: jsonBuilder(collection, visible),
    jsonWithHidden: jsonBuilder(collection, visibleWithHidden),
  };
  plans.set(collection, plan);
  return plan;
}

/** Every field of a stored row, decoded. */
export function decodeRowWithPlan(collection: CollectionDef, row: Row): RecordData {
  const out: RecordData = {};
  for (const col of planFor(collection).all) out[col.name] = col.decode(row[col.name]);
  return out;
}

/**
 * A stored row straight to its record JSON, for collections whose JSON depends on nothing but the
 * caller being a superuser: not auth collections (their email's visibility depends on the record
 * and the caller), and without `expand`. The same keys in the same order as `serializeRecord`.
 */
export function plainRecordJson(collection: CollectionDef, row: Row, showHidden: boolean): RecordJson {
  const plan = planFor(collection);
  return showHidden ? plan.jsonWithHidden(row) : plan.json(row);
}

/**
 * The row → JSON function of one collection and field list: one object literal with the
 * collection's own keys. A loop of `out[name] = …` made every record grow through a chain of hidden
 * classes into an out-of-object property store, through keyed loads and stores that see every
 * collection's names (megamorphic): ≈ 10 µs for a 30-row page against ≈ 1 µs for the literal, and
 * twice the bytes per record. The generated text holds nothing but field names, which
 * the schema restricts to identifiers (`NAME_RE` in schema/collection.ts), each written as a JSON
 * string literal, and decoder indexes; no request data ever reaches it.
 */
function jsonBuilder(collection: CollectionDef, columns: readonly Column[]): JsonBuilder {
  const head = { collectionId: collection.id, collectionName: collection.name };
  // note: a `"__proto__": …` property in a literal would set the prototype; keep the loop for it.
  if (columns.some((c) => c.name === '__proto__' || !IDENTIFIER.test(c.name)))
    return (row) => {
      const out: Record<string, unknown> = { ...head };
      for (const col of columns) out[col.name] = col.decode(row[col.name]);
      return out as RecordJson;
    };
  const props = columns.map((c, i) => `${JSON.stringify(c.name)}: d[${i}](row[${JSON.stringify(c.name)}])`);
  const make = new Function(
    'id',
    'name',
    'd',
    `return function recordJson(row) { return { collectionId: id, collectionName: name, ${props.join(', ')} }; };`,
  ) as (id: string, name: string, d: readonly Decoder[]) => JsonBuilder;
  return make(
    head.collectionId,
    head.collectionName,
    columns.map((c) => c.decode),
  );
}

const IDENTIFIER = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Whether `plainRecordJson` is a record's whole JSON here (see there). */
export function jsonIsPlain(collection: CollectionDef, expand: string | undefined): boolean {
  return collection.type !== 'auth' && (expand === undefined || expand === '');
}
