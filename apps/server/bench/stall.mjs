/**
 * `npm run bench:stall`: can a guest's hostile JSON bodies stall the API? (a 30 MB body once
 * of nested arrays sent to POST /api/realtime blocked the event loop for ~6 s.)
 *
 *   1. the built server (dist/) runs in a child process on a throwaway data dir, on 127.0.0.1,
 *      rate limits off (so every hostile body reaches the body parser);
 *   2. "idle": autocannon sends an authenticated GET of a photoshoot at a fixed rate;
 *   3. "flood": the same load while a worker thread keeps BENCH_STALL_SENDERS hostile requests in
 *      flight as a guest: 30 MB of `[[[[…` announced by Content-Length, the same chunked (no
 *      length), a chunked body past the size limit, and a flat object of 90,000 distinct keys
 *      (979 KB) sent to an unknown collection, a sign-in, the contact form and the realtime
 *      subscription; each answer's status is counted.
 * Pass: the GET's p99 during the flood stays under the upload-checks budget (50 ms), no GET fails,
 * and every hostile request got 413 or 400. The server's own event-loop delay is reported too
 * (steadier than latency on a shared machine).
 *
 * Env: BENCH_STALL_DURATION (s, default 8), BENCH_STALL_RATE (req/s, default 200),
 * BENCH_STALL_SENDERS (default 8), BENCH_STALL_TARGET=health (time `GET /api/health` instead of
 * the photoshoot), BENCH_STALL_BUDGET=report (the p99 budget is reported, not a failure:
 * `npm test` runs it so). Writes results/stall.json; exits 1 on a failed check.
 */
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { num } from './env-number.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const BUDGET_P99_MS = 50;
const cfg = {
  duration: num('BENCH_STALL_DURATION', 8),
  rate: num('BENCH_STALL_RATE', 200),
  connections: 10,
  senders: num('BENCH_STALL_SENDERS', 8),
  target: process.env.BENCH_STALL_TARGET === 'health' ? 'health' : 'photoshoot',
};

if (!isMainThread) {
  await floodThread(workerData);
} else if (process.argv[2] === '--server') {
  const { serveBuiltApp } = await import('./child.mjs');
  await serveBuiltApp();
} else {
  await main();
}

