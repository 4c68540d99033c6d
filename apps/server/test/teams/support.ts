/**
 * Setup for the team tests: a team created through `POST /api/teams` by its owner, people joined
 * as admin or member (written as an operator would), seats, ready member drafts, and the calls.
 */
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/harness.js';
import type { RecordData } from '../../src/core/records/codec.js';
import { acceptedPhotos, publicStyles } from '../payments/support/world.js';
import { put } from '../support/records.js';

export type Person = { pb: PocketBase; id: string; email: string };

export type Team = { id: string; owner: Person; admin: Person; member: Person };

export async function person(t: TestServer, fields: Record<string, unknown> = {}): Promise<Person> {
  const u = await t.user(fields);
  return { pb: u.pb, id: u.id, email: u.email };
}

export const createTeam = (pb: PocketBase, body: Record<string, unknown>) =>
  pb.send<RecordData & { id: string }>('/api/teams', { method: 'POST', body });

/** Marks a person's address as verified (as following the verification mail would). */
export async function verifyPerson(t: TestServer, p: Person): Promise<void> {
  await t.app.db.run(`UPDATE "users" SET "verified" = ? WHERE "id" = ?`, [true, p.id]);
}

/** A team made by its owner, with one admin and one member; the owner and the admin are verified. */
export async function buildTeam(t: TestServer, name = 'Acme'): Promise<Team> {
  const [owner, admin, member] = await Promise.all([
    person(t, { name: 'Olivia Owner' }),
    person(t, { name: 'Adam Admin' }),
    person(t, { name: 'Mia Member' }),
  ]);
  await verifyPerson(t, owner);
  await verifyPerson(t, admin);
  const team = await createTeam(owner.pb, { name, company: `${name} Inc.` });
  await join(t, team.id, admin.id, 'admin');
  await join(t, team.id, member.id, 'member');
  return { id: team.id, owner, admin, member };
}

export async function join(t: TestServer, team: string, user: string, role: string): Promise<RecordData> {
  return put(t, 'team_members', { team, user, role });
}

export async function setSeats(t: TestServer, team: string, total: number, used = 0): Promise<void> {
  await t.app.db.run(`UPDATE "teams" SET "seatsTotal" = ?, "seatsUsed" = ? WHERE "id" = ?`, [
    total,
    used,
    team,
  ]);
}

export async function seats(t: TestServer, team: string): Promise<{ total: number; used: number }> {
  const row = await t.app.db.get<{ seatsTotal: unknown; seatsUsed: unknown }>(
    `SELECT "seatsTotal", "seatsUsed" FROM "teams" WHERE "id" = ?`,
    [team],
  );
  return { total: Number(row?.seatsTotal ?? 0), used: Number(row?.seatsUsed ?? 0) };
}

/** A team draft of `who` with a public style chosen and enough accepted photos. */
export async function teamDraft(t: TestServer, team: string, who: Person, photos = 6): Promise<string> {
  const styles = await publicStyles(t, 1);
  const rec = await who.pb
    .collection('photoshoots')
    .create({ user: who.id, team, title: 'Team shoot', styles });
  await acceptedPhotos(t, rec.id, who.id, photos);
  return rec.id;
}

export const submit = (pb: PocketBase, team: string, photoshoot: string) =>
  pb.send<RecordData>(`/api/teams/${team}/photoshoots/${photoshoot}/submit`, { method: 'POST' });

/** Polls `check` until it returns true (the bound is generous; the work is event-driven). */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Mails to `email` whose subject matches `subject` (waits for background sends first). */
export async function mailsTo(t: TestServer, email: string, subject: RegExp) {
  await t.app.mailer.idle();
  const { items } = await t.app.mailer.listOutbox(10_000);
  return items.filter((m) => m.to.includes(email) && subject.test(m.subject));
}
