/**
 * Record CRUD with rules, validation and serialisation (PocketBase's records API and API rules).
 * HTTP handlers and batch call these; nothing here knows about requests beyond the Caller.
 */
import { ApiError, ValidationErrors } from '../errors.js';
import { ConstraintError, q, type Db } from '../db/db.js';
import { getField, type CollectionDef } from '../schema/collection.js';
import { zeroValue } from '../schema/fields.js';
import type { App } from '../app.js';
import { fromPattern } from '../../tools/random.js';
import { nowString } from '../../tools/dates.js';
import { applyBody } from './apply-body.js';
import { applyAuthFields } from './auth-fields.js';
import { isSuperuser, type Caller } from './caller.js';
import { decodeRow, encodeValue, type RecordData } from './codec.js';
import { expandRecords, parseExpand } from './expand.js';
import { listRecords, type ListParams, type ListResult } from './list.js';
import { deleteWithReferences } from './delete.js';
import { BASE_ALIAS, recordMatchesRule, ruleCondition } from './rules.js';
import { serializeRecord, visibilityFor, type RecordJson } from './serialize.js';
import { jsonIsPlain, plainRecordJson } from './row-shaper.js';
import { revealEmails } from './email-visibility.js';
import { validateField } from './validate-field.js';
import type { RecordAction } from './record-events.js';
import { RecordFiles } from '../files/record-files.js';
import type { Upload } from '../files/upload.js';

export type ShapeOptions = { expand?: string; tx?: Db };
export type WriteOptions = ShapeOptions & {
  /** Run inside this transaction (batch); events then wait for `afterCommit`. */
  tx?: Db;
  /** Defers work until the outer transaction commits; without it, work runs after this write. */
  afterCommit?: (fn: () => void) => void;
  /** Multipart file parts (streamed to temporary files) for the collection's file fields. */
  files?: readonly Upload[];
  /** Runs `fn` if the outer transaction rolls back (batch), so stored uploads do not stay orphaned. */
  afterRollback?: (fn: () => unknown) => void;
};
export type Saved = { data: RecordData; json: RecordJson };

export class RecordService {
  constructor(private readonly app: App) {}

  async findById(collection: CollectionDef, id: string, db: Db = this.app.db): Promise<RecordData | null> {
    const row = await db.get(`SELECT * FROM ${q(collection.name)} WHERE "id" = ?`, [id]);
    return row ? decodeRow(collection, row) : null;
  }

  /** Finds one record by exact field values (`WHERE a = ? AND b = ?`). */
  async findOneBy(
    collection: CollectionDef,
    where: Record<string, unknown>,
    db: Db = this.app.db,
  ): Promise<RecordData | null> {
    const keys = Object.keys(where);
    const cond = keys.map((k) => `${q(k)} = ?`).join(' AND ');
    const params = keys.map((k) => encodeValue(getField(collection, k)!, where[k]));
    const row = await db.get(`SELECT * FROM ${q(collection.name)} WHERE ${cond} LIMIT 1`, params);
    return row ? decodeRow(collection, row) : null;
  }

  /** Serialises for `caller`, applying `?expand=`. */
  async shape(
    collection: CollectionDef,
    records: RecordData[],
    caller: Caller,
    opts: ShapeOptions = {},
  ): Promise<RecordJson[]> {
    const items = records.map((data) => ({
      data,
      json: serializeRecord(collection, data, visibilityFor(collection, data, caller)),
    }));
    await revealEmails(this.app, opts.tx ?? this.app.db, collection, items, caller);
    if (opts.expand !== undefined && opts.expand !== '') {
      await expandRecords(
        this.app,
        collection,
        items,
        parseExpand(opts.expand),
        caller,
        opts.tx ?? this.app.db,
      );
    }
    return items.map((i) => i.json);
  }

  list(collection: CollectionDef, caller: Caller, params: ListParams): Promise<ListResult> {
    return listRecords(this.app, collection, caller, params);
  }

