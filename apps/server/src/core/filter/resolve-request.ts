/**
 * `@request.*` identifiers (PocketBase's filter identifiers and modifiers). Their values are known
 * when the filter is compiled, so they become bound parameters; only relation paths
 * (`@request.auth.rel.x`, `@request.body.rel.x`) and `:changed` without a stored record need the
 * database.
 */
import { getField } from '../schema/collection.js';
import { isMultiValue, type Field } from '../schema/fields.js';
import { compareScalars } from './compare.js';
import type { CompileState, RequestInfo } from './context.js';
import { invalidFilter } from './errors.js';
import { literal, normalizeLiteral, scalar, type Operand } from './operand.js';
import { splitModifier, toSlice, walkFromIds, walkPath, type Modifier } from './resolve-path.js';
import { raw, sql } from './sql.js';

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Header names as rules spell them: `X-Token` → `x_token`. */
export function normalizeHeaderName(name: string): string {
  return name.toLowerCase().replace(/-/g, '_');
}

/** Walks plain JS data (body values, JSON fields) by keys and array indexes. */
function extract(root: unknown, path: string[]): { found: boolean; value: unknown } {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !hasOwn(cur, key)) return { found: false, value: null };
    cur = (cur as Record<string, unknown>)[key];
  }
  return { found: true, value: cur };
}

function isListField(field: Field | undefined): field is Field {
  return (
    field !== undefined && (field.type === 'select' || field.type === 'relation' || field.type === 'file')
  );
}

/** A compile-time value with a modifier applied. */
function staticOperand(
  st: CompileState,
  found: boolean,
  value: unknown,
  modifier: Modifier,
  field?: Field,
): Operand {
  const d = st.d;
  switch (modifier) {
    case 'isset':
      return literal(d, found);
    case 'lower': {
      const v = normalizeLiteral(value);
      if (v === null) return literal(d, null);
      return scalar(sql`LOWER(${d.param(String(v), 'text')})`, 'text', false);
    }
    case 'length':
      if (!isListField(field)) throw invalidFilter(':length needs a select, relation or file field');
      return literal(d, toSlice(value).length);
    case 'each': {
      if (!isListField(field)) throw invalidFilter(':each needs a select, relation or file field');
      if (!isMultiValue(field)) return literal(d, Array.isArray(value) ? (value[0] ?? null) : value);
      const items = toSlice(value).map((v) => String(normalizeLiteral(v) ?? ''));
      const j = st.names.next('j');
      return {
        form: 'multi',
        kind: 'text',
        select: sql`SELECT ${raw(`${j}.value`)} AS v FROM ${d.jsonEach(d.param(items, 'json'), j)}`,
        guarded: false,
      };
    }
    case 'changed':
      throw invalidFilter(':changed is only allowed on @request.body fields');
    default:
      break;
  }
  // Multipart bodies may carry numbers as text; number fields compare them as numbers (PocketBase does too).
  if (
    field?.type === 'number' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value))
  ) {
    return literal(d, Number(value));
  }
  if (field?.type === 'bool' && typeof value === 'number') return literal(d, value !== 0);
  return literal(d, value);
}

/** Resolves `@request.<...>`; `props[0]` is `@request`. */
export function resolveRequest(st: CompileState, props: string[]): Operand {
  const req = st.ctx.request;
  if (!req) throw invalidFilter('@request fields are not available here');
  if (props.length < 2) throw invalidFilter('incomplete @request field');
  const section = props[1]!.split(':')[0]!;
  switch (section) {
    case 'method':
    case 'context': {
      if (props.length !== 2) throw invalidFilter(`unknown @request field ${props.join('.')}`);
      const [, modifier] = splitModifier(props[1]!);
      return staticOperand(st, true, section === 'method' ? req.method : req.context, modifier);
    }
    case 'headers':
    case 'query': {
      if (props.length < 3) throw invalidFilter(`incomplete @request.${section} field`);
      const [key, modifier] = splitModifier(props[props.length - 1]!);
      const path = [...props.slice(2, -1), key];
      const source = section === 'headers' ? normalizedHeaders(req) : req.query;
      if (section === 'headers') path[0] = normalizeHeaderName(path[0]!);
      const { found, value } = extract(source, path);
      return staticOperand(st, found, value, modifier);
    }
    case 'body':
      return resolveBody(st, req, props);
    case 'auth':
      return resolveAuth(st, req, props);
    default:
      throw invalidFilter(`unknown @request field ${props.join('.')}`);
  }
}

