/**
 * What a team admin works with: the team's look (`PATCH /api/teams/{id}`: styles, lock, logo and
 * brand backdrop, sniffed), a test shoot, reminders (throttled), the member overview and its CSV,
 * the team zip (one folder per member), and the note once everyone who submitted is ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { acceptedPhotos, publicStyles } from '../payments/support/world.js';
import { jpeg, unzip, worker } from '../delivery/support.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import type { RecordData } from '../../src/core/records/codec.js';
import {
  buildTeam,
  join,
  mailsTo,
  person,
  seats,
  setSeats,
  submit,
  teamDraft,
  type Person,
  type Team,
} from './support.js';
import { failure } from '../support/errors.js';
import { put } from '../support/records.js';

const file = async (name: string, type = 'image/jpeg', data?: Buffer) =>
  new File([new Uint8Array(data ?? (await jpeg()))], name, { type });

async function patchTeam(pb: PocketBase, team: string, form: FormData | Record<string, unknown>) {
  return pb.send<RecordData>(`/api/teams/${team}`, { method: 'PATCH', body: form });
}

/** A member's team photoshoot delivered with `n` released results of one style. */
async function delivered(t: TestServer, team: string, who: Person, style: string, n = 2, isTest = false) {
  const su = await t.superuser();
  const shoot = await su
    .collection('photoshoots')
    .create({ user: who.id, team, styles: [style], status: 'processing' });
  if (isTest) await t.app.db.run(`UPDATE "photoshoots" SET "isTest" = ? WHERE "id" = ?`, [true, shoot.id]);
  for (let variant = 0; variant < n; variant++) {
    await su.collection('results').create({
      photoshoot: shoot.id,
      user: who.id,
      team,
      style,
      variant,
      review: 'approved',
      file: await file(`r${variant}.jpg`),
    });
  }
  await transition(t.app, shoot.id, 'completed', worker, 'done');
  return shoot.id;
}

