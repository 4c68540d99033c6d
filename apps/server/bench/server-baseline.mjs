/**
 * The baseline: the smallest honest hand-written Fastify + better-sqlite3 server answering the
 * same two URLs with the same JSON as our API (run.mjs checks the bodies are deep-equal).
 *
 * What it DOES: Fastify 5 routing + query-string parsing; the data dir's data.db opened read-only
 * (same cache_size as ours), prepared statements made once; for the view, one primary-key lookup
 * `SELECT * ... WHERE id = ?`; for the list, the same WHERE / ORDER BY / LIMIT 30 query as our API
 * plus the same COUNT(*) for totalItems (neither side uses skipTotal); row → record JSON with the
 * same field decoding (bool as true/false, collectionId/collectionName first) and JSON.stringify.
 *
 * What it does NOT do (all of which our API does): verify the JWT or load the auth record, apply
 * the list/view rule (the view rule `author = @request.auth.id` is a second query in ours),
 * parse/compile the filter and sort, rate-limit bookkeeping, security/CORS headers, the `?fields=`
 * picker, and the request log (ours buffers one row per request into auxiliary.db).
 *
 * BENCH_BASELINE=auth (the "auth baseline", also hand-written) adds the work any PocketBase-compatible
 * server must do for these two requests: the `Authorization` token verified as HS256 with node:crypto
 * (alg, signature with the user's tokenKey + the collection's auth secret read once from `_params`,
 * exp, type `auth`), the auth record loaded (`SELECT * FROM users WHERE id = ?`, every request), and
 * the rules applied in SQL: the view as `WHERE id = ? AND author = ?` (one query), the list only for
 * an authenticated caller (rule `@request.auth.id != ''`; a guest gets an empty page). Still no
 * filter/sort parsing (hand-compiled), rate limits, headers, picker or request log.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { serveChild } from './child.mjs';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
const db = new Database(join(dataDir, 'data.db'), { readonly: true });
db.pragma('cache_size = -32000');

const COLLECTION_ID = process.env.BENCH_COLLECTION_ID;
const WITH_AUTH = process.env.BENCH_BASELINE === 'auth';
const WHERE = '"published" = 1 AND "score" > ?';
const byIdStmt = db.prepare('SELECT * FROM "bench_posts" WHERE "id" = ?');
// The view rule `author = @request.auth.id` in the WHERE clause (auth baseline).
const byIdForStmt = db.prepare('SELECT * FROM "bench_posts" WHERE "id" = ? AND "author" = ?');
const pageStmt = db.prepare(
  `SELECT * FROM "bench_posts" WHERE ${WHERE} ORDER BY "score" DESC, "id" DESC LIMIT ? OFFSET ?`,
);
const countStmt = db.prepare(`SELECT COUNT(*) AS n FROM "bench_posts" WHERE ${WHERE}`).pluck();
// note: named functions only so a CPU profile can tell SQL from the rest (run.mjs --profile).
/** @returns {any} */
function selectById(id, author) {
  return author === undefined ? byIdStmt.get(id) : byIdForStmt.get(id, author);
}
/** @returns {any[]} */
function selectPage(minScore, limit, offset) {
  return pageStmt.all(minScore, limit, offset);
}
/** @returns {number} */
function countMatches(minScore) {
  return /** @type {number} */ (countStmt.get(minScore));
}
const secrets = JSON.parse(
  /** @type {string} */ (db.prepare(`SELECT "value" FROM "_params" WHERE "id" = 'secrets'`).pluck().get()),
);
const userStmt = db.prepare('SELECT * FROM "users" WHERE "id" = ?');
/** @returns {any} */
function loadUser(id) {
  return userStmt.get(id);
}
function decodeJson(part) {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}
/** The auth user for an `Authorization` header value, or null (a guest) for any invalid token. */
function authenticate(header) {
  if (!header) return null;
  const token = header.replace(/^bearer\s+/i, '').trim();
  const [h, p, sig] = token.split('.');
  if (!h || !p || !sig || decodeJson(h)?.alg !== 'HS256') return null;
  const claims = decodeJson(p);
  if (claims?.type !== 'auth' || typeof claims.id !== 'string') return null;
  if (typeof claims.exp === 'number' && claims.exp <= Math.floor(Date.now() / 1000)) return null;
  const secret = secrets[claims.collectionId]?.auth;
  if (!secret) return null;
  const user = loadUser(claims.id);
  if (!user) return null;
  const mac = createHmac('sha256', String(user.tokenKey ?? '') + secret)
    .update(`${h}.${p}`)
    .digest();
  const given = Buffer.from(sig, 'base64url');
  return given.length === mac.length && timingSafeEqual(given, mac) ? user : null;
}

function toRecord(r) {
  return {
    collectionId: COLLECTION_ID,
    collectionName: 'bench_posts',
    id: r.id,
    title: r.title,
    score: r.score,
    published: r.published === 1,
    author: r.author,
    created: r.created,
    updated: r.updated,
  };
}

const app = Fastify({ logger: false });
app.get(
  '/api/collections/bench_posts/records/:id',
  async function viewHandler(/** @type {any} */ req, reply) {
    let row;
    if (WITH_AUTH) {
      const user = authenticate(req.headers.authorization);
      row = user ? selectById(req.params.id, user.id) : undefined;
    } else row = selectById(req.params.id);
    if (!row) return reply.code(404).send({ status: 404, message: 'Not found.', data: {} });
    return reply.type('application/json').send(JSON.stringify(toRecord(row)));
  },
);
app.get('/api/collections/bench_posts/records', async function listHandler(/** @type {any} */ req, reply) {
  const perPage = Math.min(Number(req.query.perPage) || 30, 1000);
  const page = Number(req.query.page) || 1;
  const minScore = 500; // the bench's filter `score > 500 && published = true`, hand-compiled
  if (WITH_AUTH && !authenticate(req.headers.authorization)) {
    const body = { items: [], page, perPage, totalItems: 0, totalPages: 0 };
    return reply.type('application/json').send(JSON.stringify(body));
  }
  const items = selectPage(minScore, perPage, (page - 1) * perPage).map(toRecord);
  const totalItems = countMatches(minScore);
  const body = { items, page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage) };
  return reply.type('application/json').send(JSON.stringify(body));
});

await serveChild(app, async () => {
  await app.close();
  db.close();
});
