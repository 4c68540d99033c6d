/**
 * The one way a custom endpoint's request body is checked: parsed with its schema from the
 * contract (`@photoshoot/contract/bodies`), and every failure turned into the API's one error, a
 * 400 in PocketBase's shape `{status, message, data: {field: {code, message, params?}}}`.
 *
 * - A field is the body's top-level key the issue is under (what a form names), and it carries its
 *   first issue only, as PocketBase reports one error per field; an issue of the body as a whole
 *   (a cross-field check with no path) only sets the message.
 * - Codes are PocketBase's: a check with a code of its own names it in `params.code` (see the
 *   contract's `issue` and `coded`); zod's built-in checks map to the codes and sentences of
 *   PocketBase's record fields (`validation_required` "Cannot be blank.", …) in `pocketbaseIssue`.
 * - The message is the first failure's sentence: most bodies fail on one field, and the form
 *   shows the field's words anyway.
 * - Unknown keys are ignored (zod objects strip them), as PocketBase ignores unknown fields of a
 *   record: a client may send more than an endpoint reads, never less than it needs.
 */
import type { z } from 'zod';
import { ApiError, type FieldError } from './errors.js';

type Issue = z.ZodIssue | z.ZodIssueOptionalMessage;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const pb = (code: string, message: string, params?: Record<string, unknown>): FieldError =>
  params ? { code, message, params } : { code, message };

/** PocketBase's code and sentence for one of zod's built-in checks. */
export function pocketbaseIssue(issue: Issue): FieldError {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined' || issue.received === 'null')
        return pb('validation_required', 'Cannot be blank.');
      return pb('validation_invalid_value', `Must be ${KINDS[issue.expected] ?? 'a valid value'}.`);
    case 'invalid_enum_value':
      return pb('validation_invalid_value', `Must be one of: ${issue.options.join(', ')}.`);
    case 'too_small':
      if (issue.type === 'string')
        return pb('validation_min_text_constraint', `Must be at least ${issue.minimum} character(s).`, {
          min: Number(issue.minimum),
        });
      if (issue.type === 'array' || issue.type === 'set')
        return pb('validation_not_enough_values', `Select at least ${issue.minimum}.`, {
          minSelect: Number(issue.minimum),
        });
      return pb('validation_min_number_constraint', `Must be at least ${issue.minimum}.`, {
        min: Number(issue.minimum),
      });
    case 'too_big':
      if (issue.type === 'string')
        return pb('validation_max_text_constraint', `Must be less than ${issue.maximum} character(s).`, {
          max: Number(issue.maximum),
        });
      if (issue.type === 'array' || issue.type === 'set')
        return pb('validation_too_many_values', `Select no more than ${issue.maximum}.`, {
          maxSelect: Number(issue.maximum),
        });
      return pb('validation_max_number_constraint', `Must be at most ${issue.maximum}.`, {
        max: Number(issue.maximum),
      });
    case 'invalid_string':
      return issue.validation === 'email'
        ? pb('validation_is_email', 'Must be a valid email address.')
        : pb('validation_invalid_format', 'Invalid value format.');
    default:
      return pb('validation_invalid_value', 'Invalid value.');
  }
}

/** A failed issue as the wire's field error: its own code (`params.code`) and words, or PocketBase's. */
function fieldError(issue: z.ZodIssue): FieldError {
  if (issue.code === 'custom' && typeof issue.params?.code === 'string') {
    const { code, ...params } = issue.params as { code: string } & Record<string, unknown>;
    return pb(code, issue.message, Object.keys(params).length ? params : undefined);
  }
  // note: the sentence is the schema's own when it wrote one, else PocketBase's (the error map's).
  return { ...pocketbaseIssue(issue), message: issue.message };
}

// note: zod's own sentences ("Expected string, received number") never reach a client: the
// contextual map gives every built-in check PocketBase's, unless the schema wrote its own.
const errorMap: z.ZodErrorMap = (issue) => ({ message: pocketbaseIssue(issue).message });

/**
 * `body` as `schema` reads it.
 * @throws {ApiError} 400 with `data.<field>` for each field at fault.
 */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body, { errorMap });
  if (parsed.success) return parsed.data as z.output<S>;
  const data: Record<string, FieldError> = {};
  let message = '';
  for (const issue of parsed.error.issues) {
    const error = fieldError(issue);
    message ||= error.message;
    const field = issue.path[0];
    if (field !== undefined && !data[field]) data[field] = error;
  }
  throw ApiError.badRequest(message, data);
}
