/**
 * What a draft needs before it can be paid for: enough QC-accepted photos and 1 to
 * `stylesIncluded` available styles. All problems are reported at once, each under its field.
 */
import { ValidationErrors } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { photoshootLimits } from './limits.js';
import { checkPhotoshootStyles } from './style-choice.js';
import { recordOf } from '../record-of.js';

async function acceptedPhotos(db: Db, photoshootId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM "original_photos" WHERE "photoshoot" = ? AND "qc" = 'accepted'`,
    [photoshootId],
  );
  return row?.n ?? 0;
}

/**
 * The rules an order must meet, shared by the quote and checkout so the quote never prices what
 * checkout would refuse. `stage: 'quote'` leaves out what a draft may still be missing while its
 * owner looks at prices (photos, a first style); everything about the order itself applies.
 * @throws {ApiError} 400 with `data.photos` and/or `data.styles` when the order cannot be placed.
 */
export async function checkOrderRules(
  app: App,
  db: Db,
  photoshoot: RecordData,
  pkg: RecordData,
  /** `quote`: prices only; `checkout` / `submitting` (a team draft is submitted, not paid): the whole draft. */
  stage: 'quote' | 'checkout' | 'submitting',
): Promise<void> {
  const errors = new ValidationErrors();
  const checkout = stage !== 'quote';
  const step = stage === 'submitting' ? 'submitting' : 'checkout';
  const min = photoshootLimits(app).minAcceptedPhotos;
  const accepted = checkout ? await acceptedPhotos(db, recordOf('photoshoots', photoshoot).id) : min;
  if (accepted < min) {
    errors.add(
      'photos',
      'validation_not_enough_photos',
      `Add at least ${min} photos that pass the checks before ${step} (${accepted} so far).`,
      { min, accepted },
    );
  }
  const styles = (photoshoot.styles as string[] | undefined) ?? [];
  const { stylesIncluded: included, name: packageName } = recordOf('packages', pkg);
  if (styles.length === 0) {
    if (checkout) errors.add('styles', 'validation_required', 'Choose at least one style.');
  } else if (styles.length > included) {
    errors.add(
      'styles',
      'validation_too_many_styles',
      `The ${packageName} package includes ${included} style${included === 1 ? '' : 's'}; you chose ${styles.length}. Remove some or pick a bigger package.`,
      { max: included, chosen: styles.length },
    );
  }
  const problems = Object.values(errors.fields);
  errors.throwIfAny(
    problems.length === 1 ? problems[0]!.message : `The photoshoot is not ready for ${step} yet.`,
  );
  await checkPhotoshootStyles(app, db, photoshoot);
}

/** @throws {ApiError} 400 with `data.photos` and/or `data.styles` when the draft is not ready. */
export function checkReadyForCheckout(
  app: App,
  db: Db,
  photoshoot: RecordData,
  pkg: RecordData,
  step: 'checkout' | 'submitting' = 'checkout',
): Promise<void> {
  return checkOrderRules(app, db, photoshoot, pkg, step);
}
