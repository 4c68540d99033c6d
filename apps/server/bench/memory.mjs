/**
 * `npm run bench:memory`: how much memory does the server hold, idle and busy? (DESIGN: under
 * 400 MB resident in ordinary use; a hostile-input review once measured 750–920 MB.)
 *
 * The built server (`dist/cli.js serve`, SQLite, throwaway data dir) runs as a child process on
 * 127.0.0.1:BENCH_MEMORY_PORT. Its resident set (VmRSS of /proc/<pid>/status: one figure for the
 * process, worker threads included) and its OS thread count are sampled every 250 ms through
 * four phases:
 *   1. start:     idle after start-up (BENCH_MEMORY_SETTLE seconds after /api/health answers);
 *   2. checks:    20 photos uploaded at once (six selfies of one face into a photoshoot, 14 mixed
 *                 photos into another) until every upload check has a verdict;
 *   3. shoot:     that photoshoot paid in the sandbox, rendered by the studio engine (3 styles ×
 *                 15 images, the budget's 45 portraits; BENCH_MEMORY_STYLES, BENCH_MEMORY_IMAGES),
 *                 likeness scored, reviewed and released by a superuser;
 *   4. idle:      nothing for BENCH_MEMORY_IDLE seconds (do the thread pools let go?).
 * For each phase: RSS at its end, the peak during it, and the thread count. Prints a table and
 * writes results/memory.json (or BENCH_MEMORY_OUT; BENCH_MEMORY_LABEL names the run). Every wait is bounded; the
 * server and the data dir are removed even when the run fails. BENCH_MEMORY_TRACE=<file> appends
 * every sample to that file as `<epoch ms> rss <MB>` (BENCH_MEMORY_EVERY ms apart, default 250),
 * to line the peaks up with marks a build writes to the same file.
 *
 * The server runs with the glibc allocator settings its launcher (bin/photoshoot.js) gives it,
 * read from that file; BENCH_MEMORY_ALLOCATOR=glibc runs it with glibc's defaults instead (the
 * figures before those settings).
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { acceptedSelfies, benchPhotos } from './photos.mjs';
import { num } from './env-number.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// BENCH_MEMORY_DIST: another build of the server (e.g. a copy of the parent commit's dist/) to compare.
const CLI = join(process.env.BENCH_MEMORY_DIST ?? join(here, '../dist'), 'cli.js');
const cfg = {
  port: num('BENCH_MEMORY_PORT', 18232),
  settleS: num('BENCH_MEMORY_SETTLE', 5),
  idleS: num('BENCH_MEMORY_IDLE', 80),
  checksTimeoutS: 300,
  shootTimeoutS: 900,
  // The memory budget is for a 45-portrait photoshoot: the Professional package's 3 styles × 15.
  styles: num('BENCH_MEMORY_STYLES', 3),
  imagesPerStyle: num('BENCH_MEMORY_IMAGES', 15),
};
const label = process.env.BENCH_MEMORY_LABEL ?? '';
const trace = process.env.BENCH_MEMORY_TRACE ?? '';
const everyMs = num('BENCH_MEMORY_EVERY', 250);

/** The `NAME="${NAME:-value}"` defaults that bin/photoshoot.js sets before it starts Node. */
function launcherAllocatorEnv() {
  if (process.env.BENCH_MEMORY_ALLOCATOR === 'glibc') return {};
  const shim = readFileSync(join(here, '../bin/photoshoot.js'), 'utf8');
  const pairs = [...shim.matchAll(/(MALLOC_\w+)="\$\{\1:-([^}]+)\}"/g)].map((m) => [m[1], m[2]]);
  if (pairs.length === 0) throw new Error('bin/photoshoot.js sets no allocator settings');
  return Object.fromEntries(pairs);
}
const MB = 1024 * 1024;

/** The child's memory now, from the kernel's view of the whole process. */
function probe(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return {
    rss: kb('VmRSS'),
    anon: kb('RssAnon'),
    file: kb('RssFile'),
    threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0),
  };
}

/**
 * Samples the child every BENCH_MEMORY_EVERY ms; `phase()` closes the current phase and returns
 * its figures.
 */
