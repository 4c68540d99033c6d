/**
 * A team's set looks consistent: two members' photoshoots in the same team, rendered by the studio
 * engine, get the same framing, light and grading choices per style and variant; a photoshoot
 * outside the team gets its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, imageWorkOn, startServer, type TestServer } from '../support/harness.js';
import { queuedShoot, resultsOf, runner, testSettings } from '../processing/support.js';
import { put } from '../support/records.js';

const LOOK = ['zoom', 'shift', 'warmth', 'contrast'] as const;

// Three studio renders compared: image work, on one engine (see imageWorkOn); the team brand
// backdrop's path through the job runner is covered on every engine in test/processing/runner.test.ts.
describe.each(engines.filter(imageWorkOn))("a team's consistent look (%s)", (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
    await testSettings(t);
  });
  afterAll(() => t?.close());

  it('members of one team share the look per style and variant; others do not', async () => {
    const team = await put(t, 'teams', { name: 'Consistent' });
    const a = await queuedShoot(t, { team: String(team.id) });
    const b = await queuedShoot(t, { team: String(team.id) });
    const solo = await queuedShoot(t);
    const r = runner(t);
    for (let i = 0; i < 3; i++) await r.runOnce();
    await r.stop();
    const look = async (id: string) => {
      const [result] = await resultsOf(t, id);
      const params = result!.params as Record<string, unknown>;
      return Object.fromEntries(LOOK.map((k) => [k, params[k]]));
    };
    const [la, lb, ls] = [await look(a.id), await look(b.id), await look(solo.id)];
    expect(typeof la.zoom).toBe('number');
    expect(lb).toEqual(la);
    expect(ls).not.toEqual(la);
    // Three studio renders in a fresh process (models load on the first): like the other render
    // tests, bounded generously rather than by how fast this machine is today.
  }, 180_000);
});