  async view(
    collection: CollectionDef,
    caller: Caller,
    id: string,
    opts: ShapeOptions = {},
  ): Promise<RecordJson> {
    const su = isSuperuser(caller);
    const db = opts.tx ?? this.app.db;
    if (!su && collection.viewRule === null)
      throw ApiError.forbidden('Only superusers can perform this action.');
    // One SELECT with the rule in its WHERE: a missing record and a hidden one are both a 404.
    const cond = su ? null : ruleCondition(db, this.app.registry, collection, collection.viewRule!, caller);
    const row = await db.get(
      `SELECT ${BASE_ALIAS}.* FROM ${q(collection.name)} ${BASE_ALIAS} WHERE ${BASE_ALIAS}."id" = ?${cond ? ` AND (${cond.sql})` : ''}`,
      cond ? [id, ...cond.params] : [id],
    );
    if (!row) throw ApiError.notFound();
    if (jsonIsPlain(collection, opts.expand)) return plainRecordJson(collection, row, su);
    return (await this.shape(collection, [decodeRow(collection, row)], caller, opts))[0]!;
  }

  private async canManage(
    collection: CollectionDef,
    caller: Caller,
    existing: RecordData | null,
    db: Db,
  ): Promise<boolean> {
    if (isSuperuser(caller)) return true;
    const rule = collection.auth?.manageRule ?? null;
    if (rule === null || !existing) return false;
    return recordMatchesRule(db, this.app.registry, collection, rule, caller, existing.id as string);
  }

  private emitLater(
    opts: WriteOptions,
    action: RecordAction,
    collection: CollectionDef,
    record: RecordData,
  ): void {
    const fire = () => this.app.events.emit({ action, collection, record });
    if (opts.afterCommit) opts.afterCommit(fire);
    else fire();
  }

  async create(
    collection: CollectionDef,
    caller: Caller,
    body: Record<string, unknown>,
    opts: WriteOptions = {},
  ): Promise<Saved> {
    const su = isSuperuser(caller);
    const db = opts.tx ?? this.app.db;
    if (!su && collection.createRule === null)
      throw ApiError.forbidden('Only superusers can perform this action.');
    const base: RecordData = {};
    for (const field of collection.fields) base[field.name] = zeroValue(field);
    const files = await RecordFiles.prepare(this.app.storage, collection, opts.files);
    const applied = applyBody(collection, base, body, { superuser: su, uploads: files.byKey() });
    const { data, errors } = applied;
    const id = body.id;
    if (id !== undefined && id !== null && id !== '') data.id = String(id);
    else data.id = fromPattern('[a-z0-9]{15}');
    if (collection.type === 'auth') {
      await applyAuthFields({
        collection,
        body,
        data,
        existing: null,
        submitted: applied.submitted,
        canManage: su,
        errors,
      });
      await this.checkAuthIdUnique(collection, String(data.id), errors, db);
    }
    const now = nowString();
    for (const field of collection.fields)
      if (field.type === 'autodate' && field.onCreate) data[field.name] = now;
    files.check(data, applied.submitted, errors);
    await this.validate(collection, data, errors, db);
    errors.throwIfAny('Failed to create record.');
    // Files: stored only once the record is valid, and taken back if the row is not written.
    await files.store(data);
    opts.afterRollback?.(() => files.discard());

    const saved = await db
      .transaction(async (tx) => {
        await this.app.hooks.run('beforeCreate', {
          app: this.app,
          collection,
          caller,
          tx,
          record: data,
          existing: null,
          submitted: applied.submitted,
        });
        await this.insertRow(collection, data, tx);
        if (!su && collection.createRule) {
          const ok = await recordMatchesRule(
            tx,
            this.app.registry,
            collection,
            collection.createRule,
            caller,
            data.id as string,
            {
              body: applied.ruleBody,
            },
          );
          if (!ok) throw ApiError.badRequest('Failed to create record.');
        }
        return data;
      })
      .catch(async (err: unknown) => {
        await files.discard();
        throw err;
      });
    this.emitLater(opts, 'create', collection, saved);
    const json = (await this.shape(collection, [saved], caller, opts))[0]!;
    return { data: saved, json };
  }

