/**
 * The body of `POST /api/admin/photoshoots/{id}/review`, checked for shape:
 * `{approve: [ids], reject: [{id, reason}], regenerate: bool, release: bool}`.
 */
import { ApiError, ValidationErrors } from '../../core/errors.js';
import { readIdList } from './id-list.js';

export type ReviewInput = {
  approve: string[];
  /** Result id → the operator's reason (may be empty). */
  reject: Map<string, string>;
  /** Send the rejected results back to the worker (review → queued). */
  regenerate: boolean;
  /** Release the approved results to the owner (review → completed). */
  release: boolean;
};

export const REVIEW_NOTE_MAX = 500;

function readFlag(value: unknown, field: string, errors: ValidationErrors): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') errors.add(field, 'validation_invalid_value', 'Must be true or false.');
  return value === true;
}

function readRejections(value: unknown, errors: ValidationErrors): Map<string, string> {
  const out = new Map<string, string>();
  if (value === undefined || value === null) return out;
  const items = Array.isArray(value) ? value : null;
  const shapeOk = items?.every(
    (item) =>
      item !== null &&
      typeof item === 'object' &&
      typeof (item as { id?: unknown }).id === 'string' &&
      ['string', 'undefined'].includes(typeof (item as { reason?: unknown }).reason),
  );
  if (!items || !shapeOk) {
    errors.add('reject', 'validation_invalid_rejections', 'Must be a list of {id, reason} objects.');
    return out;
  }
  const ids = readIdList(
    items.map((item: { id: string }) => item.id),
    'reject',
    errors,
  );
  if (!ids) return out;
  for (const item of items as { id: string; reason?: string }[]) {
    const reason = (item.reason ?? '').trim();
    if ([...reason].length > REVIEW_NOTE_MAX) {
      errors.add(
        'reject',
        'validation_reason_too_long',
        `A reason can be at most ${REVIEW_NOTE_MAX} characters.`,
        {
          max: REVIEW_NOTE_MAX,
        },
      );
      return out;
    }
    out.set(item.id, reason);
  }
  return out;
}

/** @throws {ApiError} 400 with field details for a malformed, contradictory or empty request. */
export function parseReviewInput(body: Record<string, unknown>): ReviewInput {
  const errors = new ValidationErrors();
  const approve = readIdList(body.approve, 'approve', errors) ?? [];
  const reject = readRejections(body.reject, errors);
  const regenerate = readFlag(body.regenerate, 'regenerate', errors);
  const release = readFlag(body.release, 'release', errors);
  errors.throwIfAny('The review request is not valid.');

  const both = approve.filter((id) => reject.has(id));
  if (both.length) {
    const message = 'A result cannot be approved and rejected at once.';
    throw ApiError.badRequest(message, {
      reject: { code: 'validation_conflicting_verdicts', message, params: { ids: both } },
    });
  }
  if (regenerate && release) {
    const message =
      'Regenerate and release cannot be combined: regenerate the rejected results first, then release once they are reviewed.';
    throw ApiError.badRequest(message, {
      release: { code: 'validation_conflicting_actions', message },
    });
  }
  if (!approve.length && !reject.size && !regenerate && !release) {
    throw ApiError.badRequest('Nothing to do: approve or reject results, regenerate or release.');
  }
  return { approve, reject, regenerate, release };
}
