import { readFile } from 'node:fs/promises';
/**
 * The catalogue seed: what a fresh install starts with, that starting again (or a second process
 * starting) changes nothing, and that operators' edits and deletions survive restarts.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { App } from '../../src/core/app.js';
import { readParam, writeParam } from '../../src/core/params.js';
import { fileKey } from '../../src/core/files/storage.js';
import { SEED_PARAM, seedCatalog, type SeedState } from '../../src/modules/catalog/seed-catalog.js';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { PACKAGE_SEEDS } from '../../src/modules/catalog/catalog-packages.js';
import { PREVIEW_WIDTH } from '../../src/modules/catalog/style-preview.js';

type Row = Record<string, unknown>;

describe.each(engines)('catalogue seed (%s)', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startServer({ engine });
    await t.app.storage.idle();
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async (table: string): Promise<Row[]> =>
    t.app.db.all(`SELECT * FROM "${table}" ORDER BY "id"`);
  /** Opens a second App on the same database: a restart, or another process starting. */
  const reopen = async (): Promise<App> =>
    App.open({ dataDir: t.dataDir, db: t.app.options.db, modules: t.app.options.modules });
  const withReopened = async <T>(fn: (app: App) => Promise<T>): Promise<T> => {
    const app = await reopen();
    try {
      await app.storage.idle();
      return await fn(app);
    } finally {
      await app.close();
    }
  };

  it('starts with at least 8 styles across categories, each complete', async () => {
    const styles = await t.client().collection('styles').getFullList({ sort: 'sortOrder' });
    expect(styles.length).toBeGreaterThanOrEqual(8);
    expect(new Set(styles.map((s) => s.category)).size).toBeGreaterThanOrEqual(8);
    const asOperator = await (await t.superuser()).collection('styles').getFullList({ filter: "team = ''" });
    for (const s of asOperator) {
      expect(s.name, s.slug).not.toBe('');
      expect(s.description, s.slug).not.toBe('');
      expect(s.prompt, s.slug).not.toBe('');
      expect(['headshot', 'half_body']).toContain(s.framing);
      expect(s.aspect).toMatch(/^\d+:\d+$/);
      expect(s.backdrop.colors.length, s.slug).toBeGreaterThan(0);
      expect(Object.keys(s.grading)).toEqual(
        expect.arrayContaining(['warmth', 'saturation', 'contrast', 'vignette']),
      );
      expect(s.active).toBe(true);
      expect(s.preview, s.slug).toMatch(/\.jpg$/);
    }
    expect(styles.map((s) => s.slug)).toEqual(STYLE_SEEDS.map((s) => s.slug));
  });

  it('serves the committed studio render as each style preview', async () => {
    const styles = t.app.registry.require('styles');
    for (const seed of STYLE_SEEDS) {
      const style = (await t.app.records.findOneBy(styles, { slug: seed.slug }))!;
      const res = await fetch(`${t.url}/api/files/styles/${style.id}/${style.preview}`);
      const committed = await readFile(
        new URL(`../../assets/style-previews/${seed.slug}.jpg`, import.meta.url),
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(committed), seed.slug).toBe(true);
    }
  });

  it('renders a preview image per style from the sample portrait', async () => {
    const styles = t.app.registry.require('styles');
    for (const seed of STYLE_SEEDS.slice(0, 3)) {
      const style = (await t.app.records.findOneBy(styles, { slug: seed.slug }))!;
      const res = await fetch(`${t.url}/api/files/styles/${style.id}/${style.preview}`);
      expect(res.status, seed.slug).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      const [w, h] = seed.aspect.split(':').map(Number) as [number, number];
      expect(meta).toMatchObject({
        format: 'jpeg',
        width: PREVIEW_WIDTH,
        height: Math.round((PREVIEW_WIDTH * h) / w),
      });
    }
  });

  it('sells individual and team packages that differ in what they include', async () => {
    const packages = await t.client().collection('packages').getFullList({ sort: 'sortOrder' });
    expect(packages.map((p) => p.slug)).toEqual(PACKAGE_SEEDS.map((p) => p.slug));
    const individual = packages.filter((p) => p.kind === 'individual');
    const team = packages.filter((p) => p.kind === 'team');
    expect(individual.map((p) => p.name)).toEqual(['Starter', 'Professional', 'Executive']);
    expect(team.length).toBeGreaterThanOrEqual(2);
    for (const key of ['stylesIncluded', 'imagesPerStyle', 'turnaroundHours', 'priceCents']) {
      expect(new Set(individual.map((p) => p[key])).size, key).toBe(3);
    }
    for (const p of packages) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.currency).toBe('usd');
    }
    expect(team.every((p) => p.seats > 0)).toBe(true);
    expect(individual.every((p) => p.seats === 0)).toBe(true);
  });

  it('changes nothing when started again', async () => {
    const [styles, packages] = [await rows('styles'), await rows('packages')];
    const again = await withReopened(async (app) => seedCatalog(app));
    expect(again.inserted).toEqual({ styles: [], packages: [] });
    expect(await rows('styles')).toEqual(styles);
    expect(await rows('packages')).toEqual(packages);
  });

  it("keeps operators' edits and deletions across restarts", async () => {
    const su = await t.superuser();
    const styles = t.app.registry.require('styles');
    const edited = (await t.app.records.findOneBy(styles, { slug: 'warm-office' }))!;
    const removed = (await t.app.records.findOneBy(styles, { slug: 'medical-clinic' }))!;
    const starter = (await t.app.records.findOneBy(t.app.registry.require('packages'), { slug: 'starter' }))!;
    await su
      .collection('styles')
      .update(String(edited.id), { name: 'Warm Office (2027)', active: false, grading: { warmth: 1 } });
    await su.collection('styles').delete(String(removed.id));
    await su.collection('packages').update(String(starter.id), { priceCents: 1900, features: ['Just one'] });

    await withReopened(async () => undefined);
    await withReopened(async () => undefined);

    expect(await t.app.records.findById(styles, String(edited.id))).toMatchObject({
      name: 'Warm Office (2027)',
      active: false,
      grading: { warmth: 1 },
    });
    expect(await t.app.records.findOneBy(styles, { slug: 'medical-clinic' })).toBeNull();
    expect(
      await t.app.records.findById(t.app.registry.require('packages'), String(starter.id)),
    ).toMatchObject({
      priceCents: 1900,
      features: ['Just one'],
    });
  });

  it('adopts rows it finds by slug when its memory of what it seeded is gone, never duplicating', async () => {
    const [styles, packages] = [await rows('styles'), await rows('packages')];
    const state = (await readParam<SeedState>(t.app.db, SEED_PARAM))!;
    await t.app.db.run(`DELETE FROM "_params" WHERE "id" = ?`, [SEED_PARAM]);
    await withReopened(async () => undefined);
    expect(await rows('packages')).toEqual(packages);
    // Rows that exist are left exactly as they are; only the style an operator deleted comes back,
    // since nothing remembers any more that it was seeded.
    const after = await rows('styles');
    expect(after.filter((r) => styles.some((s) => s.id === r.id))).toEqual(styles);
    expect(after.filter((r) => !styles.some((s) => s.id === r.id)).map((r) => r.slug)).toEqual([
      'medical-clinic',
    ]);
    const now = (await readParam<SeedState>(t.app.db, SEED_PARAM))!;
    expect(now.packages.starter).toMatchObject({ id: state.packages.starter!.id, adopted: true });
    expect(now.styles['medical-clinic']!.adopted).toBeUndefined();
  });

  it('stores a preview the seed named but never stored, unless an operator changed it meanwhile', async () => {
    const styles = t.app.registry.require('styles');
    const lost = (await t.app.records.findOneBy(styles, { slug: 'tech-startup' }))!;
    const replaced = (await t.app.records.findOneBy(styles, { slug: 'outdoor-bokeh' }))!;
    const lostKey = fileKey(styles.id, String(lost.id), String(lost.preview));
    const replacedKey = fileKey(styles.id, String(replaced.id), String(replaced.preview));
    // As if the process had stopped before the background rendering finished.
    await t.app.storage.delete(lostKey);
    await t.app.storage.delete(replacedKey);
    await t.app.db.run(`UPDATE "styles" SET "preview" = '' WHERE "id" = ?`, [replaced.id]);
    const state = (await readParam<SeedState>(t.app.db, SEED_PARAM))!;
    for (const slug of ['tech-startup', 'outdoor-bokeh']) {
      state.styles[slug] = {
        id: String(slug === 'tech-startup' ? lost.id : replaced.id),
        at: '',
        preview: String(slug === 'tech-startup' ? lost.preview : replaced.preview),
        previewStored: false,
      };
    }
    await writeParam(t.app.db, SEED_PARAM, state);

    await withReopened(async () => undefined);

    expect(await t.app.storage.stat(lostKey)).not.toBeNull();
    expect(await t.app.storage.stat(replacedKey)).toBeNull();
    const after = (await readParam<SeedState>(t.app.db, SEED_PARAM))!;
    expect(after.styles['tech-startup']!.previewStored).toBe(true);
    expect(after.styles['outdoor-bokeh']!.previewStored).toBe(true);
  });
});
