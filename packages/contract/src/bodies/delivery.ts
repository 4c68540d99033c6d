/** Bodies of delivery's endpoints: the owner's redo and the operator's review. */
import { z } from 'zod';
import { coded, issue } from './coded.js';
import { resultIds } from './record-ids.js';

/** A few sentences; the results collection stores at most this many characters. */
export const MAX_REDO_REASON = 500;

/**
 * `POST /api/photoshoots/{id}/redo` → the photoshoot, queued again: the portraits to redo and the
 * owner's optional reason per portrait (by result id), trimmed, empty ones left out.
 */
export const redoBody = z
  .object({
    results: resultIds(),
    reasons: coded(
      z.record(z.string()).nullish(),
      'validation_invalid_reasons',
      'Must map portrait ids to reasons in text.',
    ).transform((reasons) =>
      Object.fromEntries(
        Object.entries(reasons ?? {})
          .map(([id, reason]) => [id, reason.trim()] as const)
          .filter(([, reason]) => reason !== ''),
      ),
    ),
  })
  .superRefine(({ results, reasons }, ctx) => {
    const chosen = new Set(results);
    for (const [id, reason] of Object.entries(reasons)) {
      const why = !chosen.has(id)
        ? issue('validation_invalid_reasons', 'Each reason must be for a portrait being redone.')
        : reason.length > MAX_REDO_REASON
          ? issue(
              'validation_max_text_constraint',
              `A reason can be at most ${MAX_REDO_REASON} characters long.`,
              {
                max: MAX_REDO_REASON,
                id,
              },
            )
          : null;
      if (why) return ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['reasons'], ...why });
    }
  });
export type RedoRequest = z.input<typeof redoBody>;

/** The operator's note on a rejected portrait, at most this many characters. */
export const REVIEW_NOTE_MAX = 500;

const rejection = z.object({ id: z.string(), reason: z.string().optional() });

/**
 * `POST /api/admin/photoshoots/{id}/review` (superusers): approve and reject results (with the
 * operator's reason), then send the rejected back (`regenerate`) or release the approved.
 */
export const reviewBody = z.object({
  approve: resultIds(),
  reject: coded(
    z.array(rejection).nullish(),
    'validation_invalid_rejections',
    'Must be a list of {id, reason} objects.',
  )
    .transform((items) => items ?? [])
    .superRefine((items, ctx) => {
      const ids = resultIds().safeParse(items.map((item) => item.id));
      const tooLong = items.some((item) => [...(item.reason ?? '').trim()].length > REVIEW_NOTE_MAX);
      const why = !ids.success
        ? (ids.error.issues[0] as z.ZodCustomIssue)
        : tooLong
          ? issue('validation_reason_too_long', `A reason can be at most ${REVIEW_NOTE_MAX} characters.`, {
              max: REVIEW_NOTE_MAX,
            })
          : null;
      if (why)
        ctx.addIssue({ code: z.ZodIssueCode.custom, fatal: true, message: why.message, params: why.params });
    })
    .transform((items) => new Map(items.map((item) => [item.id, (item.reason ?? '').trim()]))),
  regenerate: coded(z.boolean().nullish(), 'validation_invalid_value', 'Must be true or false.').transform(
    (flag) => flag === true,
  ),
  release: coded(z.boolean().nullish(), 'validation_invalid_value', 'Must be true or false.').transform(
    (flag) => flag === true,
  ),
});
export type ReviewRequest = z.input<typeof reviewBody>;
/** A review as the server reads it: `reject` maps each rejected result to the operator's reason. */
export type ReviewInput = z.output<typeof reviewBody>;
