import type { ValidationErrors } from '../errors.js';

const EMAIL_RE = /^[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>]+$/;

/** Adds a field error unless `value` is a plausible address of at most 255 characters. */
export function checkEmailInput(errors: ValidationErrors, field: string, value: string): void {
  if (value === '') errors.add(field, 'validation_required', 'Cannot be blank.');
  else if (value.length > 255 || !EMAIL_RE.test(value))
    errors.add(field, 'validation_is_email', 'Must be a valid email address.');
}

export function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