function normalizedHeaders(req: RequestInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) out[normalizeHeaderName(k)] = v;
  return out;
}

function resolveBody(st: CompileState, req: RequestInfo, props: string[]): Operand {
  if (props.length < 3) throw invalidFilter('incomplete @request.body field');
  const body = req.body;
  const last = props.length === 3;
  const [name, modifier] = last ? splitModifier(props[2]!) : [props[2]!, '' as Modifier];
  const field = getField(st.ctx.collection, name);

  if (field?.type === 'relation' && !last) return walkFromIds(st, field, body[name], props.slice(3));
  if (!last || !field) {
    const [key, mod] = splitModifier(props[props.length - 1]!);
    const { found, value } = extract(body, [...props.slice(2, -1), key]);
    return staticOperand(st, found, value, mod);
  }
  if (modifier === 'changed') return changed(st, req, field);
  return staticOperand(st, hasOwn(body, name), body[name], modifier, field);
}

/**
 * `@request.body.x:changed`: submitted and different from the stored value. With `existing` the
 * answer is a constant; without it the body value is compared to the row under evaluation, as
 * PocketBase does (which makes it false on create, where that row is the new record).
 */
function changed(st: CompileState, req: RequestInfo, field: Field): Operand {
  const d = st.d;
  if (!hasOwn(req.body, field.name)) return literal(d, false);
  const submitted = staticOperand(st, true, req.body[field.name], '', field);
  const existing = st.ctx.existing;
  if (existing) return literal(d, !looselyEqual(req.body[field.name], existing[field.name]));
  const stored = walkPath(
    st,
    { mode: 'row', alias: st.baseAlias, collection: st.ctx.collection },
    [field.name],
    {
      missingAsNull: false,
    },
  );
  if (submitted.form !== 'scalar' || stored.form !== 'scalar')
    throw invalidFilter(':changed on an unsupported field');
  return scalar(compareScalars(d, submitted, '!=', stored), 'bool', false);
}

/** Equality of stored and submitted JS values, with '' ≡ null ≡ [] and numeric text ≡ number. */
export function looselyEqual(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return '';
    if (typeof v === 'object') return JSON.stringify(v);
    return v;
  };
  const x = norm(a);
  const y = norm(b);
  if (typeof x === typeof y) return x === y;
  const pair = (t1: string, t2: string): [unknown, unknown] | null =>
    typeof x === t1 && typeof y === t2 ? [x, y] : typeof y === t1 && typeof x === t2 ? [y, x] : null;
  const ns = pair('number', 'string');
  if (ns) return (ns[1] as string).trim() !== '' && Number(ns[1]) === ns[0];
  const bn = pair('boolean', 'number');
  if (bn) return (bn[0] ? 1 : 0) === bn[1];
  return String(x) === String(y);
}

function resolveAuth(st: CompileState, req: RequestInfo, props: string[]): Operand {
  if (props.length < 3) throw invalidFilter('incomplete @request.auth field');
  // A guest has no auth record: every @request.auth.* value is NULL (PocketBase's filter identifiers).
  if (!req.auth) return literal(st.d, null);
  const { collection, record } = req.auth;
  const last = props.length === 3;
  const [name, modifier] = last ? splitModifier(props[2]!) : [props[2]!, '' as Modifier];

  if (last && (name === 'collectionId' || name === 'collectionName')) {
    return staticOperand(st, true, name === 'collectionId' ? collection.id : collection.name, modifier);
  }
  const field = getField(collection, name);
  if (!field) return modifier === 'isset' ? literal(st.d, false) : literal(st.d, null);
  if (last) return staticOperand(st, hasOwn(record, name), record[name] ?? null, modifier, field);
  if (field.type === 'relation') return walkFromIds(st, field, record[name], props.slice(3));
  if (field.type === 'json') {
    const [key, mod] = splitModifier(props[props.length - 1]!);
    const { found, value } = extract(record[name], [...props.slice(3, -1), key]);
    return staticOperand(st, found, value, mod);
  }
  throw invalidFilter(`field ${JSON.stringify(name)} is not a relation`);
}
