/** Per-field validation with PocketBase's error codes; returns the first problem or null. */
import { isMultiValue, type Field } from '../schema/fields.js';
import type { FieldError } from '../errors.js';
import { INVALID_DATE, JSON_TOO_DEEP } from './prepare-value.js';
import { asciiDomain } from '../../tools/normalize-email.js';

const EMAIL_RE = /^[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>]+$/;
export const DEFAULT_TEXT_MAX = 5000;

function err(code: string, message: string, params?: Record<string, unknown>): FieldError {
  return params ? { code, message, params } : { code, message };
}

function isBlank(field: Field, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (field.type === 'number') return value === 0;
  if (field.type === 'bool') return value === false;
  return false;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function validateField(field: Field, value: unknown): FieldError | null {
  if (value === INVALID_DATE) return err('validation_invalid_date', 'Must be a valid date.');
  if (value === JSON_TOO_DEEP) return err('validation_json_too_deep', 'The JSON value is nested too deeply.');
  if (isBlank(field, value)) {
    return field.required && field.type !== 'autodate'
      ? err('validation_required', 'Cannot be blank.')
      : null;
  }
  if (
    isMultiValue(field) &&
    (field.type === 'select' || field.type === 'relation' || field.type === 'file')
  ) {
    const list = value as string[];
    if (list.length > field.maxSelect) {
      return err('validation_too_many_values', `Select no more than ${field.maxSelect}.`, {
        maxSelect: field.maxSelect,
      });
    }
    if (field.type === 'relation' && field.minSelect && list.length < field.minSelect) {
      return err('validation_not_enough_values', `Select at least ${field.minSelect}.`, {
        minSelect: field.minSelect,
      });
    }
  }
  switch (field.type) {
    case 'text':
    case 'password': {
      const s = value as string;
      const len = [...s].length;
      const max = field.max || (field.type === 'text' ? DEFAULT_TEXT_MAX : 0);
      if (field.min && len < field.min) {
        return err('validation_min_text_constraint', `Must be at least ${field.min} character(s).`, {
          min: field.min,
        });
      }
      if (max && len > max) {
        return err('validation_max_text_constraint', `Must be less than ${max} character(s).`, { max });
      }
      if (field.pattern && !new RegExp(field.pattern).test(s)) {
        return err('validation_invalid_format', 'Invalid value format.');
      }
      return null;
    }
    case 'number': {
      const n = value as number;
      if (!Number.isFinite(n))
        return err('validation_not_a_number', 'The submitted number is not properly formatted.');
      if (field.onlyInt && !Number.isInteger(n))
        return err('validation_only_int_constraint', 'Decimal numbers are not allowed.');
      if (field.min !== undefined && n < field.min) {
        return err('validation_min_number_constraint', `Must be larger than ${field.min}.`, {
          min: field.min,
        });
      }
      if (field.max !== undefined && n > field.max) {
        return err('validation_max_number_constraint', `Must be less than ${field.max}.`, { max: field.max });
      }
      return null;
    }
    case 'email': {
      const s = value as string;
      if (s.length > 255 || !EMAIL_RE.test(s) || !asciiDomain(domainOf(s)))
        return err('validation_is_email', 'Must be a valid email address.');
      if (field.onlyDomains?.length && !field.onlyDomains.includes(domainOf(s))) {
        return err('validation_email_domain_not_allowed', 'Email domain is not allowed.');
      }
      if (field.exceptDomains?.includes(domainOf(s))) {
        return err('validation_email_domain_not_allowed', 'Email domain is not allowed.');
      }
      return null;
    }
    case 'url': {
      try {
        const u = new URL(value as string);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
      } catch {
        return err('validation_is_url', 'Must be a valid url.');
      }
      return null;
    }
    case 'select': {
      const list = isMultiValue(field) ? (value as string[]) : [value as string];
      if (list.some((v) => !field.values.includes(v)))
        return err('validation_invalid_value', 'Must be a valid value.');
      return null;
    }
    case 'json': {
      const size = Buffer.byteLength(JSON.stringify(value) ?? '');
      const max = field.maxSize || 1024 * 1024;
      if (size > max)
        return err('validation_json_size_limit', `The maximum allowed JSON size is ${max} bytes.`, {
          maxSize: max,
        });
      return null;
    }
    case 'date': {
      const s = value as string;
      if (field.min && s < field.min)
        return err('validation_min_date_constraint', `Must be no earlier than ${field.min}.`);
      if (field.max && s > field.max)
        return err('validation_max_date_constraint', `Must be no later than ${field.max}.`);
      return null;
    }
    default:
      return null;
  }
}
