/**
 * Seeds the catalogue (styles, packages) on start. Idempotent and respectful of operators: an item
 * is identified by its slug and inserted only if it was never seeded before and no row has that
 * slug; what was seeded is remembered in `_params`, so an operator's edit, or deletion, of a
 * seeded row is never undone by a restart. Preview images render in the background (they take a
 * second or so) and are re-tried on the next start if the process stopped before they were stored.
 */
import { ConstraintError } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { readParam, writeParam } from '../../core/params.js';
import type { CollectionDef } from '../../core/schema/collection.js';
import { zeroValue } from '../../core/schema/fields.js';
import { ValidationErrors } from '../../core/errors.js';
import type { RecordData } from '../../core/records/codec.js';
import { storedFileName } from '../../core/files/names.js';
import { fileKey } from '../../core/files/storage.js';
import { newId } from '../../tools/random.js';
import { nowString } from '../../tools/dates.js';
import { PACKAGE_SEEDS } from './catalog-packages.js';
import { STYLE_SEEDS, type StyleSeed } from './catalog-styles.js';
import { readFile } from 'node:fs/promises';
import { renderStylePreview } from './style-preview.js';
import { recordOf } from '../record-of.js';

export const SEED_PARAM = 'seed.catalog';

type Seeded = {
  id: string;
  at: string;
  /** The row already existed (an operator made it); the seed took note and left it alone. */
  adopted?: boolean;
  /** The preview file the seed named, and whether it has been stored yet. */
  preview?: string;
  previewStored?: boolean;
};
export type SeedState = { styles: Record<string, Seeded>; packages: Record<string, Seeded> };

export type SeedOutcome = {
  /** Slugs inserted by this run. */
  inserted: { styles: string[]; packages: string[] };
  /** Settles once this run's preview images are stored (failures are logged, not thrown). */
  previews: Promise<void>;
};

// Rendering is deterministic, so one process renders each preview once however many apps it opens.
const previewCache = new Map<string, Promise<Buffer>>();

/**
 * The committed studio-engine render of the sample portrait in this style (`npm run
 * render:samples`, resized): the gallery then shows what the product really delivers. A style
 * without one gets a graded crop of the sample instead.
 */
async function committedOrRendered(style: StyleSeed): Promise<Buffer> {
  try {
    return await readFile(new URL(`../../../assets/style-previews/${style.slug}.jpg`, import.meta.url));
  } catch {
    return renderStylePreview(style);
  }
}

function preview(style: StyleSeed): Promise<Buffer> {
  let p = previewCache.get(style.slug);
  if (!p) {
    p = committedOrRendered(style);
    p.catch(() => previewCache.delete(style.slug));
    previewCache.set(style.slug, p);
  }
  return p;
}

function newRecord(collection: CollectionDef, values: RecordData): RecordData {
  const data: RecordData = {};
  for (const field of collection.fields) data[field.name] = zeroValue(field);
  const now = nowString();
  return { ...data, id: newId(), created: now, updated: now, ...values };
}

/**
 * Inserts `values` unless a row with its slug exists. Returns the id and whether it was inserted.
 * @throws {Error} when the seed data itself is invalid (a programming error, caught by the tests).
 */
async function insertOnce(
  app: App,
  name: 'styles' | 'packages',
  values: RecordData & { slug: string },
): Promise<{ id: string; inserted: boolean }> {
  const collection = app.registry.require(name);
  const existing = recordOf(name, await app.records.findOneBy(collection, { slug: values.slug }));
  if (existing) return { id: existing.id, inserted: false };
  const data = newRecord(collection, values);
  const errors = new ValidationErrors();
  await app.records.validate(collection, data, errors);
  if (!errors.empty)
    throw new Error(`invalid seed ${collection.name}/${values.slug}: ${JSON.stringify(errors.fields)}`);
  try {
    await app.records.insertRow(collection, data);
    return { id: recordOf(name, data).id, inserted: true };
  } catch (err) {
    // note: another process seeding the same database won the race; its row is as good as ours.
    if (!(err instanceof ConstraintError) && !(err as { status?: number }).status) throw err;
    const winner = recordOf(name, await app.records.findOneBy(collection, { slug: values.slug }));
    if (!winner) throw err;
    return { id: winner.id, inserted: false };
  }
}

export async function seedCatalog(app: App): Promise<SeedOutcome> {
  const state: SeedState = { styles: {}, packages: {}, ...(await readParam<SeedState>(app.db, SEED_PARAM)) };
  const inserted: SeedOutcome['inserted'] = { styles: [], packages: [] };
  const at = nowString();

  for (const seed of PACKAGE_SEEDS) {
    if (state.packages[seed.slug]) continue;
    const { id, inserted: isNew } = await insertOnce(app, 'packages', { ...seed, active: true });
    state.packages[seed.slug] = isNew ? { id, at } : { id, at, adopted: true };
    if (isNew) inserted.packages.push(seed.slug);
  }

  const styles = app.registry.require('styles');
  for (const seed of STYLE_SEEDS) {
    if (state.styles[seed.slug]) continue;
    const file = storedFileName(`${seed.slug}.jpg`);
    const { rewordedFrom, ...fields } = seed;
    void rewordedFrom;
    const { id, inserted: isNew } = await insertOnce(app, 'styles', {
      ...fields,
      preview: file,
      active: true,
    });
    state.styles[seed.slug] = isNew
      ? { id, at, preview: file, previewStored: false }
      : { id, at, adopted: true };
    if (isNew) inserted.styles.push(seed.slug);
  }
  await writeParam(app.db, SEED_PARAM, state);
  await rewordUnedited(app);

  const previews = storePendingPreviews(app, styles, state);
  app.storage.background(previews, 'render style previews');
  return { inserted, previews: previews.catch(() => {}) };
}

/** Gives seeded styles still showing a superseded description (unedited) the current one. */
async function rewordUnedited(app: App): Promise<void> {
  for (const seed of STYLE_SEEDS) {
    const old = seed.rewordedFrom ?? [];
    if (!old.length) continue;
    await app.db.run(
      `UPDATE "styles" SET "description" = ? WHERE "slug" = ? AND "description" IN (${old.map(() => '?').join(', ')})`,
      [seed.description, seed.slug, ...old],
    );
  }
}

/** Renders and stores the previews the seed named but has not stored yet. */
async function storePendingPreviews(app: App, styles: CollectionDef, state: SeedState): Promise<void> {
  for (const seed of STYLE_SEEDS) {
    const entry = state.styles[seed.slug];
    if (!entry?.preview || entry.previewStored) continue;
    const row = await app.records.findById(styles, entry.id);
    // note: an operator replaced or removed the preview (or the style) meanwhile: nothing to do.
    if (row && row.preview === entry.preview) {
      await app.storage.putBuffer(
        fileKey(styles.id, entry.id, entry.preview),
        await preview(seed),
        'image/jpeg',
      );
    }
    entry.previewStored = true;
    const current = (await readParam<SeedState>(app.db, SEED_PARAM)) ?? state;
    const stored = current.styles[seed.slug];
    if (stored?.id === entry.id) stored.previewStored = true;
    await writeParam(app.db, SEED_PARAM, current);
  }
}
