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

/** Which way is better for each figure, and how far the wrong way still counts as noise. */
export const DIRECTION: Record<string, { better: 'lower' | 'higher'; tolerance: number }> = {
  neighbourFlagged: { better: 'higher', tolerance: 0 },
  acceptedFaultless: { better: 'higher', tolerance: 0.001 },
  allFaultless: { better: 'higher', tolerance: 0.001 },
  ...Object.fromEntries(
    GUARANTEES.flatMap((g) => [
      [`acceptedFail:${g}`, { better: 'lower' as const, tolerance: 0 }],
      [`allFail:${g}`, { better: 'lower' as const, tolerance: 0 }],
    ]),
  ),
  enlargementMax: { better: 'lower', tolerance: 0.05 },
  enlargementMean: { better: 'lower', tolerance: 0.02 },
  skinCastMean: { better: 'lower', tolerance: 0.2 },
  rollMeanAbs: { better: 'lower', tolerance: 0.2 },
  neighbourKeptMean: { better: 'lower', tolerance: 0.005 },
  looseShareMean: { better: 'lower', tolerance: 0.0002 },
  varietyMeanDiff: { better: 'higher', tolerance: 0.002 },
  varietyMinDiff: { better: 'higher', tolerance: 0.002 },
  teamMinDiff: { better: 'higher', tolerance: 0.002 },
};

/** The figures that moved the wrong way past their tolerance, as sentences. */
export function regressions(now: CorpusSummary, baseline: CorpusSummary): string[] {
  const worse: string[] = [];
  for (const [key, rule] of Object.entries(DIRECTION)) {
    const [b, n] = [baseline[key], now[key]];
    if (b === undefined || n === undefined) continue;
    const off = rule.better === 'lower' ? n - b : b - n;
    if (off > rule.tolerance) worse.push(`${key}: ${b} → ${n} (${rule.better} is better)`);
  }
  return worse;
}
