/**
 * One more try for a style whose results all failed the likeness check: those variants are made
 * again, once, with a salted seed (a hosted generator then draws a new image; the studio engine a
 * new framing and jitter of the same source). What is still under the threshold stays held back
 * for the operator. One retry per job run, never a loop: a regenerate from review is a new run.
 */
import type { App } from '../../../core/app.js';
import { q } from '../../../core/db/db.js';
import { decodeRow } from '../../../core/records/codec.js';
import { recordOf, type RecordOf } from '../../record-of.js';
import type { GenerateRequest, GenerationProvider } from '../providers/types.js';

/** Appended to the job's seed for the second try, so it differs from the first image. */
export const RETRY_SEED_SALT = 'likeness-retry-1';

export type Made = { style: string; variant: number; heldBack: boolean };

/**
 * Styles where every result made in this run was held back and no other result of the style
 * (kept from an earlier run) is still in the running.
 */
export function stylesToRetry(
  made: Made[],
  existing: Iterable<{ style: string; variant: number; review: string }>,
): Set<string> {
  const out = new Set<string>();
  const remade = new Set(made.map((m) => `${m.style}:${m.variant}`));
  for (const style of new Set(made.map((m) => m.style))) {
    const mine = made.filter((m) => m.style === style);
    const othersAlive = [...existing].some(
      (r) => r.style === style && !remade.has(`${style}:${r.variant}`) && r.review !== 'rejected',
    );
    if (mine.every((m) => m.heldBack) && !othersAlive) out.add(style);
  }
  return out;
}

/** The stored row of (photoshoot, style, variant): what the second try overwrites. */
export async function resultRow(
  app: App,
  photoshoot: string,
  style: string,
  variant: number,
): Promise<RecordOf<'results'> | null> {
  const results = app.registry.require('results');
  const row = await app.db.get(
    `SELECT * FROM ${q(results.name)} WHERE "photoshoot" = ? AND "style" = ? AND "variant" = ?`,
    [photoshoot, style, variant],
  );
  return row ? recordOf('results', decodeRow(results, row)) : null;
}

/** The same provider, every request seeded with `salt` appended (everything else passes through). */
export function reseeded(provider: GenerationProvider, salt: string): GenerationProvider {
  const salted = (request: GenerateRequest): GenerateRequest => ({
    ...request,
    seed: `${request.seed}:${salt}`,
  });
  return new Proxy(provider, {
    get(target, prop) {
      if (prop === 'generate')
        return ((prepared, request) =>
          target.generate(prepared, salted(request))) satisfies GenerationProvider['generate'];
      if (prop === 'sourcePhoto' && target.sourcePhoto)
        return ((prepared, request) =>
          target.sourcePhoto!(prepared, salted(request))) satisfies GenerationProvider['sourcePhoto'];
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