  async update(
    collection: CollectionDef,
    caller: Caller,
    id: string,
    body: Record<string, unknown>,
    opts: WriteOptions = {},
  ): Promise<Saved> {
    const su = isSuperuser(caller);
    const db = opts.tx ?? this.app.db;
    if (!su && collection.updateRule === null)
      throw ApiError.forbidden('Only superusers can perform this action.');
    const existing = await this.findById(collection, id, db);
    if (!existing) throw ApiError.notFound();
    const files = await RecordFiles.prepare(this.app.storage, collection, opts.files);
    const applied = applyBody(collection, existing, body, { superuser: su, uploads: files.byKey() });
    const { data, errors } = applied;
    if (body.id !== undefined && body.id !== existing.id) {
      errors.add('id', 'validation_pk_change', 'The record primary key cannot be changed.');
    }
    if (
      !su &&
      !(await recordMatchesRule(db, this.app.registry, collection, collection.updateRule, caller, id, {
        body: applied.ruleBody,
        existing,
      }))
    ) {
      throw ApiError.notFound();
    }
    if (collection.type === 'auth') {
      const canManage = await this.canManage(collection, caller, existing, db);
      await applyAuthFields({
        collection,
        body,
        data,
        existing,
        submitted: applied.submitted,
        canManage,
        errors,
      });
    }
    const now = nowString();
    for (const field of collection.fields)
      if (field.type === 'autodate' && field.onUpdate) data[field.name] = now;
    files.check(data, applied.submitted, errors);
    await this.validate(collection, data, errors, db);
    errors.throwIfAny('Failed to update record.');
    await files.store(data);
    await db
      .transaction(async (tx) => {
        await this.app.hooks.run('beforeUpdate', {
          app: this.app,
          collection,
          caller,
          tx,
          record: data,
          existing,
          submitted: applied.submitted,
        });
        await this.updateRow(collection, data, tx);
      })
      .catch(async (err: unknown) => {
        await files.discard();
        throw err;
      });
    opts.afterRollback?.(() => files.discard());
    // Files the update replaced or removed go once the change has committed.
    const dropReplaced = () =>
      this.app.storage.background(
        RecordFiles.deleteReplaced(this.app.storage, collection, existing, data),
        'delete replaced files',
      );
    if (opts.afterCommit) opts.afterCommit(dropReplaced);
    else dropReplaced();
    this.emitLater(opts, 'update', collection, data);
    const json = (await this.shape(collection, [data], caller, opts))[0]!;
    return { data, json };
  }

