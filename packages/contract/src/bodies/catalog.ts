/** Bodies of the catalogue's operator endpoints (`/api/admin/styles…`). */
import { z } from 'zod';
import { coded, issue } from './coded.js';
import { recordId } from './record-ids.js';

/** Far more styles than a catalogue holds; bounds the work of one request. */
export const MAX_ORDERED_STYLES = 2000;

/** `POST /api/admin/styles/order` (superusers): every style's id, in the new display order. */
export const styleOrderBody = z.object({
  ids: coded(z.array(recordId).min(1), 'validation_invalid_ids', 'Must be a list of style ids.')
    .refine(
      (ids) => ids.length <= MAX_ORDERED_STYLES,
      issue('validation_too_many_ids', `At most ${MAX_ORDERED_STYLES} styles.`, { max: MAX_ORDERED_STYLES }),
    )
    .refine(
      (ids) => new Set(ids).size === ids.length,
      issue('validation_duplicate_ids', 'Each style may appear only once.'),
    ),
});
export type StyleOrderRequest = z.input<typeof styleOrderBody>;
