/**
 * What a review asks for, beyond its shape (the contract's `reviewBody`): verdicts that do not
 * contradict each other, actions that can go together, and something to do.
 */
import type { ReviewInput } from '@photoshoot/contract';
import { ApiError } from '../../core/errors.js';

export type { ReviewInput };

/** @throws {ApiError} 400 with field details for a contradictory or empty request. */
export function checkReviewInput(input: ReviewInput): ReviewInput {
  const { approve, reject, regenerate, release } = input;
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
  return input;
}
