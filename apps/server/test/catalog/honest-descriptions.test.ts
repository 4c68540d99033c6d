/**
 * The seeded style descriptions promise only what the studio engine renders (a backdrop of
 * colour and light, not a blurred office or outdoor light on the person), and an install that
 * still shows an earlier, unedited description gets the current words on start; an operator's
 * own words stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog.js';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';

describe.each(engines)('honest style descriptions (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t?.close());

  const description = async (slug: string) =>
    (await t.app.db.get<{ description: string }>(`SELECT "description" FROM "styles" WHERE "slug" = ?`, [
      slug,
    ]))!.description;

  it('promises no office scene and no park light', async () => {
    expect(await description('warm-office')).not.toMatch(/office|blurred/i);
    expect(await description('outdoor-bokeh')).not.toMatch(/shot in a park|natural light/i);
  });

  it('rewords an unedited earlier description and keeps an operator’s', async () => {
    const office = STYLE_SEEDS.find((s) => s.slug === 'warm-office')!;
    await t.app.db.run(`UPDATE "styles" SET "description" = ? WHERE "slug" = ?`, [
      office.rewordedFrom![0],
      'warm-office',
    ]);
    await t.app.db.run(`UPDATE "styles" SET "description" = ? WHERE "slug" = ?`, [
      'Our own words.',
      'outdoor-bokeh',
    ]);
    await (
      await seedCatalog(t.app)
    ).previews;
    expect(await description('warm-office')).toBe(office.description);
    expect(await description('outdoor-bokeh')).toBe('Our own words.');
  });
});
