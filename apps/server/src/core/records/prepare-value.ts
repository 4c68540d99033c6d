/**
 * Normalises a submitted value to the field's type, the way PocketBase casts input: numeric
 * strings become numbers, "true"/"1" become booleans, a single value becomes a one-item list.
 */
import { isMultiValue, type Field } from '../schema/fields.js';
import { formatDate, parseDate } from '../../tools/dates.js';
import { normalizeEmail } from '../../tools/normalize-email.js';
import { JsonTooDeepError, parseJsonWithin } from '../../tools/json-depth.js';

/** Marker for a date string that could not be parsed; validation turns it into a field error. */
export const INVALID_DATE = Symbol('invalid date');
/** Marker for JSON text nested too deeply to be taken in; validation turns it into a field error. */
export const JSON_TOO_DEEP = Symbol('json too deep');

function toStr(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function toList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  const arr = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of arr) {
    const s = toStr(v);
    if (s !== '' && !out.includes(s)) out.push(s);
  }
  return out;
}

export function prepareValue(field: Field, value: unknown): unknown {
  if (isMultiValue(field)) return toList(value);
  switch (field.type) {
    case 'number': {
      if (typeof value === 'number') return value;
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value === 'string' && value.trim() !== '') {
        const n = Number(value);
        return Number.isNaN(n) ? 0 : n;
      }
      return 0;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      return typeof value === 'string' && ['1', 't', 'true'].includes(value.toLowerCase());
    case 'json':
      if (typeof value === 'string') {
        try {
          return parseJsonWithin(value);
        } catch (err) {
          return err instanceof JsonTooDeepError ? JSON_TOO_DEEP : value;
        }
      }
      return value === undefined ? null : value;
    case 'date':
    case 'autodate': {
      if (value === null || value === undefined || value === '') return '';
      const d = parseDate(value);
      return d ? formatDate(d) : INVALID_DATE;
    }
    case 'select':
    case 'relation':
    case 'file': {
      // note: a single-value field given a list keeps the last item (last one wins, as in PocketBase).
      const list = toList(value);
      return list.length ? list[list.length - 1] : '';
    }
    case 'email':
      return normalizeEmail(toStr(value));
    default:
      return toStr(value);
  }
}