describe.each(engines)('team admin tools (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  beforeAll(async () => {
    t = await startServer({ engine });
    team = await buildTeam(t);
  });
  afterAll(() => t?.close());

  it('PATCH /api/teams/{id}: name, styles and lock as JSON; logo and brand backdrop as sniffed files', async () => {
    const styles = await publicStyles(t, 2);
    const saved = await patchTeam(team.admin.pb, team.id, { name: 'Acme Corp', styles, stylesLocked: true });
    expect(saved).toMatchObject({ name: 'Acme Corp', styles, stylesLocked: true });
    const form = new FormData();
    form.append('logo', await file('logo.jpg'));
    form.append('brandBackdrop', await file('backdrop.jpg'));
    const withFiles = await patchTeam(team.admin.pb, team.id, form);
    expect(withFiles.logo).toMatch(/^logo_\w+\.jpg$/);
    expect(withFiles.brandBackdrop).toMatch(/^backdrop_\w+\.jpg$/);
    const fake = new FormData();
    fake.append('logo', await file('logo.png', 'image/png', Buffer.from('not an image at all')));
    const refused = await failure(patchTeam(team.admin.pb, team.id, fake));
    expect(refused.status).toBe(400);
    expect(refused.response.data).toMatchObject({ logo: { code: expect.any(String) } });
    // Server fields stay the server's; members and outsiders cannot edit.
    expect(
      (await failure(patchTeam(team.owner.pb, team.id, { seatsTotal: 500, owner: team.member.id }))).status,
    ).toBe(400);
    expect((await t.app.records.findById(t.app.registry.require('teams'), team.id))?.owner).toBe(
      team.owner.id,
    );
    expect(await seats(t, team.id)).toEqual({ total: 0, used: 0 });
    expect((await failure(patchTeam(team.member.pb, team.id, { name: 'Hijack' }))).status).toBe(403);
    expect((await failure(patchTeam((await person(t)).pb, team.id, { name: 'Hijack' }))).status).toBe(404);
    const other = await buildTeam(t, 'Other');
    const foreign = await put(t, 'styles', {
      name: 'Other Blue',
      slug: `other-blue-${other.id}`,
      category: 'custom',
      framing: 'headshot',
      aspect: '4:5',
      active: true,
      team: other.id,
    });
    const bad = await failure(patchTeam(team.admin.pb, team.id, { styles: [foreign.id] }));
    expect(bad.response.data).toMatchObject({ styles: { code: 'validation_style_unavailable' } });
  });

  it("locked styles: a member's submission gets the team's styles", async () => {
    const styles = await publicStyles(t, 3);
    await patchTeam(team.admin.pb, team.id, { styles: styles.slice(1, 3), stylesLocked: true });
    await setSeats(t, team.id, 1);
    const draft = await team.member.pb
      .collection('photoshoots')
      .create({ user: team.member.id, team: team.id, styles: [] });
    await acceptedPhotos(t, draft.id, team.member.id, 6);
    const queued = await submit(team.member.pb, team.id, draft.id);
    expect(queued).toMatchObject({ status: 'queued', styles: styles.slice(1, 3) });
    await patchTeam(team.admin.pb, team.id, { stylesLocked: false });
  });

  it('a test shoot: the admin tries the look on their own photos, no seat, smaller, left out of results', async () => {
    await setSeats(t, team.id, 0);
    const shoot = await team.admin.pb.send<RecordData & { id: string }>(`/api/teams/${team.id}/test-shoot`, {
      method: 'POST',
    });
    expect(shoot).toMatchObject({ isTest: true, team: team.id, user: team.admin.id, status: 'draft' });
    await acceptedPhotos(t, shoot.id, team.admin.id, 6);
    const queued = await submit(team.admin.pb, team.id, shoot.id);
    expect(queued).toMatchObject({ status: 'queued', isTest: true, seatUsed: false, package: '' });
    expect(await seats(t, team.id)).toEqual({ total: 0, used: 0 });
    expect(
      (await failure(team.member.pb.send(`/api/teams/${team.id}/test-shoot`, { method: 'POST' }))).status,
    ).toBe(403);
  });

  it('reminders go to members who have not submitted, at most once a day each', async () => {
    const fresh = await buildTeam(t, 'Remind');
    const submitted = await person(t);
    await join(t, fresh.id, submitted.id, 'member');
    await setSeats(t, fresh.id, 1);
    await submit(submitted.pb, fresh.id, await teamDraft(t, fresh.id, submitted));
    const remind = (body: Record<string, unknown> = {}) =>
      fresh.admin.pb.send<{ reminded: string[]; skipped: { user: string; reason: string }[] }>(
        `/api/teams/${fresh.id}/remind`,
        { method: 'POST', body },
      );
    const first = await remind();
    expect(first.reminded.sort()).toEqual([fresh.owner.id, fresh.admin.id, fresh.member.id].sort());
    expect(first.skipped).toEqual([{ user: submitted.id, reason: 'submitted' }]);
    const again = await Promise.all([
      remind({ members: [fresh.member.id] }),
      remind({ members: [fresh.member.id] }),
    ]);
    expect(again.flatMap((a) => a.reminded)).toEqual([]);
    expect(again[0]!.skipped).toEqual([{ user: fresh.member.id, reason: 'recently_reminded' }]);
    expect(await mailsTo(t, fresh.member.email, /headshots are waiting/)).toHaveLength(1);
    expect(await mailsTo(t, submitted.email, /headshots are waiting/)).toHaveLength(0);
    expect(
      (await failure(fresh.member.pb.send(`/api/teams/${fresh.id}/remind`, { method: 'POST' }))).status,
    ).toBe(403);
  });

  it('overview, CSV, one zip with a folder per member, and one note when everyone submitted is ready', async () => {
    const crew = await buildTeam(t, 'Crew');
    const [style] = await publicStyles(t, 1);
    const sneaky = await person(t, { name: '=HYPERLINK("http://evil")' });
    await join(t, crew.id, sneaky.id, 'member');
    await setSeats(t, crew.id, 5);
    const memberShoot = await teamDraft(t, crew.id, crew.member);
    await submit(crew.member.pb, crew.id, memberShoot);
    await transition(t.app, memberShoot, 'processing', worker, 'claimed');
    await delivered(t, crew.id, crew.admin, style!, 1, true); // a test shoot: left out everywhere
    await delivered(t, crew.id, sneaky, style!, 2);
    expect(await mailsTo(t, crew.owner.email, /headshots in Crew are ready/)).toHaveLength(0);

    const overview = await crew.admin.pb.send<{ seatsTotal: number; members: RecordData[] }>(
      `/api/teams/${crew.id}/members`,
      {},
    );
    const byUser = Object.fromEntries(overview.members.map((m) => [m.user, m]));
    expect(overview.seatsTotal).toBe(5);
    expect(byUser[crew.member.id]).toMatchObject({
      name: 'Mia Member',
      role: 'member',
      state: 'processing',
      released: 0,
    });
    expect(byUser[sneaky.id]).toMatchObject({ state: 'completed', released: 2 });
    expect(byUser[crew.admin.id]).toMatchObject({ state: 'not_started', released: 0 });
    expect(JSON.stringify(overview)).not.toMatch(/selfie|original/i);

    const csv = await fetch(`${t.url}/api/teams/${crew.id}/members.csv`, {
      headers: { Authorization: crew.admin.pb.authStore.token },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('name,email,role,state,joinedAt,lastActivity,releasedPhotos');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);

    // The member's photoshoot completes: now everyone submitted is ready, and the admins hear once.
    await transition(t.app, memberShoot, 'completed', worker, 'done');
    const zip = await fetch(`${t.url}/api/teams/${crew.id}/download`, {
      headers: { Authorization: crew.owner.pb.authStore.token },
    });
    expect(zip.status).toBe(200);
    const names = (await unzip(Buffer.from(await zip.arrayBuffer()))).map((e) => e.name);
    expect(names).toHaveLength(2);
    expect(names.every((n) => n.startsWith(`hyperlink-http-evil-${sneaky.id.slice(0, 5)}/`))).toBe(true);
    // A plain link: a file token in the query stands for the caller; the role check still applies.
    const linkToken = await crew.admin.pb.files.getToken();
    const byLink = await fetch(`${t.url}/api/teams/${crew.id}/download?token=${linkToken}`);
    expect(byLink.status).toBe(200);
    expect((await unzip(Buffer.from(await byLink.arrayBuffer()))).length).toBe(2);
    const memberToken = await crew.member.pb.files.getToken();
    expect((await fetch(`${t.url}/api/teams/${crew.id}/download?token=${memberToken}`)).status).toBe(403);
    expect((await fetch(`${t.url}/api/teams/${crew.id}/members.csv?token=nonsense`)).status).toBe(401);
    expect(
      (
        await fetch(`${t.url}/api/teams/${crew.id}/download`, {
          headers: { Authorization: crew.member.pb.authStore.token },
        })
      ).status,
    ).toBe(403);

    for (const admin of [crew.owner, crew.admin]) {
      await expect
        .poll(async () => (await mailsTo(t, admin.email, /headshots in Crew are ready/)).length, {
          timeout: 10_000,
        })
        .toBe(1);
    }
    expect(await mailsTo(t, crew.member.email, /headshots in Crew are ready/)).toHaveLength(0);
    // A rating on a delivered photoshoot is an update too; it sends nothing more.
    await crew.member.pb.collection('photoshoots').update(memberShoot, { rating: 5 });
    await t.app.mailer.idle();
    expect(await mailsTo(t, crew.owner.email, /headshots in Crew are ready/)).toHaveLength(1);
  });
});
