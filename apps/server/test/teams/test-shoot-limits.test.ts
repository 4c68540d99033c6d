import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { acceptedPhotos, publicStyles } from '../payments/support/world.js';
import { failure } from '../support/errors.js';
import type { RecordData } from '../../src/core/records/codec.js';
import { claimNext } from '../../src/modules/processing/job-queue.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { systemActor } from '../../src/core/records/actor.js';
import { buildTeam, setSeats, submit, teamDraft, type Team } from './support.js';

/** A test shoot of the team's admin, ready to submit (the team's look has a style). */
async function readyTestShoot(t: TestServer, team: Team): Promise<string> {
  const styles = await publicStyles(t, 1);
  await team.admin.pb.send(`/api/teams/${team.id}`, { method: 'PATCH', body: { styles } });
  const shoot = await team.admin.pb.send<RecordData & { id: string }>(`/api/teams/${team.id}/test-shoot`, {
    method: 'POST',
  });
  await acceptedPhotos(t, shoot.id, team.admin.id, 6);
  return shoot.id;
}

describe.each(engines)('team test shoots are limited and wait behind paid work (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('a team without a paid seat gets one test shoot, even when it submits several at once', async () => {
    const team = await buildTeam(t, 'Freeloader');
    const shoots = await Promise.all([1, 2, 3, 4].map(() => readyTestShoot(t, team)));
    const outcomes = await Promise.allSettled(shoots.map((id) => submit(team.admin.pb, team.id, id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) {
      expect((o.reason as ClientResponseError).status).toBe(400);
      expect((o.reason as ClientResponseError).response.message).toMatch(/had its free test shoot/);
    }
  });

  it('a team with seats gets the number per day the settings allow', async () => {
    await t.app.settings.patch({ teams: { testShootsPerDay: 2 } });
    const team = await buildTeam(t, 'Paying');
    await setSeats(t, team.id, 5);
    const shoots = [
      await readyTestShoot(t, team),
      await readyTestShoot(t, team),
      await readyTestShoot(t, team),
    ];
    await submit(team.admin.pb, team.id, shoots[0]!);
    await submit(team.admin.pb, team.id, shoots[1]!);
    const third = await failure(submit(team.admin.pb, team.id, shoots[2]!));
    expect(third.status).toBe(400);
    expect(third.response.data).toMatchObject({ isTest: { code: 'validation_test_shoot_limit' } });
    expect(third.response.message).toMatch(/2 test shoots in the last 24 hours/);
  });

  it('refuses a daily number outside 0–100 in the settings', async () => {
    const su = await t.superuser();
    const bad = await failure(su.settings.update({ teams: { testShootsPerDay: -1 } }));
    expect(bad.status).toBe(400);
  });

  it('a worker takes a paid photoshoot before an older queued test shoot', async () => {
    // Leave only these two in the queue: earlier tests queued test shoots too.
    const queued = await t.app.db.all<{ id: string }>(
      `SELECT "id" FROM "photoshoots" WHERE "status" = 'queued'`,
    );
    for (const { id } of queued) await transition(t.app, id, 'draft', systemActor('test'), 'cleanup');
    await t.app.settings.patch({ teams: { testShootsPerDay: 5 } });
    const team = await buildTeam(t, 'Queue');
    await setSeats(t, team.id, 5);
    const test = await submit(team.admin.pb, team.id, await readyTestShoot(t, team));
    const paid = await submit(team.member.pb, team.id, await teamDraft(t, team.id, team.member));
    expect(String(paid.queuedAt) >= String(test.queuedAt)).toBe(true);
    expect((await claimNext(t.app, 'worker-a', 30))?.id).toBe(paid.id);
    expect((await claimNext(t.app, 'worker-b', 30))?.id).toBe(test.id);
  });
});
