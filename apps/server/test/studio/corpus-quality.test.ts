/**
 * The studio engine's quality over the corpus of everyday photos of people (corpus/manifest.json):
 * every photo through the upload checks and the engine, every portrait measured (corpus-report.ts),
 * and the summary compared with the committed baseline (corpus-baseline.json), so a regression
 * fails CI. After a deliberate change, refresh the baseline and commit it:
 *
 *   UPDATE_CORPUS_BASELINE=1 npx vitest run test/studio/corpus-quality.test.ts
 *
 * `npm run render:corpus` also keeps every portrait at 2048 px in ./corpus-out with the report
 * (report.json) and the contact sheet (contact-sheet.jpg); CORPUS_OUT and CORPUS_LONG_SIDE do
 * the same for any directory and size.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Human } from '@vladmandic/human';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHuman } from '../../src/modules/analysis/vision/human.js';
import { loadPeopleModel } from '../../src/modules/analysis/vision/people.js';
import { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { loadPhoto, readManifest, type Manifest } from './corpus-photos.js';
import { corpusReport, REPORT_LONG_SIDE, VARIETY_PEOPLE, type CorpusReport } from './corpus-report.js';
import { contactSheet } from './corpus-sheet.js';
import { regressions, summarise, type CorpusSummary } from './corpus-summary.js';

const BASELINE = join(dirname(fileURLToPath(import.meta.url)), 'corpus-baseline.json');
const OUT = process.env.CORPUS_OUT;
/** The cases the corpus must show, each in at least one real (not derived) photo unless marked. */
const CASES = [
  'neighbour',
  'window',
  'furniture',
  'stairs',
  'blinds',
  'bright-wall',
  'corner',
  'hair-top',
  'ponytail',
  'small-source',
  'cast',
  'indoor',
  'tilt',
  'text',
  'dark',
];
/** Cases no real photo at hand shows: made by a derived variant. */
const DERIVED_CASES = ['red-eye', 'mirror'];

type Baseline = { longSide: number; summary: CorpusSummary; report: CorpusReport };

describe('studio quality over the corpus of everyday photos', () => {
  let manifest: Manifest;
  let report: CorpusReport;
  let summary: CorpusSummary;

  beforeAll(async () => {
    manifest = await readManifest();
    const engine = await StudioEngine.open();
    // The upload checks' models; no face descriptors: with no other photos to compare, the verdict
    // does not use them.
    const human: Human = await loadHuman({ face: { description: { enabled: false } } });
    const bodies = await loadPeopleModel();
    const renders = new Map<string, Buffer>();
    if (OUT) await mkdir(OUT, { recursive: true });
    report = await corpusReport(engine, human, bodies, manifest.photos, async (name, jpeg) => {
      if (!OUT) return;
      renders.set(name, jpeg);
      await writeFile(join(OUT, `${name}.jpg`), jpeg);
    });
    summary = summarise(report);
    console.log(JSON.stringify({ seconds: report.seconds, summary }, null, 1));
    if (OUT) {
      await writeFile(join(OUT, 'report.json'), JSON.stringify({ summary, report }, null, 1));
      const sources = new Map<string, Buffer>();
      for (const p of manifest.photos) sources.set(p.id, await loadPhoto(p, manifest.photos));
      await contactSheet(report, sources, renders, join(OUT, 'contact-sheet.jpg'));
    }
    if (process.env.UPDATE_CORPUS_BASELINE) {
      const baseline: Baseline = { longSide: REPORT_LONG_SIDE, summary, report };
      await writeFile(BASELINE, JSON.stringify(baseline, null, 1) + '\n');
    }
  }, 2_700_000);

  it('holds at least 40 photos of at least 10 people, several each, with every listed case', () => {
    const photos = manifest.photos;
    expect(photos.length).toBeGreaterThanOrEqual(40);
    const perPerson = new Map<string, number>();
    for (const p of photos) perPerson.set(p.person, (perPerson.get(p.person) ?? 0) + 1);
    expect([...perPerson.values()].filter((n) => n >= 3).length).toBeGreaterThanOrEqual(10);
    for (const c of CASES)
      expect(
        photos.some((p) => !p.derived && p.cases.includes(c)),
        `a real photo with ${c}`,
      ).toBe(true);
    for (const c of DERIVED_CASES)
      expect(
        photos.some((p) => p.cases.includes(c)),
        c,
      ).toBe(true);
    for (const p of photos) for (const c of p.cases) expect(manifest.cases[c], `${p.id}: ${c}`).toBeTruthy();
  });

  it('measures every portrait of every photo', () => {
    expect(report.uploads).toHaveLength(manifest.photos.length);
    expect(report.portraits).toHaveLength(manifest.photos.length * 2);
    for (const p of report.portraits) expect(p.enlargement, p.photo).toBeGreaterThan(0);
    // Every person with an accepted photo has their variants compared, up to the report's bound.
    const withAccepted = new Set(report.uploads.filter((u) => u.accepted).map((u) => u.person)).size;
    expect(report.variety).toHaveLength(Math.min(VARIETY_PEOPLE, withAccepted));
    expect(report.team.length).toBeGreaterThanOrEqual(2);
  });

  it('does no worse than the committed baseline', async () => {
    const baseline = JSON.parse(await readFile(BASELINE, 'utf8')) as Baseline;
    // The baseline's size figures are for 2048 px at whatever size it was rendered.
    expect(baseline.longSide).toBe(REPORT_LONG_SIDE);
    const ids = new Set(manifest.photos.map((p) => p.id));
    expect(baseline.report.portraits.length).toBeGreaterThan(0);
    expect(baseline.report.portraits.filter((p) => !ids.has(p.photo))).toEqual([]);
    console.log(
      `baseline covers ${baseline.report.portraits.length} of ${report.portraits.length} portraits`,
    );
    const worse = regressions(report, baseline.report);
    expect(worse, worse.join('\n')).toEqual([]);
  });
});
