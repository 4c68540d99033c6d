/**
 * What a draft needs before it can be paid for (DESIGN §5): enough QC-accepted photos and 1 to
 * `stylesIncluded` available styles. All problems are reported at once, each under its field.
 */
import { ValidationErrors } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { photoshootLimits } from '../photoshoots/limits.js';
import { checkPhotoshootStyles } from '../photoshoots/style-choice.js';

async function acceptedPhotos(db: Db, photoshootId: string): Promise<number> {
  const row = await db.get<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM "original_photos" WHERE "photoshoot" = ? AND "qc" = 'accepted'`,
    [photoshootId],
  );
  return Number(row?.n ?? 0);
}

/** @throws {ApiError} 400 with `data.photos` and/or `data.styles` when the draft is not ready. */
export async function checkReadyForCheckout(
  app: App,
  db: Db,
  photoshoot: RecordData,
  pkg: RecordData,
  /** What the draft is getting ready for, in the messages: a team draft is submitted, not paid. */
  step: 'checkout' | 'submitting' = 'checkout',
): Promise<void> {
  const errors = new ValidationErrors();
  const min = photoshootLimits(app).minAcceptedPhotos;
  const accepted = await acceptedPhotos(db, String(photoshoot.id));
  if (accepted < min) {
    errors.add(
      'photos',
      'validation_not_enough_photos',
      `Add at least ${min} photos that pass the checks before ${step} (${accepted} so far).`,
      { min, accepted },
    );
  }
  const styles = (photoshoot.styles as string[] | undefined) ?? [];
  const included = Number(pkg.stylesIncluded);
  if (styles.length === 0) {
    errors.add('styles', 'validation_required', 'Choose at least one style.');
  } else if (styles.length > included) {
    errors.add(
      'styles',
      'validation_too_many_styles',
      `The ${String(pkg.name)} package includes ${included} style${included === 1 ? '' : 's'}; you chose ${styles.length}. Remove some or pick a bigger package.`,
      { max: included, chosen: styles.length },
    );
  }
  const problems = Object.values(errors.fields);
  errors.throwIfAny(
    problems.length === 1 ? problems[0]!.message : `The photoshoot is not ready for ${step} yet.`,
  );
  await checkPhotoshootStyles(app, db, photoshoot);
}