  async delete(
    collection: CollectionDef,
    caller: Caller,
    id: string,
    opts: WriteOptions = {},
  ): Promise<RecordData> {
    const su = isSuperuser(caller);
    const db = opts.tx ?? this.app.db;
    if (!su && collection.deleteRule === null)
      throw ApiError.forbidden('Only superusers can perform this action.');
    const existing = await this.findById(collection, id, db);
    if (!existing) throw ApiError.notFound();
    if (
      !su &&
      !(await recordMatchesRule(db, this.app.registry, collection, collection.deleteRule, caller, id))
    ) {
      throw ApiError.notFound();
    }
    if (collection.name === '_superusers') {
      const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "_superusers"`);
      if (Number(row?.n ?? 0) <= 1)
        throw ApiError.badRequest("You can't delete the only existing superuser.");
    }
    const deleted = await db.transaction(async (tx) => {
      await this.app.hooks.run('beforeDelete', {
        app: this.app,
        collection,
        caller,
        tx,
        record: existing,
        existing,
        submitted: new Set(),
      });
      return deleteWithReferences(this.app, collection, existing, tx);
    });
    for (const d of deleted) this.emitLater(opts, 'delete', d.collection, d.record);
    return existing;
  }

  /** Field validation plus relation existence; adds to `errors`. */
  async validate(
    collection: CollectionDef,
    data: RecordData,
    errors: ValidationErrors,
    db: Db = this.app.db,
  ): Promise<void> {
    for (const field of collection.fields) {
      if (field.type === 'password' || field.name === 'tokenKey' || errors.fields[field.name]) continue;
      const problem = validateField(field, data[field.name]);
      if (problem) {
        errors.fields[field.name] = problem;
        continue;
      }
      if (field.type === 'relation') {
        const ids = (Array.isArray(data[field.name]) ? data[field.name] : [data[field.name]]) as string[];
        const wanted = ids.filter((x) => x !== '');
        const target = this.app.registry.find(field.collection);
        if (!wanted.length || !target) continue;
        const found = await db.all<{ id: string }>(
          `SELECT "id" FROM ${q(target.name)} WHERE "id" IN (${wanted.map(() => '?').join(', ')})`,
          wanted,
        );
        if (found.length !== new Set(wanted).size) {
          errors.add(
            field.name,
            'validation_missing_rel_records',
            'Failed to find all relation records with the provided ids.',
          );
        }
      }
    }
  }

  private async checkAuthIdUnique(
    collection: CollectionDef,
    id: string,
    errors: ValidationErrors,
    db: Db,
  ): Promise<void> {
    for (const other of this.app.registry.all()) {
      if (other.type !== 'auth' || other.id === collection.id) continue;
      if (await db.get(`SELECT 1 AS x FROM ${q(other.name)} WHERE "id" = ?`, [id])) {
        errors.add('id', 'validation_invalid_auth_id', 'The id is already used by another auth record.');
      }
    }
  }

  /** Inserts `data` as is (validated by the caller); maps unique violations to field errors. */
  async insertRow(collection: CollectionDef, data: RecordData, db: Db = this.app.db): Promise<void> {
    const cols = collection.fields.map((f) => q(f.name)).join(', ');
    const vals = collection.fields.map(() => '?').join(', ');
    await this.write(
      collection,
      db,
      `INSERT INTO ${q(collection.name)} (${cols}) VALUES (${vals})`,
      collection.fields.map((f) => encodeValue(f, data[f.name])),
      'Failed to create record.',
    );
  }

  async updateRow(collection: CollectionDef, data: RecordData, db: Db = this.app.db): Promise<void> {
    const fields = collection.fields.filter((f) => f.name !== 'id');
    const sets = fields.map((f) => `${q(f.name)} = ?`).join(', ');
    await this.write(
      collection,
      db,
      `UPDATE ${q(collection.name)} SET ${sets} WHERE "id" = ?`,
      [...fields.map((f) => encodeValue(f, data[f.name])), data.id],
      'Failed to update record.',
    );
  }

  private async write(
    collection: CollectionDef,
    db: Db,
    sql: string,
    params: unknown[],
    message: string,
  ): Promise<void> {
    try {
      await db.run(sql, params);
    } catch (err) {
      if (err instanceof ConstraintError && err.kind === 'unique') {
        const errors = new ValidationErrors();
        for (const name of uniqueFields(collection, err.columns))
          errors.add(name, 'validation_not_unique', 'Value must be unique.');
        if (errors.empty) errors.add('id', 'validation_not_unique', 'Value must be unique.');
        throw ApiError.badRequest(message, errors.fields);
      }
      throw err;
    }
  }
}

function uniqueFields(collection: CollectionDef, columns: string[]): string[] {
  const out = new Set<string>();
  for (const c of columns) {
    const index = collection.indexes.find((ix) => ix.name === c);
    if (index) index.columns.forEach((col) => out.add(col));
    else if (getField(collection, c.replace(/^lower\((.*)\)$/i, '$1').replace(/"/g, ''))) {
      out.add(c.replace(/^lower\((.*)\)$/i, '$1').replace(/"/g, ''));
    }
  }
  return [...out];
}

export { BASE_ALIAS };
