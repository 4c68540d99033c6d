/**
 * A member whose draft is ready while no seat is free: the overview shows them waiting for a
 * seat and tells the admin how many seats the ready drafts need; a reminder skips them (its mail
 * would say they have not sent their photos); a bought seat ends the wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamOverview } from '@photoshoot/contract';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { buildTeam, join, mailsTo, person, setSeats, teamDraft } from './support.js';

describe.each(engines)('waiting for a seat (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t?.close());

  it('shows ready members waiting, counts the seats to buy, and is not reminded', async () => {
    const team = await buildTeam(t, 'Seatless');
    const second = await person(t, { name: 'Sid Second' });
    await join(t, team.id, second.id, 'member');
    await setSeats(t, team.id, 1, 1);
    await teamDraft(t, team.id, team.member);
    await teamDraft(t, team.id, second);
    await teamDraft(t, team.id, team.admin, 2); // too few photos: still setting up

    const overview = () => team.owner.pb.send<TeamOverview>(`/api/teams/${team.id}/members`, {});
    const first = await overview();
    const byUser = Object.fromEntries(first.members.map((m) => [m.user, m]));
    expect(first.seatsToBuy).toBe(2);
    expect(byUser[team.member.id]).toMatchObject({ state: 'draft', waitingForSeat: true });
    expect(byUser[second.id]).toMatchObject({ state: 'draft', waitingForSeat: true });
    expect(byUser[team.admin.id]).toMatchObject({ state: 'draft', waitingForSeat: false });
    expect(byUser[team.owner.id]).toMatchObject({ state: 'not_started', waitingForSeat: false });

    const outcome = await team.owner.pb.send<{
      reminded: string[];
      skipped: { user: string; reason: string }[];
    }>(`/api/teams/${team.id}/remind`, { method: 'POST' });
    expect(outcome.reminded.sort()).toEqual([team.owner.id, team.admin.id].sort());
    expect(outcome.skipped).toEqual(
      expect.arrayContaining([
        { user: team.member.id, reason: 'waiting_for_seat' },
        { user: second.id, reason: 'waiting_for_seat' },
      ]),
    );
    expect(await mailsTo(t, team.member.email, /headshots are waiting/)).toHaveLength(0);
    expect(await mailsTo(t, team.admin.email, /headshots are waiting/)).toHaveLength(1);

    // One seat bought: nobody is blocked any more, one more seat is still needed for both.
    await setSeats(t, team.id, 2, 1);
    const after = await overview();
    expect(after.seatsToBuy).toBe(1);
    expect(after.members.some((m) => m.waitingForSeat)).toBe(false);
  });
});
