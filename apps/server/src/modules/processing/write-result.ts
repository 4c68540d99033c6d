/**
 * Stores one generated image as its result row, keyed by (photoshoot, style, variant): a missing
 * row is created, a row flagged `regenerate` gets the new file on the same row and its flags reset
 * (the review starts over). Written only while the worker still holds the lease, so a worker that
 * lost its job (it hung, the lease was reclaimed) cannot overwrite the new worker's results.
 */
import { inTransaction } from '../../core/db/after-commit.js';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from '../../core/app.js';
import { ApiError } from '../../core/errors.js';
import { uploadTmpDir, type Upload } from '../../core/files/upload.js';
import { systemCaller } from '../../core/records/caller.js';
import { randomString } from '../../tools/random.js';
import { holdsLease } from './job-queue.js';
import type { GeneratedImage } from './providers/types.js';
import type { RecordOf } from '../record-of.js';

export type ResultTarget = {
  photoshoot: RecordOf<'photoshoots'>;
  style: string;
  /** The row to regenerate, or null to create one. */
  existing: RecordOf<'results'> | null;
  /** The likeness verdict (score, and `review`/`reviewNote` when held back); overrides the defaults. */
  likeness?: { likeness: number; review: string; reviewNote: string };
};

export type WriteOutcome = 'written' | 'exists' | 'lost';

export async function writeResult(
  app: App,
  owner: string,
  target: ResultTarget,
  image: GeneratedImage,
): Promise<WriteOutcome> {
  const results = app.registry.require('results');
  const su = systemCaller(app.registry.require('_superusers'));
  const dir = uploadTmpDir(app.dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `result_${randomString(16)}.jpg`);
  await writeFile(path, image.data);
  const upload: Upload = {
    key: 'file',
    filename: `portrait_${image.variant + 1}.jpg`,
    path,
    size: image.data.length,
    oversize: false,
  };
  const common = {
    width: image.width,
    height: image.height,
    sourcePhoto: image.sourcePhoto ?? '',
    params: image.params ?? {},
    review: 'pending',
    reviewNote: '',
    released: false,
    regenerate: false,
    ...target.likeness,
  };
  const photoshootId = target.photoshoot.id;
  try {
    const outcome = await inTransaction(app.db, async (tx, events): Promise<WriteOutcome> => {
      if (!(await holdsLease(tx, photoshootId, owner))) return 'lost';
      const opts = { tx, afterCommit: events.add, files: [upload] };
      if (target.existing) {
        await app.records.update(results, su, target.existing.id, { ...common, redoRequested: false }, opts);
      } else {
        await app.records.create(
          results,
          su,
          {
            ...common,
            photoshoot: photoshootId,
            user: target.photoshoot.user,
            team: target.photoshoot.team ?? '',
            style: target.style,
            variant: image.variant,
          },
          opts,
        );
      }
      return 'written';
    });
    return outcome;
  } catch (err) {
    // note: the key already has a row (written by an earlier attempt that lost its lease late).
    if (
      err instanceof ApiError &&
      err.status === 400 &&
      /validation_not_unique/.test(JSON.stringify(err.data))
    )
      return 'exists';
    throw err;
  } finally {
    await rm(path, { force: true });
  }
}
