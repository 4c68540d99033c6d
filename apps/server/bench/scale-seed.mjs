/**
 * The scale-out bench's data, written before any server starts (as an operator's import would):
 * the settings every process reads at start, customers with tokens, a small package, the paid-to-be
 * photoshoots (drafts with accepted photos, paid through the API when the load starts) and the
 * drafts that receive uploads during the load. Photo files go to the bucket through the app's own
 * storage, so the worker reads them from S3 like any other.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { App } from '../dist/core/app.js';
import { modules } from '../dist/modules.js';
import { systemCaller } from '../dist/core/records/caller.js';

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomId = () => Array.from(randomBytes(15), (b) => ID_CHARS[b % ID_CHARS.length]).join('');
export const ASTRONAUT = new URL('../assets/samples/astronaut.png', import.meta.url).pathname;

/**
 * The settings of the fleet: files on S3; no job loops in `serve` (`workerConcurrency` 0, the
 * separate `photoshoot worker` runs max(1, 0) = 1); the studio engine; sandbox payments; results
 * released without review so "done" is `completed`; rate limits off, because every customer of
 * the bench comes from 127.0.0.1 (an operator behind a proxy would have one IP per customer).
 */
export function fleetSettings(s3, photosPerShoot) {
  return {
    rateLimits: { enabled: false },
    s3: { enabled: true, forcePathStyle: true, region: 'us-east-1', ...s3 },
    payments: { provider: 'sandbox' },
    photoshoots: { minAcceptedPhotos: photosPerShoot },
    processing: {
      provider: 'studio',
      workerConcurrency: 0,
      reviewRequired: false,
      retryBaseSeconds: 0,
    },
  };
}

/**
 * Seeds the schema `db` ({ kind: 'postgres', url, schema }). Customers: the first created through
 * the record service (real password hash), the rest copies of its row with their own id, email and
 * tokenKey (hashing 100 passwords would only slow the setup). Returns ids and tokens.
 */
export async function seedScale({
  db,
  s3,
  encryptionKey,
  customers,
  shoots,
  uploadDrafts,
  photosPerShoot,
  side,
}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-seed-'));
  const app = await App.open({ dataDir, db, modules, encryptionKey });
  try {
    // Upload checks off while the accepted photos go in as an operator's import; on for the load.
    const settings = fleetSettings(s3, photosPerShoot);
    await app.settings.patch({ ...settings, processing: { ...settings.processing, uploadChecks: false } });
    const users = app.registry.require('users');
    const system = systemCaller(app.registry.require('_superusers'));
    const first = await app.records.create(users, system, {
      email: 'bench-scale-0@example.com',
      password: 'bench-password-1',
      passwordConfirm: 'bench-password-1',
      name: 'Bench customer',
      verified: true,
    });
    const row = await app.db.get('SELECT * FROM "users" WHERE "id" = ?', [first.data.id]);
    const cols = Object.keys(row);
    const copies = Array.from({ length: customers - 1 }, (_, i) => ({
      ...row,
      id: randomId(),
      email: `bench-scale-${i + 1}@example.com`,
      tokenKey: randomId() + randomId(),
    }));
    const tuple = `(${cols.map(() => '?').join(', ')})`;
    await app.db.transaction(async (tx) => {
      for (let at = 0; at < copies.length; at += 100) {
        const chunk = copies.slice(at, at + 100);
        await tx.run(
          `INSERT INTO "users" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
          chunk.flatMap((copy) => cols.map((c) => copy[c])),
        );
      }
    });
    const people = [];
    for (const id of [String(first.data.id), ...copies.map((c) => c.id)]) {
      const record = await app.records.findById(users, id);
      people.push({ id, token: await app.auth.issueToken(users, record, 'auth') });
    }

    const pkg = await app.records.create(app.registry.require('packages'), system, {
      name: 'Bench Mini',
      slug: 'bench-mini',
      kind: 'individual',
      priceCents: 900,
      currency: 'usd',
      stylesIncluded: 1,
      imagesPerStyle: 1,
      active: true,
      sortOrder: 99,
    });
    const style = await app.db.get(
      `SELECT "id" FROM "styles" WHERE "team" = '' AND "active" = TRUE ORDER BY "sortOrder" LIMIT 1`,
    );
    const photoshoots = app.registry.require('photoshoots');
    const draft = (user, title) =>
      app.records.create(photoshoots, system, {
        user,
        title,
        team: '',
        package: pkg.data.id,
        styles: [style.id],
        status: 'draft',
      });

    const jpeg = await sharp(ASTRONAUT)
      .resize(side, side, { kernel: 'lanczos3' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const fileDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-put-'));
    const photoPath = join(fileDir, 'photo.jpg');
    writeFileSync(photoPath, jpeg);
    const photos = app.registry.require('original_photos');
    const paid = [];
    try {
      for (let i = 0; i < shoots; i++) {
        const owner = people[i];
        const shoot = await draft(owner.id, `Bench paid ${i}`);
        for (let p = 0; p < photosPerShoot; p++) {
          const files = [
            { key: 'file', filename: 'photo.jpg', path: photoPath, size: jpeg.length, oversize: false },
          ];
          await app.records.create(
            photos,
            system,
            { photoshoot: shoot.data.id, user: owner.id, qc: 'accepted', width: side, height: side },
            { files },
          );
        }
        paid.push({ id: String(shoot.data.id), owner });
      }
    } finally {
      rmSync(fileDir, { recursive: true, force: true });
    }
    const drafts = [];
    for (let j = 0; j < uploadDrafts; j++) {
      const owner = people[shoots + j];
      drafts.push({ id: String((await draft(owner.id, `Bench uploads ${j}`)).data.id), owner });
    }
    await app.settings.patch({ processing: { uploadChecks: true } });
    await app.storage.idle?.();
    return { customers: people, packageId: String(pkg.data.id), styleId: style.id, paid, drafts };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