function sampler(pid) {
  let peak = probe(pid);
  const timer = setInterval(() => {
    const now = probe(pid);
    if (trace) appendFileSync(trace, `${Date.now()} rss ${(now.rss / MB).toFixed(1)}\n`);
    if (now.rss > peak.rss) peak = now;
  }, everyMs);
  return {
    phase(name, started) {
      const end = probe(pid);
      const row = {
        phase: name,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        rssMB: +(end.rss / MB).toFixed(1),
        anonMB: +(end.anon / MB).toFixed(1),
        peakMB: +(Math.max(peak.rss, end.rss) / MB).toFixed(1),
        threads: end.threads,
      };
      peak = end;
      return row;
    },
    stop: () => clearInterval(timer),
  };
}

/** Polls `done` every 500 ms until it answers truthy; fails after `seconds`. */
async function until(what, seconds, done) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await done();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await sleep(500);
  }
}

function client(base) {
  /** @param {string} method @param {string} path @param {{ body?: unknown, token?: string, form?: FormData }} [opts] */
  const call = async (method, path, { body, token, form } = {}) => {
    const headers = token ? { authorization: token } : {};
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, { method, headers, body: form ?? (body && JSON.stringify(body)) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    get: (path, token) => call('GET', path, { token }),
    post: (path, body, token) => call('POST', path, { body, token }),
    patch: (path, body, token) => call('PATCH', path, { body, token }),
    upload: (path, form, token) => call('POST', path, { form, token }),
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-memory-'));
  const env = { ...launcherAllocatorEnv(), ...process.env };
  delete env.DATABASE_URL; // SQLite: the figures are about the process, not the database server
  let child;
  const cleanup = () => {
    child?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const admin = { email: 'bench-memory@example.com', password: 'bench-memory-password-1' };
  const rows = [];
  try {
    execFileSync(
      process.execPath,
      [CLI, 'superuser', 'upsert', admin.email, admin.password, `--dir=${dataDir}`],
      { env, stdio: 'ignore' },
    );
    child = spawn(process.execPath, [CLI, 'serve', `--http=127.0.0.1:${cfg.port}`, `--dir=${dataDir}`], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((_, reject) =>
      child.on('exit', (code) => reject(new Error(`the server exited (${code})`))),
    );
    exited.catch(() => {});
    const base = `http://127.0.0.1:${cfg.port}`;
    const api = client(base);
    let t0 = Date.now();
    await Promise.race([
      exited,
      until('the server to answer', 60, () =>
        api.get('/api/health').then(
          () => true,
          () => false,
        ),
      ),
    ]);
    const mem = sampler(child.pid);
    await sleep(cfg.settleS * 1000);
    rows.push(mem.phase('idle after start', t0));

    // --- Setup (not measured as a phase: small requests only).
    const su = (
      await api.post('/api/collections/_superusers/auth-with-password', {
        identity: admin.email,
        password: admin.password,
      })
    ).token;
    await api.patch(
      '/api/settings',
      { rateLimits: { enabled: false }, processing: { retryBaseSeconds: 0 } },
      su,
    );
    const pkg = await api.post(
      '/api/collections/packages/records',
      {
        name: 'Bench Mini',
        slug: 'bench-mini',
        kind: 'individual',
        priceCents: 900,
        currency: 'usd',
        stylesIncluded: cfg.styles,
        imagesPerStyle: cfg.imagesPerStyle,
        active: true,
        sortOrder: 1,
      },
      su,
    );
    const password = 'bench-memory-user-1';
    const user = await api.post('/api/collections/users/records', {
      email: 'customer@example.com',
      password,
      passwordConfirm: password,
    });
    const token = (
      await api.post('/api/collections/users/auth-with-password', {
        identity: 'customer@example.com',
        password,
      })
    ).token;
    const shoot = await api.post(
      '/api/collections/photoshoots/records',
      { user: user.id, title: 'Bench' },
      token,
    );
    const other = await api.post('/api/collections/photoshoots/records', { user: user.id }, token);
    const uploads = [
      ...(await acceptedSelfies()).map((img) => ({ img, shoot: shoot.id })),
      ...(await benchPhotos()).slice(0, 14).map((img) => ({ img, shoot: other.id })),
    ];

    // --- Phase 2: a burst of upload checks.
    t0 = Date.now();
    await Promise.all(
      uploads.map(({ img, shoot: id }) => {
        const form = new FormData();
        form.set('photoshoot', id);
        form.set('user', user.id);
        form.set('file', new Blob([img.bytes], { type: img.type }), img.name);
        return api.upload('/api/collections/original_photos/records', form, token);
      }),
    );
    const photos = await until('every upload check', cfg.checksTimeoutS, async () => {
      const list = await api.get(
        '/api/collections/original_photos/records?perPage=50&fields=id,qc,photoshoot',
        token,
      );
      return (
        list.items.length === uploads.length && list.items.every((p) => p.qc !== 'pending') && list.items
      );
    });
    rows.push(mem.phase(`${uploads.length} upload checks`, t0));
    const accepted = photos.filter((p) => p.photoshoot === shoot.id && p.qc === 'accepted').length;
    if (accepted < 6) throw new Error(`only ${accepted} of the 6 selfies were accepted`);

    // --- Phase 3: a photoshoot paid, rendered, reviewed and released.
    t0 = Date.now();
    const styles = (
      await api.get(
        `/api/collections/styles/records?perPage=${cfg.styles}&sort=sortOrder,slug&filter=${encodeURIComponent("active = true && team = ''")}`,
        token,
      )
    ).items;
    await api.patch(
      `/api/collections/photoshoots/records/${shoot.id}`,
      { styles: styles.map((s) => s.id), package: pkg.id },
      token,
    );
    const started = await api.post(`/api/photoshoots/${shoot.id}/checkout`, { package: pkg.id }, token);
    await api.post(`/api/payments/sandbox/${started.payment.id}/complete`, { outcome: 'paid' }, token);
    await api.post(`/api/payments/${started.payment.id}/verify`, undefined, token);
    await until('the studio to render the photoshoot', cfg.shootTimeoutS, async () => {
      const s = await api.get(`/api/collections/photoshoots/records/${shoot.id}`, token);
      if (s.status === 'failed') throw new Error(`the photoshoot failed: ${s.error ?? ''}`);
      return s.status === 'review';
    });
    const results = await api.get(
      `/api/collections/results/records?perPage=500&filter=${encodeURIComponent(`photoshoot = '${shoot.id}'`)}`,
      su,
    );
    const approve = results.items.filter((r) => r.review === 'pending').map((r) => r.id);
    const reviewed = await api.post(
      `/api/admin/photoshoots/${shoot.id}/review`,
      { approve, release: true },
      su,
    );
    if (reviewed.photoshoot.status !== 'completed')
      throw new Error(`the photoshoot is ${reviewed.photoshoot.status} after release`);
    rows.push(mem.phase(`photoshoot (${results.items.length} results)`, t0));

    // --- Phase 4: idle again.
    t0 = Date.now();
    await sleep(cfg.idleS * 1000);
    rows.push(mem.phase(`idle ${cfg.idleS} s`, t0));
    mem.stop();

    const result = {
      when: new Date().toISOString(),
      label,
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((l) => +l.toFixed(1)) },
      node: process.version,
      config: cfg,
      phases: rows,
    };
    const out = process.env.BENCH_MEMORY_OUT ?? join(here, 'results/memory.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    console.log(
      `memory of \`photoshoot serve\` (SQLite)${label ? `, ${label}` : ''}; load average ${result.machine.loadavg.join(' ')}`,
    );
    console.log('phase                          seconds   RSS MB  (anon)  peak MB  threads');
    for (const r of rows)
      console.log(
        `${r.phase.padEnd(30)} ${String(r.seconds).padStart(7)} ${String(r.rssMB).padStart(8)} ${`(${r.anonMB})`.padStart(7)} ${String(r.peakMB).padStart(8)} ${String(r.threads).padStart(8)}`,
      );
  } finally {
    cleanup();
  }
}

await main();