/** One hostile request: writes `chunk` up to `total` bytes unless the server answers first. */
function hostile(base, { path = '/api/realtime', headers, chunk, total }) {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const req = request(`${base}${path}`, { method: 'POST', headers }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve(res.statusCode);
      });
    });
    // note: a server that refuses early closes the connection while the body is still being sent;
    // the client may see that reset before it has parsed the 413: the body was refused all the same.
    req.on('error', () => resolve(answered ? 'reset-after-answer' : 'reset'));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function floodThread({ base, until, senders }) {
  const MB30 = 30 * 1024 * 1024;
  const brackets = Buffer.alloc(64 * 1024, '[');
  const manyKeys = Buffer.from(`{${Array.from({ length: 90_000 }, (_, i) => `"k${i}":1`).join(',')}}`);
  const keysTo = (path) => ({
    name: `90,000 keys (${Math.round(manyKeys.length / 1000)} KB) to ${path}`,
    path,
    headers: { 'content-type': 'application/json', 'content-length': String(manyKeys.length) },
    chunk: manyKeys,
    total: manyKeys.length,
  });
  const kinds = [
    keysTo('/api/collections/nope/records'),
    keysTo('/api/collections/users/auth-with-password'),
    keysTo('/api/collections/contact_messages/records'),
    keysTo('/api/realtime'),
    {
      name: 'deep, 30 MB by Content-Length',
      headers: { 'content-type': 'application/json', 'content-length': String(MB30) },
      chunk: brackets,
      total: MB30,
    },
    {
      name: 'deep, 30 MB chunked',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunk: brackets,
      total: MB30,
    },
    {
      name: 'flat string past the size limit, chunked',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunk: Buffer.from(`{"a":"${'x'.repeat(64 * 1024 - 6)}`),
      total: MB30,
    },
  ];
  const counts = {};
  let i = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (Date.now() < until) {
        const kind = kinds[i++ % kinds.length];
        const status = await hostile(base, kind);
        const key = `${kind.name}: ${status}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }),
  );
  parentPort.postMessage(counts);
}

function flood(data) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: data });
    worker.on('message', resolve);
    worker.on('error', reject);
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-stall-'));
  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const cleanup = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  let pass = false;
  try {
    const port = await new Promise((resolve, reject) => {
      child.on('message', (/** @type {any} */ m) => m?.type === 'ready' && resolve(m.port));
      child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const api = async (path, body, token) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      const out = await res.json();
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(out)}`);
      return out;
    };
    const email = 'bench-stall@example.com';
    const password = 'bench-password-1';
    const user = await api('/api/collections/users/records', { email, password, passwordConfirm: password });
    const { token } = await api('/api/collections/users/auth-with-password', { identity: email, password });
    const shoot = await api('/api/collections/photoshoots/records', { user: user.id }, token);
    const load = (seconds) =>
      new Promise((resolve, reject) =>
        autocannon(
          {
            url:
              cfg.target === 'health'
                ? `${base}/api/health`
                : `${base}/api/collections/photoshoots/records/${shoot.id}`,
            headers: { authorization: token },
            connections: cfg.connections,
            overallRate: cfg.rate,
            duration: seconds,
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        ),
      );
    const loopDelay = () =>
      new Promise((resolve) => {
        const on = (m) => m?.type === 'eld' && (child.off('message', on), resolve(m));
        child.on('message', on);
        child.send({ type: 'eld' });
      });
    await load(Math.min(2, cfg.duration)); // warm-up
    await loopDelay();
    const idle = await load(cfg.duration);
    const idleLoop = await loopDelay();
    const hostileCounts = flood({ base, until: Date.now() + cfg.duration * 1000, senders: cfg.senders });
    const busy = await load(cfg.duration);
    const counts = await hostileCounts;
    const busyLoop = await loopDelay();
    const bad = (r) => r.non2xx + r.errors + r.timeouts;
    // Every hostile request was refused (an answer or a cut connection), and each kind got an answer.
    const kindsAnswered = new Set(
      Object.keys(counts)
        .filter((k) => / (413|400|404)$/.test(k))
        .map((k) => k.replace(/: \d+$/, '')),
    );
    const kindsSent = new Set(Object.keys(counts).map((k) => k.replace(/: [^:]+$/, '')));
    const refusedAll =
      Object.keys(counts).every((k) => / (413|400|404|reset|reset-after-answer)$/.test(k)) &&
      [...kindsSent].every((k) => kindsAnswered.has(k));
    const row = (r) => ({
      requests: r.requests.total,
      failed: bad(r),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
    });
    const withinBudget = busy.latency.p99 < BUDGET_P99_MS;
    // note: CI (BENCH_STALL_BUDGET=report) fails on a hostile body that got through or a failed GET,
    // and reports the p99: a latency figure on a shared CI machine is a measurement, not a verdict.
    const budgetGates = process.env.BENCH_STALL_BUDGET !== 'report';
    pass = (withinBudget || !budgetGates) && bad(idle) + bad(busy) === 0 && refusedAll;
    const result = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model },
      config: cfg,
      idle: { ...row(idle), eventLoopDelayMs: idleLoop },
      flood: { ...row(busy), eventLoopDelayMs: busyLoop, hostile: counts },
      budgetP99Ms: BUDGET_P99_MS,
      pass,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(join(here, 'results/stall.json'), JSON.stringify(result, null, 2) + '\n');
    const ms = (v) => v.toFixed(1);
    console.log(
      `GET ${cfg.target === 'health' ? '/api/health' : 'photoshoot (authenticated)'}, ${cfg.rate} req/s over ${cfg.connections} connections, ${cfg.duration} s each:`,
    );
    console.log(
      `  idle   p50 ${idle.latency.p50} ms  p99 ${idle.latency.p99} ms  event loop p99 ${ms(idleLoop.p99)} ms`,
    );
    console.log(
      `  flood  p50 ${busy.latency.p50} ms  p99 ${busy.latency.p99} ms  event loop p99 ${ms(busyLoop.p99)} ms, max ${ms(busyLoop.max)} ms`,
    );
    for (const [k, v] of Object.entries(counts)) console.log(`  hostile ${k} × ${v}`);
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: p99 under flood ${busy.latency.p99} ms (budget ${BUDGET_P99_MS} ms${withinBudget ? ', met' : budgetGates ? ', missed' : ', missed: reported only'})${refusedAll ? '' : ', some hostile request was not refused'}`,
    );
  } finally {
    cleanup();
  }
  process.exit(pass ? 0 : 1);
}
