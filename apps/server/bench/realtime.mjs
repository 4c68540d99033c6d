/**
 * The realtime scenario (`node bench/run.mjs realtime`; the target: 1,000 subscribers all receive
 * an update within 250 ms, p99). run.mjs seeds a data dir here, starts our server in a child
 * process, and calls `measureRealtime`, which runs in the parent:
 *
 *   1. opens SUBSCRIBERS plain-HTTP SSE connections to /api/realtime on 127.0.0.1 and reads each
 *      PB_CONNECT;
 *   2. subscribes each to `bench_posts/*` with its own user's token (distinct users, so the
 *      list rule `@request.auth.id != ''` runs per subscriber as it would in production);
 *   3. makes UPDATES sequential PATCHes of one post as a superuser; for each, the latency of a
 *      subscriber is the time from just before the PATCH is sent until that subscriber's socket
 *      has delivered the event carrying the new value (the write, the fan-out and the loopback
 *      included);
 *   4. reports p50/p95/p99/max over all deliveries, the server's CPU per update, and fails when
 *      any delivery is missing after DELIVERY_TIMEOUT_MS.
 *
 * Env: BENCH_RT_SUBSCRIBERS (default 10000), BENCH_RT_UPDATES (default 10), BENCH_RT_WARMUP (updates
 * before those, not counted; default 3). 10,000 subscribers
 * hold 10,000 sockets in this process and 10,000 in the server's: each under this machine's
 * 20,000 open-file limit, so nothing is raised (Node cannot raise its own limit; a larger run
 * would start both processes under `prlimit --nofile=...`). Every connection is on 127.0.0.1.
 */
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from '../dist/core/app.js';
import { modules } from '../dist/modules.js';
import { systemCaller } from '../dist/core/records/caller.js';
import { upsertSuperuser } from '../dist/core/auth/superusers.js';
import { posts } from './collection.mjs';

const DELIVERY_TIMEOUT_MS = 5000;
const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TOPIC = 'bench_posts/*';
const SCORE = /"score":(\d+)/;

const randomId = () => Array.from(randomBytes(15), (b) => ID_CHARS[b % ID_CHARS.length]).join('');

/**
 * A data dir with `users` subscribers (the first created through the app with a real password
 * hash; the others are copies of its row with their own id, email and tokenKey, because hashing
 * 1,000 passwords would only slow the setup), a superuser, and one post to update.
 */
