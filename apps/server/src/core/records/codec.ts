/** Converts between stored column values and JS record values, per field type and engine. */
import { isMultiValue, zeroValue, type Field } from '../schema/fields.js';
import type { CollectionDef } from '../schema/collection.js';
import type { Row } from '../db/db.js';

export type RecordData = Record<string, unknown>;

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export function decodeValue(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return zeroValue(field);
  if (isMultiValue(field)) {
    const arr = parseJson(value);
    return Array.isArray(arr) ? arr.map(String) : [];
  }
  switch (field.type) {
    case 'number':
      return Number(value);
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'json':
      return parseJson(value);
    default:
      return String(value);
  }
}

export function decodeRow(collection: CollectionDef, row: Row): RecordData {
  const out: RecordData = {};
  for (const field of collection.fields) out[field.name] = decodeValue(field, row[field.name]);
  return out;
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
