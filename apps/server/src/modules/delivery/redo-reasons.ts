/**
 * Why the owner wants a portrait redone, in their words (optional, one per portrait): kept on the
 * result so the operator reviewing the redone portrait reads what was wrong with the first one.
 */
import type { ValidationErrors } from '../../core/errors.js';

/** A few sentences; the results collection stores at most this many characters. */
export const MAX_REDO_REASON = 500;

/**
 * `{resultId: reason}` for results in `ids`, trimmed, empty ones left out; null after adding an
 * error for `field`. Absent reads as no reasons.
 */
export function readRedoReasons(
  value: unknown,
  ids: readonly string[],
  field: string,
  errors: ValidationErrors,
): Record<string, string> | null {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.add(field, 'validation_invalid_reasons', 'Must map portrait ids to reasons.');
    return null;
  }
  const chosen = new Set(ids);
  const reasons: Record<string, string> = {};
  for (const [id, reason] of Object.entries(value as Record<string, unknown>)) {
    if (typeof reason !== 'string' || !chosen.has(id)) {
      errors.add(
        field,
        'validation_invalid_reasons',
        'Each reason must be text, for a portrait being redone.',
      );
      return null;
    }
    const text = reason.trim();
    if (text.length > MAX_REDO_REASON) {
      errors.add(
        field,
        'validation_max_text_constraint',
        `A reason can be at most ${MAX_REDO_REASON} characters long.`,
        { max: MAX_REDO_REASON, id },
      );
      return null;
    }
    if (text) reasons[id] = text;
  }
  return reasons;
}