export async function seedRealtime(users, pgDb = null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-rt-'));
  const app = await App.open({
    dataDir,
    db: pgDb ?? { kind: 'sqlite', dataDir },
    modules,
    extraCollections: [posts],
  });
  try {
    await app.settings.patch({ rateLimits: { enabled: false } });
    const usersCol = app.registry.require('users');
    const suCol = app.registry.require('_superusers');
    const system = systemCaller(suCol);
    const first = await app.records.create(usersCol, system, {
      email: 'bench-rt-0@example.com',
      password: 'bench-password-1',
      passwordConfirm: 'bench-password-1',
      name: 'Bench 0',
      verified: true,
    });
    const row = await app.db.get('SELECT * FROM "users" WHERE "id" = ?', [first.data.id]);
    const cols = Object.keys(row);
    const ids = [String(first.data.id)];
    const copies = [];
    for (let i = 1; i < users; i++) {
      const copy = {
        ...row,
        id: randomId(),
        email: `bench-rt-${i}@example.com`,
        tokenKey: randomId() + randomId(),
      };
      ids.push(copy.id);
      copies.push(copy);
    }
    // Multi-row INSERTs in one transaction: the same on both engines, ~1 s for 10,000 rows.
    const perStatement = 200;
    await app.db.transaction(async (tx) => {
      for (let at = 0; at < copies.length; at += perStatement) {
        const chunk = copies.slice(at, at + perStatement);
        const tuple = `(${cols.map(() => '?').join(', ')})`;
        await tx.run(
          `INSERT INTO "users" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
          chunk.flatMap((copy) => cols.map((c) => copy[c])),
        );
      }
    });
    const tokens = [];
    for (const id of ids)
      tokens.push(await app.auth.issueToken(usersCol, await app.records.findById(usersCol, id), 'auth'));
    await upsertSuperuser(app, 'bench-rt-admin@example.com', 'bench-admin-password-1');
    const admin = await app.records.findOneBy(suCol, { email: 'bench-rt-admin@example.com' });
    const superToken = await app.auth.issueToken(suCol, admin, 'auth');
    const post = await app.records.create(posts, system, {
      title: 'Realtime bench post',
      score: 0,
      published: true,
      author: ids[0],
    });
    return { dataDir, tokens, superToken, postId: String(post.data.id) };
  } finally {
    await app.close();
  }
}

/**
 * One SSE connection on a raw socket, parsed just enough: PB_CONNECT's client id, then the score
 * of each `bench_posts/*` event. No HTTP client, no JSON.parse: with 10,000 subscribers in this
 * process, http.request's streams and a full parse per message cost the bench about as much CPU
 * as the server's whole fan-out, and the bench's reads then delayed the deliveries it measures.
 * The server writes each message as one chunk; the chunked-encoding size lines between messages
 * are skipped because only the `event:`/`data:` lines are read.
 */
function openSubscriber(base, onEvent) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () =>
      socket.write(
        `GET /api/realtime HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    socket.setEncoding('latin1');
    let buffer = '';
    let connected = false;
    socket.on('data', (chunk) => {
      const at = performance.now();
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!connected) {
          if (!message.startsWith('HTTP/1.1 200')) {
            reject(new Error(`SSE connect answered ${message.slice(0, 12)}`));
            socket.destroy();
            return;
          }
          const id = /event:PB_CONNECT\ndata:\{"clientId":"([^"]+)"/.exec(message);
          if (id) {
            connected = true;
            resolve({ clientId: id[1], close: () => socket.destroy() });
          }
          continue;
        }
        if (message.includes(`event:${TOPIC}\n`)) onEvent(Number(SCORE.exec(message)?.[1]), at);
      }
    });
    socket.on('error', (err) => (connected ? undefined : reject(err)));
  });
}

function send(base, method, path, token, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: {
          authorization: token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode >= 300
            ? reject(new Error(`${method} ${path} answered ${res.statusCode}`))
            : resolve(),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

/**
 * Runs the scenario against `server` (run.mjs's child handle: url + cpu()). Throws on a missing
 * delivery or a failed request.
 */
export async function measureRealtime(serverOrServers, seeded, { updates, warmup = 0, log }) {
  // Several servers (the two-process mode): subscriber i connects to server i mod n, the PATCHes go
  // through the first, and deliveries by the others are the cross-process ones.
  const servers = Array.isArray(serverOrServers) ? serverOrServers : [serverOrServers];
  const server = servers[0];
  const n = seeded.tokens.length;
  /** Per update: when its PATCH left, and each subscriber's arrival time. */
  const sentAt = new Map();
  const arrivals = new Map();
  const crossArrivals = [];
  let current = -1;
  /** @type {(value?: unknown) => void} */
  let wake = () => {};
  const subscribers = [];
  await inBatches(
    seeded.tokens.map((token, i) => ({ token, home: servers[i % servers.length] })),
    100,
    async ({ token, home }) => {
      const cross = home !== server;
      const sub = await openSubscriber(home.url, (score, at) => {
        const list = arrivals.get(score);
        if (!list || !sentAt.has(score)) return;
        const ms = at - sentAt.get(score);
        list.push(ms);
        if (cross) crossArrivals.push(ms);
        if (score === current && list.length === n) wake();
      });
      subscribers.push({ ...sub, token, url: home.url });
    },
  );
  log(`${n} SSE connections open on ${servers.length} server process(es)`);
  await inBatches(subscribers, 50, (s) =>
    send(s.url, 'POST', '/api/realtime', s.token, { clientId: s.clientId, subscriptions: [TOPIC] }),
  );
  log(`${n} subscribed to ${TOPIC}`);

  const path = `/api/collections/bench_posts/records/${seeded.postId}`;
  const probe = () => Promise.all(servers.map((s) => s.cpu()));
  const cpuOf = (probes) => probes.reduce((a, c) => a + c.cpuUs, 0);
  let missing = 0;
  const update = async (k) => {
    arrivals.set(k, []);
    current = k;
    const all = new Promise((resolve) => {
      wake = resolve;
      setTimeout(resolve, DELIVERY_TIMEOUT_MS);
    });
    sentAt.set(k, performance.now());
    await send(server.url, 'PATCH', path, seeded.superToken, { score: k });
    await all;
    missing += n - arrivals.get(k).length;
  };
  // The first events after 10,000 subscriptions run cold in both processes (JIT, the batched
  // statements' first prepare, the subscribe phase's garbage): warm-ups, reported apart.
  for (let k = 1; k <= warmup; k++) await update(k);
  const warmupMax = [...arrivals.values()].map((l) => round(Math.max(...l)));
  arrivals.clear();
  crossArrivals.length = 0;
  const probesBefore = await probe();
  const clientCpuBefore = process.cpuUsage();
  for (let k = warmup + 1; k <= warmup + updates; k++) await update(k);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const probesAfter = await probe();
  for (const s of subscribers) s.close();

  const latencies = [...arrivals.values()].flat().sort((a, b) => a - b);
  const perUpdateMax = [...arrivals.values()].map((l) => Math.max(...l));
  crossArrivals.sort((a, b) => a - b);
  const result = {
    subscribers: n,
    processes: servers.length,
    updates,
    warmup,
    warmupMax,
    deliveries: latencies.length,
    missing,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1]),
    updateMax: perUpdateMax.map(round),
    medianOfUpdateMax: round([...perUpdateMax].sort((a, b) => a - b)[perUpdateMax.length >> 1]),
    serverCpuMsPerUpdate: round((cpuOf(probesAfter) - cpuOf(probesBefore)) / 1000 / updates),
    // The bench process's own CPU (10,000 socket reads and parses per update): when it nears the
    // server's, the client shares the bottleneck and the latencies overstate the server's.
    clientCpuMsPerUpdate: round((clientCpu.user + clientCpu.system) / 1000 / updates),
    /** The first server's monotonic clock (µs) around the updates, to cut its CPU profile. */
    window: [probesBefore[0].monoUs, probesAfter[0].monoUs],
    ...(crossArrivals.length
      ? {
          crossProcess: {
            deliveries: crossArrivals.length,
            p50: round(percentile(crossArrivals, 50)),
            p99: round(percentile(crossArrivals, 99)),
            max: round(crossArrivals[crossArrivals.length - 1]),
          },
        }
      : {}),
  };
  if (missing > 0) throw new Error(`${missing} deliveries missing after ${DELIVERY_TIMEOUT_MS} ms`);
  return result;
}
