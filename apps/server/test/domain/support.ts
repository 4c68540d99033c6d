/**
 * A small world for the domain tests: a team with an owner, an admin and a member, an outsider,
 * and records of every domain collection, written as a superuser through the record service (so
 * validation and the domain hooks run, as they would for an operator).
 */
import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import type { RecordData } from '../../src/core/records/codec.js';
import type { TestServer } from '../support/harness.js';
import { put } from '../support/records.js';

export const ROLES = ['guest', 'owner', 'other', 'member', 'admin', 'superuser'] as const;
export type Role = (typeof ROLES)[number];

export type Person = { pb: PocketBase; id: string };

export type World = {
  t: TestServer;
  clients: Record<Role, PocketBase>;
  /** User ids (the guest and superuser have none that records point at). */
  ids: Record<'owner' | 'other' | 'member' | 'admin', string>;
  team: string;
  publicStyle: string;
  teamStyle: string;
  /** Writes a record as an operator; returns the stored values. */
  put(collection: string, values: Record<string, unknown>): Promise<RecordData>;
};

export async function buildWorld(t: TestServer): Promise<World> {
  const [owner, other, member, admin] = [await t.user(), await t.user(), await t.user(), await t.user()];
  const clients: Record<Role, PocketBase> = {
    guest: t.client(),
    owner: owner.pb,
    other: other.pb,
    member: member.pb,
    admin: admin.pb,
    superuser: await t.superuser(),
  };
  const team = await put(t, 'teams', { name: 'Acme', owner: owner.id, seatsTotal: 5 });
  for (const [user, role] of [
    [owner.id, 'owner'],
    [admin.id, 'admin'],
    [member.id, 'member'],
  ] as const) {
    await put(t, 'team_members', { team: team.id, user, role });
  }
  const publicStyle = await t.app.records.findOneBy(t.app.registry.require('styles'), {
    slug: 'corporate-grey-studio',
  });
  const teamStyle = await put(t, 'styles', {
    name: 'Acme Blue',
    slug: 'acme-blue',
    category: 'custom',
    framing: 'headshot',
    aspect: '4:5',
    active: true,
    team: team.id,
    prompt: 'secret prompt',
  });
  return {
    t,
    clients,
    ids: { owner: owner.id, other: other.id, member: member.id, admin: admin.id },
    team: String(team.id),
    publicStyle: String(publicStyle!.id),
    teamStyle: String(teamStyle.id),
    put: (collection, values) => put(t, collection, values),
  };
}

let shade = 0;

/** A small JPEG; each call gives different pixels. */
export async function photo(width = 64, height = 64): Promise<File> {
  shade = (shade + 37) % 256;
  const data = await sharp({
    create: { width, height, channels: 3, background: { r: shade, g: 120, b: 255 - shade } },
  })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(data)], `selfie-${shade}.jpg`, { type: 'image/jpeg' });
}
