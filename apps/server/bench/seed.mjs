/**
 * Creates a throwaway data dir with the app's schema, one real user (through the app, so its
 * password hash, tokenKey and token are genuine) and ROWS `bench_posts` rows inserted directly with
 * better-sqlite3 in one transaction of prepared inserts. Returns what the load needs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from '../dist/core/app.js';
import { modules } from '../dist/modules.js';
import { systemCaller } from '../dist/core/records/caller.js';
import { formatDate } from '../dist/tools/dates.js';
import { posts, ROWS } from './collection.mjs';

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A deterministic PRNG (mulberry32), so every run seeds the same data. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeId(rand) {
  let s = '';
  for (let i = 0; i < 15; i++) s += ID_CHARS[Math.floor(rand() * ID_CHARS.length)];
  return s;
}

export async function seed() {
  const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-'));
  const t0 = performance.now();
  const app = await App.open({
    dataDir,
    db: { kind: 'sqlite', dataDir },
    modules,
    extraCollections: [posts],
  });
  try {
    // The default per-IP limit (/api/: 600 per 10 s) would turn a load test into a 429 test.
    await app.settings.patch({ rateLimits: { enabled: false } });

    const users = app.registry.require('users');
    const su = systemCaller(app.registry.require('_superusers'));
    const email = 'bench-user@example.com';
    const password = 'bench-password-1';
    const created = await app.records.create(users, su, {
      email,
      password,
      passwordConfirm: password,
      name: 'Bench User',
      verified: true,
    });
    const user = await app.records.findById(users, String(created.data.id));
    const token = await app.auth.issueToken(users, user, 'auth');

    // 1 row in 10 belongs to the bench user; the others to 99 other (id-only) authors.
    const rand = rng(42);
    const others = Array.from({ length: 99 }, () => makeId(rand));
    // The SQLite engine's own connection: one prepared INSERT is far quicker than the Db seam here.
    const conn = /** @type {any} */ (app.db).raw;
    const insert = conn.prepare(
      'INSERT INTO "bench_posts" ("id", "title", "score", "published", "author", "created", "updated") VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const base = Date.parse('2026-01-01T00:00:00Z');
    let viewId = '';
    conn.transaction(() => {
      for (let i = 0; i < ROWS; i++) {
        const id = makeId(rand);
        const mine = i % 10 === 0;
        if (mine && i === ROWS / 2) viewId = id;
        const date = formatDate(new Date(base + i * 1000));
        insert.run(
          id,
          `Post ${i}: a reasonably ordinary title of a few words`,
          Math.floor(rand() * 1000),
          rand() < 0.5 ? 1 : 0,
          mine ? user.id : others[i % others.length],
          date,
          date,
        );
      }
    })();
    conn.pragma('wal_checkpoint(TRUNCATE)');
    const seedMs = performance.now() - t0;
    return { dataDir, userId: String(user.id), token, viewId, seedMs };
  } finally {
    await app.close();
  }
}
