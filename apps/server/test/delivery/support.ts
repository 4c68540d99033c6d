/**
 * The delivery tests' world: an owner, another user, a team (owner's team, with an admin and a
 * plain member), seeded styles, and photoshoots put into `review` with generated JPEG results,
 * the way the worker would leave them. Data is written as a superuser through the SDK; status
 * moves the worker would make go through `transition()` in process.
 */
import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import yauzl from 'yauzl';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { systemActor } from '../../src/core/records/actor.js';
import type { TestServer } from '../support/harness.js';
import { statusNoticesKey } from '../../src/modules/delivery/status-notices.js';

export type Person = { pb: PocketBase; id: string; email: string };

export type Scene = {
  t: TestServer;
  su: PocketBase;
  owner: Person;
  other: Person;
  teamAdmin: Person;
  teamMember: Person;
  team: string;
  /** Two seeded public styles: [id, slug]. */
  styles: [string, string][];
};

export const worker = systemActor('test-worker');

export async function buildScene(t: TestServer): Promise<Scene> {
  const su = await t.superuser();
  // note: other engineers' upload checks must not analyse (or reject) the fixtures' originals.
  await su.settings.update({ processing: { uploadChecks: false } });
  const [owner, other, teamAdmin, teamMember] = [
    await t.user(),
    await t.user(),
    await t.user(),
    await t.user(),
  ];
  const team = await su.collection('teams').create({ name: 'Acme', owner: owner.id, seatsTotal: 5 });
  for (const [user, role] of [
    [owner.id, 'owner'],
    [teamAdmin.id, 'admin'],
    [teamMember.id, 'member'],
  ] as const) {
    await su.collection('team_members').create({ team: team.id, user, role });
  }
  const styles = await su
    .collection('styles')
    .getFullList({ filter: 'active = true', sort: 'sortOrder,slug' });
  return {
    t,
    su,
    owner,
    other,
    teamAdmin,
    teamMember,
    team: team.id,
    styles: styles.slice(0, 2).map((s) => [s.id, String(s.slug)] as [string, string]),
  };
}

let shade = 0;

/** A JPEG with its own colour each call. */
export async function jpeg(width = 96, height = 120): Promise<Buffer> {
  shade = (shade + 41) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 255 - shade, b: 90 } } })
    .jpeg()
    .toBuffer();
}

function asFile(data: Buffer, name: string): File {
  return new File([new Uint8Array(data)], name, { type: 'image/jpeg' });
}

export type Shoot = { id: string; results: string[]; originals: string[] };

/**
 * A photoshoot in `review` with `perStyle` pending results for each of the scene's two styles
 * (and a few original photos), as the worker leaves it.
 */
export async function shootInReview(
  s: Scene,
  opts: { title?: string; team?: boolean; perStyle?: number; originals?: number } = {},
): Promise<Shoot> {
  const { su, t } = s;
  const perStyle = opts.perStyle ?? 2;
  const shoot = await su.collection('photoshoots').create({
    user: s.owner.id,
    team: opts.team ? s.team : '',
    title: opts.title ?? 'Spring headshots',
    styles: s.styles.map(([id]) => id),
    status: 'processing',
  });
  const originals: string[] = [];
  for (let i = 0; i < (opts.originals ?? 2); i++) {
    const rec = await su.collection('original_photos').create({
      photoshoot: shoot.id,
      user: s.owner.id,
      qc: 'accepted',
      file: asFile(await jpeg(), `selfie-${i}.jpg`),
    });
    originals.push(rec.id);
  }
  const results: string[] = [];
  for (const [style] of s.styles) {
    for (let variant = 0; variant < perStyle; variant++) {
      const rec = await su.collection('results').create({
        photoshoot: shoot.id,
        user: s.owner.id,
        team: opts.team ? s.team : '',
        style,
        variant,
        review: 'pending',
        width: 96,
        height: 120,
        file: asFile(await jpeg(), `result-${variant}.jpg`),
      });
      results.push(rec.id);
    }
  }
  await transition(t.app, shoot.id, 'review', worker, 'results ready for review');
  return { id: shoot.id, results, originals };
}

export function review(
  su: PocketBase,
  id: string,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  return su.send(`/api/admin/photoshoots/${id}/review`, { method: 'POST', body });
}

export function redo(
  pb: PocketBase,
  id: string,
  results: unknown,
  reasons?: unknown,
): Promise<Record<string, any>> {
  return pb.send(`/api/photoshoots/${id}/redo`, { method: 'POST', body: { results, reasons } });
}

/** Approves every result and releases (review → completed). */
export async function release(s: Scene, shoot: Shoot): Promise<void> {
  await review(s.su, shoot.id, { approve: shoot.results, release: true });
}

/** What the worker does for rows marked `regenerate`: a new file, flags cleared, back to review. */
export async function workerRedoes(s: Scene, shoot: Shoot, reviewRequired = true): Promise<string[]> {
  const { su, t } = s;
  await transition(t.app, shoot.id, 'processing', worker, 'claimed');
  const marked = await su
    .collection('results')
    .getFullList({ filter: `photoshoot = '${shoot.id}' && regenerate = true` });
  for (const r of marked) {
    await su.collection('results').update(r.id, {
      file: asFile(await jpeg(), 'redone.jpg'),
      regenerate: false,
      redoRequested: false,
      review: reviewRequired ? 'pending' : 'approved',
      released: false,
    });
  }
  await transition(t.app, shoot.id, reviewRequired ? 'review' : 'completed', worker, 'done');
  return marked.map((r) => r.id);
}

/** Mails in the dev outbox to `to`, oldest first, once pending notices have gone out. */
export async function mailsTo(s: Scene, to: string): Promise<{ subject: string; text: string }[]> {
  await s.t.app.service(statusNoticesKey).idle();
  await s.t.app.mailer.idle();
  const outbox = await s.su.send('/api/mail/outbox', { query: { perPage: 500 } });
  return (outbox.items as { to: string; subject: string; text: string }[])
    .filter((m) => m.to === to)
    .reverse();
}

export type ZipContent = { name: string; data: Buffer }[];

/** Reads every entry of a zip held in memory (the test side only). */
export function unzip(buffer: Buffer): Promise<ZipContent> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: ZipContent = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
