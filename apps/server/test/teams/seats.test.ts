/**
 * Seats: a member's submission takes one atomically (50 at once against 10 free seats: exactly 10
 * pass); a seat comes back when that photoshoot fails for good or is refunded, and a member removed
 * before submitting never held one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { systemActor } from '../../src/core/records/actor.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { checkout, moves, packageId, photoshootRow } from '../payments/support/world.js';
import {
  buildTeam,
  eventually,
  join,
  person,
  seats,
  setSeats,
  submit,
  teamDraft,
  type Team,
} from './support.js';
import { failure } from '../support/errors.js';
import { put } from '../support/records.js';

describe.each(engines)('team seats (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  beforeAll(async () => {
    t = await startServer({ engine });
    team = await buildTeam(t);
  });
  afterAll(() => t?.close());

  it('50 members submitting at once against 10 free seats: exactly 10 queued, 40 told why', async () => {
    const racer = await buildTeam(t, 'Race');
    await setSeats(t, racer.id, 10);
    const members = [];
    for (let i = 0; i < 50; i += 10) {
      members.push(...(await Promise.all(Array.from({ length: 10 }, () => person(t)))));
    }
    for (const m of members) await join(t, racer.id, m.id, 'member');
    const drafts = await Promise.all(members.map((m) => teamDraft(t, racer.id, m)));

    const outcomes = await Promise.allSettled(members.map((m, i) => submit(m.pb, racer.id, drafts[i]!)));
    const passed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      const err = r.reason as ClientResponseError;
      expect(err.status).toBe(400);
      expect(err.response).toMatchObject({
        message: 'No free seat: ask your team admin to buy more.',
        data: { seats: { code: 'validation_no_free_seat' } },
      });
    }
    expect(await seats(t, racer.id)).toEqual({ total: 10, used: 10 });
    const rows = await Promise.all(drafts.map((id) => photoshootRow(t, id)));
    expect(rows.filter((r) => r.status === 'queued' && r.seatUsed === true)).toHaveLength(10);
    expect(rows.filter((r) => r.status === 'draft' && r.seatUsed === false)).toHaveLength(40);
  });

  it('a submitted team photoshoot skips payment, takes a seat and carries the team package', async () => {
    await setSeats(t, team.id, 2);
    const team5 = await packageId(t, 'team-5');
    await put(t, 'payments', {
      team: team.id,
      user: team.owner.id,
      package: team5,
      provider: 'sandbox',
      status: 'paid',
      paidAt: '2026-01-01 00:00:00.000Z',
    });
    const id = await teamDraft(t, team.id, team.member);
    const individual = await failure(
      checkout(team.member.pb, id, { package: await packageId(t, 'starter') }),
    );
    expect(individual.response.data).toMatchObject({ photoshoot: { code: 'validation_team_photoshoot' } });
    const queued = await submit(team.member.pb, team.id, id);
    expect(queued).toMatchObject({ id, status: 'queued', seatUsed: true, payment: '' });
    expect(await moves(t, id)).toEqual(['∅→draft', 'draft→queued']);
    expect(queued.package).toBe(team5);
    expect(await seats(t, team.id)).toEqual({ total: 2, used: 1 });
    // Submitting twice is refused and takes nothing.
    const again = await failure(submit(team.member.pb, team.id, id));
    expect(again.status).toBe(400);
    expect(await seats(t, team.id)).toEqual({ total: 2, used: 1 });
  });

  it('a draft that is not ready is refused with the fields at fault, and takes no seat', async () => {
    await setSeats(t, team.id, 5, 0);
    const id = await teamDraft(t, team.id, team.admin, 2);
    const err = await failure(submit(team.admin.pb, team.id, id));
    expect(err.status).toBe(400);
    expect(err.response.data).toMatchObject({
      photos: {
        code: 'validation_not_enough_photos',
        message: 'Add at least 6 photos that pass the checks before submitting (2 so far).',
      },
    });
    expect(await seats(t, team.id)).toEqual({ total: 5, used: 0 });
  });

  it("only the photoshoot's own member submits it, within its team", async () => {
    await setSeats(t, team.id, 5, 0);
    const id = await teamDraft(t, team.id, team.member);
    expect((await failure(submit(team.admin.pb, team.id, id))).status).toBe(404);
    const other = await buildTeam(t, 'Other');
    await join(t, other.id, team.member.id, 'member');
    expect((await failure(submit(team.member.pb, other.id, id))).status).toBe(404);
    expect(await seats(t, team.id)).toEqual({ total: 5, used: 0 });
  });

  it('the seat comes back when the photoshoot fails for good, and again when it is refunded', async () => {
    await setSeats(t, team.id, 1, 0);
    const failing = await teamDraft(t, team.id, team.member);
    await submit(team.member.pb, team.id, failing);
    expect(await seats(t, team.id)).toEqual({ total: 1, used: 1 });
    const worker = systemActor('test-worker');
    // Subscribers of the team (realtime) hear the seat counts change.
    const announced: number[] = [];
    const off = t.app.events.on('teams', 'update', (e) => {
      if (e.record.id === team.id) announced.push(Number(e.record.seatsUsed));
    });
    await transition(t.app, failing, 'processing', worker, 'claimed');
    await transition(t.app, failing, 'failed', worker, 'the last attempt failed');
    await eventually(async () => (await seats(t, team.id)).used === 0, 'the seat to come back');
    await eventually(async () => announced.includes(0), 'the team update to be announced');
    off();
    expect((await photoshootRow(t, failing)).seatUsed).toBe(false);

    // An operator requeues it: it takes the free seat again; refunded, it gives it back.
    await transition(t.app, failing, 'queued', { kind: 'superuser', id: 'op' }, 'requeued');
    await eventually(async () => (await seats(t, team.id)).used === 1, 'the seat to be taken again');
    await transition(t.app, failing, 'refunded', systemActor('refund'), 'refunded');
    await eventually(
      async () => (await seats(t, team.id)).used === 0,
      'the seat to come back after a refund',
    );
    expect(await seats(t, team.id)).toEqual({ total: 1, used: 0 });
  });

  it('a member removed before submitting held no seat and can no longer submit', async () => {
    const leaver = await person(t);
    const membership = await join(t, team.id, leaver.id, 'member');
    await setSeats(t, team.id, 3, 1);
    const draft = await teamDraft(t, team.id, leaver);
    await team.admin.pb.collection('team_members').delete(String(membership.id));
    expect((await failure(submit(leaver.pb, team.id, draft))).status).toBe(404);
    expect(await seats(t, team.id)).toEqual({ total: 3, used: 1 });
  });

  it('a member removed after submitting, before work started, gets the draft back and the seat returns', async () => {
    const [queuedOne, started] = await Promise.all([person(t), person(t)]);
    const rows = [
      await join(t, team.id, queuedOne.id, 'member'),
      await join(t, team.id, started.id, 'member'),
    ];
    await setSeats(t, team.id, 2, 0);
    const waiting = await teamDraft(t, team.id, queuedOne);
    const running = await teamDraft(t, team.id, started);
    await submit(queuedOne.pb, team.id, waiting);
    await submit(started.pb, team.id, running);
    await transition(t.app, running, 'processing', systemActor('test-worker'), 'claimed');
    expect(await seats(t, team.id)).toEqual({ total: 2, used: 2 });
    for (const row of rows) await team.admin.pb.collection('team_members').delete(String(row.id));
    await eventually(async () => (await seats(t, team.id)).used === 1, 'the waiting seat to come back');
    expect(await photoshootRow(t, waiting)).toMatchObject({ status: 'draft', seatUsed: false });
    expect(await moves(t, waiting)).toEqual(['∅→draft', 'draft→queued', 'queued→draft']);
    // Work already under way keeps its seat.
    expect(await photoshootRow(t, running)).toMatchObject({ status: 'processing', seatUsed: true });
  });
});
