/**
 * Applies a create/update body to a record: plain keys first, then modifiers (`field+`, `+field`,
 * `field-`), shortest key first as PocketBase does, so `@request.body` sees final values.
 */
import { isMultiValue, type Field } from '../schema/fields.js';
import type { CollectionDef } from '../schema/collection.js';
import { getField } from '../schema/collection.js';
import { ValidationErrors } from '../errors.js';
import type { RecordData } from './codec.js';
import { prepareValue } from './prepare-value.js';

export type AppliedBody = {
  data: RecordData;
  /** Field names the body set (directly or through a modifier). */
  submitted: Set<string>;
  /** `@request.body` for rules: submitted fields with their final values. */
  ruleBody: Record<string, unknown>;
  /** Problems with the body itself (server-managed fields), merged with field validation. */
  errors: ValidationErrors;
};

type Op = { key: string; field: Field; kind: 'set' | 'append' | 'prepend' | 'remove'; value: unknown };

function parseKey(collection: CollectionDef, key: string): Op | null {
  let name = key;
  let kind: Op['kind'] = 'set';
  if (key.startsWith('+')) {
    name = key.slice(1);
    kind = 'prepend';
  } else if (key.endsWith('+')) {
    name = key.slice(0, -1);
    kind = 'append';
  } else if (key.endsWith('-')) {
    name = key.slice(0, -1);
    kind = 'remove';
  }
  const field = getField(collection, name);
  if (!field) return null;
  if (kind !== 'set' && !['number', 'select', 'relation', 'file'].includes(field.type)) return null;
  if (kind === 'prepend' && field.type === 'number') return null;
  return { key, field, kind, value: undefined };
}

function asList(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

function applyOp(op: Op, current: unknown): unknown {
  const { field } = op;
  if (op.kind === 'set') return prepareValue(field, op.value);
  if (field.type === 'number') {
    const delta = prepareValue(field, op.value) as number;
    return (current as number) + (op.kind === 'append' ? delta : -delta);
  }
  const have = asList(current);
  const given = asList(op.value);
  let next: string[];
  if (op.kind === 'remove') next = have.filter((v) => !given.includes(v));
  else if (op.kind === 'append') next = [...have, ...given.filter((v) => !have.includes(v))];
  else next = [...given.filter((v) => !have.includes(v)), ...have];
  return isMultiValue(field) ? next : (next[next.length - 1] ?? '');
}

export function applyBody(
  collection: CollectionDef,
  base: RecordData,
  body: Record<string, unknown>,
  opts: { superuser: boolean; uploads?: ReadonlyMap<string, string[]> },
): AppliedBody {
  const data: RecordData = { ...base };
  const submitted = new Set<string>();
  const errors = new ValidationErrors();
  const ops: Op[] = [];
  // Files: upload keys count as body keys (a file part under `docs` is a `docs` key).
  const keys = new Set([...Object.keys(body), ...(opts.uploads?.keys() ?? [])]);
  for (const key of [...keys].sort((a, b) => a.length - b.length)) {
    const op = parseKey(collection, key);
    if (!op) continue;
    const { field } = op;
    if (field.name === 'id' || field.type === 'autodate' || field.name === 'tokenKey') continue;
    if (field.hidden && field.type !== 'password' && !opts.superuser) continue;
    if (field.system && collection.type !== 'auth' && !opts.superuser) {
      errors.add(
        field.name,
        'validation_readonly',
        'This field is managed by the server and cannot be changed.',
      );
      continue;
    }
    if (field.type === 'file' && (op.kind === 'set' || op.kind === 'append' || op.kind === 'prepend')) {
      // Plain values may only keep existing names; new files are the uploads' stored names, after them.
      const keep = asList(body[key]).filter((n) => asList(base[field.name]).includes(n));
      ops.push({ ...op, value: [...(op.kind === 'set' ? keep : []), ...(opts.uploads?.get(key) ?? [])] });
      continue;
    }
    ops.push({ ...op, value: body[key] });
  }
  for (const op of ops) {
    data[op.field.name] = applyOp(op, data[op.field.name]);
    submitted.add(op.field.name);
  }
  const ruleBody: Record<string, unknown> = {};
  for (const name of submitted) ruleBody[name] = data[name];
  return { data, submitted, ruleBody, errors };
}
