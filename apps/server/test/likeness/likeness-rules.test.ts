/**
 * The likeness rules on numbers: the subject's reference face, the held-back verdict and its note,
 * which styles get their one retry, the reseeded provider, and the threshold setting (through the
 * settings API, on each engine).
 */
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeLikeness } from '../../src/modules/processing/likeness/likeness-check.js';
import { likenessOf, referenceEmbedding } from '../../src/modules/processing/likeness/reference.js';
import {
  RETRY_SEED_SALT,
  reseeded,
  stylesToRetry,
} from '../../src/modules/processing/likeness/second-chance.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { ImageProvider } from './support.js';

const norm = (v: number[]) => Math.hypot(...v);

describe('reference embedding', () => {
  it('is the one photo itself when there is one', () => {
    expect(referenceEmbedding([[3, 4, 0]])).toEqual([3, 4, 0]);
  });

  it('averages the direction and keeps the typical length', () => {
    const ref = referenceEmbedding([
      [10, 0, 0],
      [0, 10, 0],
    ])!;
    expect(ref[0]).toBeCloseTo(ref[1]!, 9);
    expect(ref[2]).toBe(0);
    expect(norm(ref)).toBeCloseTo(10, 9);
    // Equally like both photos, at the descriptors' own scale (not the plain mean's 7.07).
    expect(likenessOf(ref, [10, 0, 0])).toBeCloseTo(likenessOf(ref, [0, 10, 0]), 9);
  });

  it('is null without any usable descriptor and ignores odd ones', () => {
    expect(referenceEmbedding([])).toBeNull();
    expect(referenceEmbedding([[], [0, 0]])).toBeNull();
    expect(
      referenceEmbedding([
        [1, 2],
        [Number.NaN, 1],
        [1, 2, 3],
      ]),
    ).toEqual([1, 2]);
  });

  it('scores a missing or mismatched face 0 and the same face 1', () => {
    expect(likenessOf([1, 2], [])).toBe(0);
    expect(likenessOf([1, 2], [1, 2, 3])).toBe(0);
    expect(likenessOf([1, 2], [1, 2])).toBe(1);
  });
});

describe('likeness verdict', () => {
  it('keeps a result at or above the threshold pending', () => {
    const v = judgeLikeness(0.5, 0.5, 1);
    expect(v).toMatchObject({
      heldBack: false,
      fields: { likeness: 0.5, review: 'pending', reviewNote: '' },
    });
  });

  it('holds back a result under the threshold and says why', () => {
    const v = judgeLikeness(0.3141, 0.5, 1);
    expect(v.heldBack).toBe(true);
    expect(v.fields).toEqual({
      likeness: 0.314,
      review: 'rejected',
      reviewNote: 'Held back automatically: likeness 0.31 is below 0.50.',
    });
  });

  it('names a missing face, a retry, and never prints two equal numbers', () => {
    expect(judgeLikeness(0, 0.5, 0).fields.reviewNote).toBe(
      'Held back automatically: likeness 0.00 is below 0.50 (no face found).',
    );
    expect(judgeLikeness(0.2, 0.5, 1, true).fields.reviewNote).toBe(
      'Held back automatically: likeness 0.20 is below 0.50. Regenerated once with another seed; still below.',
    );
    expect(judgeLikeness(0.497, 0.5, 1).fields.reviewNote).toBe(
      'Held back automatically: likeness 0.497 is below 0.500.',
    );
  });
});

describe('second chance', () => {
  const made = (style: string, variant: number, heldBack: boolean) => ({ style, variant, heldBack });

  it('retries only styles whose every new result was held back', () => {
    const retry = stylesToRetry(
      [made('a', 0, true), made('a', 1, true), made('b', 0, true), made('b', 1, false)],
      [],
    );
    expect([...retry]).toEqual(['a']);
  });

  it('does not retry a style that still has an earlier result in the running', () => {
    const kept = [{ style: 'a', variant: 1, review: 'approved' }];
    expect(stylesToRetry([made('a', 0, true)], kept).size).toBe(0);
    const alsoHeld = [{ style: 'a', variant: 1, review: 'rejected' }];
    expect([...stylesToRetry([made('a', 0, true)], alsoHeld)]).toEqual(['a']);
    // The row being remade does not count as "another" result.
    const remade = [{ style: 'a', variant: 0, review: 'approved' }];
    expect([...stylesToRetry([made('a', 0, true)], remade)]).toEqual(['a']);
  });

  it('salts the seed of generate and passes everything else through', async () => {
    const inner = new ImageProvider(() => Buffer.alloc(0));
    const outer = reseeded(inner, RETRY_SEED_SALT);
    expect(outer.name).toBe('likeness-test');
    const subject = { photoshootId: 'p', photos: [], isTest: true };
    expect(await outer.prepare(subject)).toEqual({ subject });
    const style = {
      id: 's',
      slug: 's',
      framing: 'headshot',
      aspect: '1:1',
      backdrop: null,
      grading: null,
      prompt: '',
      negativePrompt: '',
    } as const;
    await outer.generate({ subject }, { style, variants: [], seed: 'p:s' }).catch(() => {});
    expect(inner.requests).toEqual([{ seed: `p:s:${RETRY_SEED_SALT}`, variants: [] }]);
    expect(await outer.status({ provider: 'x', externalId: 'e', variants: [0], styleId: 's' })).toMatchObject(
      {
        state: 'failed',
      },
    );
  });
});

describe.each(engines)('likeness threshold setting (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('defaults to 0.5 and accepts numbers from 0 to 1 only', async () => {
    const su = await t.superuser();
    const settings = (await su.settings.getAll()) as { processing: { likenessThreshold: number } };
    expect(settings.processing.likenessThreshold).toBe(0.5);
    for (const bad of [1.5, -0.1, 'high', null]) {
      const err = await su.settings
        .update({ processing: { likenessThreshold: bad } })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClientResponseError);
      expect((err as ClientResponseError).status).toBe(400);
      expect((err as ClientResponseError).response.data.processing.likenessThreshold.code).toBe(
        'validation_invalid_value',
      );
    }
    const ok = (await su.settings.update({ processing: { likenessThreshold: 0.62 } })) as typeof settings;
    expect(ok.processing.likenessThreshold).toBe(0.62);
    expect(t.app.settings.get().processing.likenessThreshold).toBe(0.62);
  });
});
