/**
 * The corpus report's figures in a few numbers, and the rules that say which way each may move:
 * the committed baseline (corpus-baseline.json) holds them, and the corpus quality check fails
 * when one moves the wrong way past its tolerance.
 */
import type { CorpusReport } from './corpus-report.js';

export const GUARANTEES = [
  'head',
  'placement',
  'size',
  'enlargement',
  'only-subject',
  'colour',
  'roll',
] as const;

export type CorpusSummary = Record<string, number>;

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function summarise(report: CorpusReport): CorpusSummary {
  const { uploads, portraits, variety, team } = report;
  const neighbour = uploads.filter((u) => u.cases.includes('neighbour'));
  const accepted = portraits.filter((p) => p.accepted);
  const s: CorpusSummary = {
    photos: uploads.length,
    people: new Set(uploads.map((u) => u.person)).size,
    derivedPhotos: uploads.filter((u) => u.derived).length,
    acceptedPhotos: uploads.filter((u) => u.accepted).length,
    neighbourPhotos: neighbour.length,
    neighbourAccepted: neighbour.filter((u) => u.accepted).length,
    neighbourFlagged: neighbour.filter((u) => u.neighbourFlagged).length,
    portraits: portraits.length,
    acceptedPortraits: accepted.length,
    acceptedFaultless: r3(accepted.filter((p) => !p.fails.length).length / Math.max(1, accepted.length)),
    allFaultless: r3(portraits.filter((p) => !p.fails.length).length / Math.max(1, portraits.length)),
  };
  for (const g of GUARANTEES) {
    s[`acceptedFail:${g}`] = accepted.filter((p) => p.fails.includes(g)).length;
    s[`allFail:${g}`] = portraits.filter((p) => p.fails.includes(g)).length;
  }
  const enl = portraits.map((p) => p.enlargement);
  s.enlargementMean = r3(mean(enl));
  s.enlargementMax = r3(Math.max(...enl));
  s.skinCastMean = r3(mean(portraits.flatMap((p) => (p.skinCast === null ? [] : [p.skinCast]))));
  s.rollMeanAbs = r3(mean(portraits.flatMap((p) => (p.roll === null ? [] : [Math.abs(p.roll)]))));
  s.neighbourKeptMean = r3(
    mean(portraits.flatMap((p) => (p.neighbourKept === null ? [] : [p.neighbourKept]))),
  );
  s.looseShareMean = Math.round(mean(portraits.map((p) => p.looseShare)) * 1e5) / 1e5;
  s.varietyMeanDiff = r3(mean(variety.map((v) => v.meanDiff)));
  s.varietyMinDiff = r3(Math.min(...variety.map((v) => v.minDiff)));
  s.teamMinDiff = r3(Math.min(...team.map((t) => t.diff)));
  return s;
}

/** How far a style's variety or two team styles' difference may drop and still count as noise. */
const DIFF_TOLERANCE = 0.002;

/**
 * What got worse against the baseline, as sentences: a portrait that breaks a guarantee it kept,
 * a photo with a neighbour no longer flagged at upload, less variety for a person, two team
 * styles closer together. Only what both reports hold is compared (a baseline may cover part of
 * the corpus).
 */
export function regressions(now: CorpusReport, baseline: CorpusReport): string[] {
  const worse: string[] = [];
  for (const b of baseline.portraits) {
    const n = now.portraits.find((p) => p.photo === b.photo && p.style === b.style);
    if (!n) continue;
    const broken = n.fails.filter((f) => !b.fails.includes(f));
    if (broken.length) worse.push(`${b.photo} / ${b.style}: now breaks ${broken.join(', ')}`);
  }
  for (const b of baseline.uploads) {
    const n = now.uploads.find((u) => u.id === b.id);
    if (n && b.neighbourFlagged && !n.neighbourFlagged)
      worse.push(`${b.id}: the neighbour is no longer flagged at upload`);
  }
  for (const b of baseline.variety) {
    const n = now.variety.find((v) => v.person === b.person);
    if (n && b.meanDiff - n.meanDiff > DIFF_TOLERANCE)
      worse.push(`${b.person}: variants differ less (${b.meanDiff} → ${n.meanDiff})`);
  }
  for (const b of baseline.team) {
    const n = now.team.find((t) => t.photo === b.photo);
    if (n && b.diff - n.diff > DIFF_TOLERANCE)
      worse.push(`${b.photo}: two team styles differ less (${b.diff} → ${n.diff})`);
  }
  return worse;
}
