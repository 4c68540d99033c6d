/** Converts between stored column values and JS record values, per field type and engine. */
import { isMultiValue, type Field } from '../schema/fields.js';
import type { CollectionDef } from '../schema/collection.js';
import type { Row } from '../db/db.js';
import { decodeRowWithPlan, decoderFor } from './row-shaper.js';

export type RecordData = Record<string, unknown>;

const decoders = new WeakMap<Field, (value: unknown) => unknown>();

/** The record value of a stored column value (row-shaper.ts has the per-type rules). */
export function decodeValue(field: Field, value: unknown): unknown {
  let decode = decoders.get(field);
  if (!decode) decoders.set(field, (decode = decoderFor(field)));
  return decode(value);
}

export function decodeRow(collection: CollectionDef, row: Row): RecordData {
  return decodeRowWithPlan(collection, row);
}

/** The SQL parameter for a record value. */
export function encodeValue(field: Field, value: unknown): unknown {
  if (isMultiValue(field)) return JSON.stringify(Array.isArray(value) ? value : []);
  switch (field.type) {
    case 'json':
      return value === null || value === undefined ? null : JSON.stringify(value);
    case 'bool':
      return Boolean(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
