/**
 * `npm run bench`: our API vs a hand-written Fastify + better-sqlite3 baseline (server-baseline.mjs)
 * on the same seeded data, in the same run, on 127.0.0.1, and vs the same baseline doing the auth
 * work a PocketBase-compatible server must do (BENCH_BASELINE=auth: token, auth record, rules).
 *
 *   1. seed.mjs makes a data dir: the app's schema, one user + token, 100,000 `bench_posts` rows;
 *   2. each server runs in its own child process (fork), so the load generator (autocannon, here in
 *      the parent) never shares a server's event loop;
 *   3. both servers must answer each scenario with 200 and the same JSON (deep-equal, same size),
 *      and ours must hide both from an anonymous caller (its rules really run);
 *   4. per scenario, rounds alternate baseline, auth baseline, ours, ... (warm-up before each);
 *      each ratio is the median of the back-to-back pairs, req/s and latencies are the median
 *      round's; any non-2xx, error or timeout fails the run.
 *
 * Options (env): BENCH_DURATION (s, default 5), BENCH_WARMUP (s, first round, default 3),
 * BENCH_REWARM (s, later rounds, default 1), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS (50).
 * Diagnostics (not the reported figures): `--profile` runs each server alone under `--cpu-prof`
 * and prints CPU µs per request by category for the measured window (profiles kept in
 * bench/results/profiles/); `--ablate` measures our server with costs patched out in memory.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, platform, arch, release } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { posts, ROWS, PER_PAGE, LIST_FILTER, LIST_SORT } from './collection.mjs';
import { seed } from './seed.mjs';
import { categorise, summariseProfile } from './profile-summary.mjs';
import { measureRealtime, seedRealtime } from './realtime.mjs';
import { num } from './env-number.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const cfg = {
  duration: num('BENCH_DURATION', 5),
  warmup: num('BENCH_WARMUP', 3),
  rewarm: num('BENCH_REWARM', 1),
  rounds: num('BENCH_ROUNDS', 5),
  connections: num('BENCH_CONNECTIONS', 50),
};
const PROFILE = process.argv.includes('--profile');
const ABLATE = process.argv.includes('--ablate');
/** `node bench/run.mjs realtime`: the SSE fan-out scenario of realtime.mjs instead of the API pair. */
const REALTIME = process.argv.includes('realtime');
const RT_BUDGET_P99_MS = 250;
const BUDGET = 0.7;

const children = new Set();
let dataDir;
/** Drops the realtime scenario's PostgreSQL schema (two-process mode), once. */
let dropPgSchema = null;

function log(msg) {
  process.stderr.write(`[bench] ${msg}\n`);
}

// ---------- child servers ----------

function startServer(name, script, execArgv = [], variant = '', env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(join(here, script), [], {
      env: {
        ...process.env,
        BENCH_DATA_DIR: dataDir,
        BENCH_COLLECTION_ID: posts.id,
        BENCH_VARIANT: variant,
        ...env,
      },
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    let probe = 0;
    const waiting = new Map();
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    child.on('exit', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      reject(new Error(`${name} exited early (code ${code}, signal ${signal})`));
      for (const w of waiting.values()) w.reject(new Error(`${name} exited`));
    });
    child.on('message', (/** @type {any} */ msg) => {
      if (msg?.type === 'ready') {
        clearTimeout(timer);
        resolve({
          name,
          child,
          url: `http://127.0.0.1:${msg.port}`,
          /** CPU time (µs) the server process has used so far. */
          cpu() {
            return new Promise((res, rej) => {
              const id = ++probe;
              waiting.set(id, { resolve: res, reject: rej });
              child.send({ type: 'cpu', id });
            });
          },
        });
      } else if (msg?.type === 'cpu') {
        const w = waiting.get(msg.id);
        waiting.delete(msg.id);
        w?.resolve({ cpuUs: msg.usage.user + msg.usage.system, monoUs: msg.monoUs });
      }
    });
  });
}

function stopChild(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}

async function stopAll() {
  await Promise.all([...children].map((c) => stopChild(c)));
}

// ---------- load ----------

async function load(server, scenario, seconds) {
  return autocannon({
    url: server.url + scenario.path,
    headers: scenario.headers,
    connections: cfg.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  });
}

function check(result, what) {
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0 || result['2xx'] === 0) {
    throw new Error(
      `${what}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result['2xx']} 2xx (status counts ${JSON.stringify(result.statusCodeStats)}) — a benchmark of errors is worthless`,
    );
  }
}

/** Machine-wide busy CPU time so far (µs, all cores), to see load from other processes. */
function machineBusyUs() {
  let busy = 0;
  for (const c of cpus()) busy += c.times.user + c.times.nice + c.times.sys + c.times.irq;
  return busy * 1000;
}

async function measure(server, scenario, warmSeconds) {
  if (warmSeconds > 0)
    check(await load(server, scenario, warmSeconds), `${server.name} ${scenario.key} warm-up`);
  const cpu0 = await server.cpu();
  const self0 = process.cpuUsage();
  const machine0 = machineBusyUs();
  const t0 = performance.now();
  const r = await load(server, scenario, cfg.duration);
  const wallUs = (performance.now() - t0) * 1000;
  const machine1 = machineBusyUs();
  const cpu1 = await server.cpu();
  const self1 = process.cpuUsage(self0);
  check(r, `${server.name} ${scenario.key}`);
  const serverCpu = (cpu1.cpuUs - cpu0.cpuUs) / wallUs;
  const loadgenCpu = (self1.user + self1.system) / wallUs;
  return {
    rps: r['2xx'] / (wallUs / 1e6),
    requests: r['2xx'],
    p50: r.latency.p50,
    p99: r.latency.p99,
    serverCpu,
    loadgenCpu,
    /** Cores' worth of CPU used by processes other than this server and the load generator. */
    otherCpu: Math.max(0, (machine1 - machine0) / wallUs - serverCpu - loadgenCpu),
    /** The measured window on the server's monotonic clock (µs), to cut its CPU profile. */
    window: [cpu0.monoUs, cpu1.monoUs],
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------- checks and facts ----------

async function get(url, headers) {
  const res = await fetch(url, { headers });
  return { status: res.status, body: await res.text() };
}

/** Both servers must answer 200 with the same JSON, or the comparison means nothing. */
async function checkSameAnswers(ours, baseline, scenarios, { bytesKey = 'baseline' } = {}) {
  for (const s of scenarios) {
    const a = await get(ours.url + s.path, s.headers);
    const b = await get(baseline.url + s.path, s.headers);
    if (a.status !== 200 || b.status !== 200) {
      throw new Error(
        `${s.key}: ours ${a.status} ${a.body.slice(0, 300)} / baseline ${b.status} ${b.body.slice(0, 300)}`,
      );
    }
    if (!isDeepStrictEqual(JSON.parse(a.body), JSON.parse(b.body))) {
      throw new Error(
        `${s.key}: bodies differ\n ours:     ${a.body.slice(0, 400)}\n baseline: ${b.body.slice(0, 400)}`,
      );
    }
    s.bytes = { ...s.bytes, ours: a.body.length, [bytesKey]: b.body.length };
  }
  await checkRulesApplied(ours, scenarios);
}

/** A server that claims to apply the rules: without the token the view is hidden and the list empty. */
async function checkRulesApplied(server, scenarios) {
  const anonView = await get(server.url + scenarios[0].path, {});
  const anonList = await get(server.url + scenarios[1].path, {});
  if (anonView.status !== 404 || JSON.parse(anonList.body).totalItems !== 0) {
    throw new Error(
      `${server.name}: rules not applied: anonymous view ${anonView.status}, anonymous list ${anonList.body.slice(0, 200)}`,
    );
  }
}

/** EXPLAIN QUERY PLAN of our generated list SQL (rebuilt the way list.ts builds it) and the baseline's. */
async function queryPlans(userId) {
  const { compileFilter, compileSort } = await import('../dist/core/filter/compile.js');
  const { filterContext, ruleCondition } = await import('../dist/core/records/rules.js');
  const { CollectionRegistry } = await import('../dist/core/schema/registry.js');
  const { productCollections } = await import('../dist/modules/all-collections.js');
  const registry = new CollectionRegistry(productCollections);
  registry.register(posts);
  const db = new Database(join(dataDir, 'data.db'), { readonly: true });
  try {
    // Only the dialect is read while compiling; nothing runs on this Db.
    const fakeDb = /** @type {import('../dist/core/db/db.js').Db} */ (
      /** @type {unknown} */ ({ dialect: 'sqlite' })
    );
    /** @type {import('../dist/core/records/caller.js').Caller} */
    const caller = {
      auth: { collection: registry.require('users'), record: { id: userId }, refreshable: true, token: '' },
      method: 'GET',
      headers: {},
      query: {},
      context: 'default',
    };
    const rule = ruleCondition(fakeDb, registry, posts, posts.listRule, caller);
    const ctx = filterContext(fakeDb, registry, posts, caller, { forRule: false, superuser: false });
    const filter = compileFilter(LIST_FILTER, ctx);
    const sort = compileSort(LIST_SORT, ctx);
    const where = [rule, filter].filter(Boolean);
    const from = `FROM "bench_posts" r WHERE ${where.map((c) => `(${c.sql})`).join(' AND ')}`;
    const params = where.flatMap((c) => c.params).map((p) => (typeof p === 'boolean' ? Number(p) : p));
    const plan = (sql, ps) =>
      db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...ps)
        .map((/** @type {any} */ r) => r.detail);
    const oursPage = `SELECT r.* ${from} ORDER BY ${sort.sql} LIMIT ? OFFSET ?`;
    const oursCount = `SELECT COUNT(*) AS n ${from}`;
    const W = '"published" = 1 AND "score" > ?';
    const basePage = `SELECT * FROM "bench_posts" WHERE ${W} ORDER BY "score" DESC, "id" DESC LIMIT ? OFFSET ?`;
    const baseCount = `SELECT COUNT(*) AS n FROM "bench_posts" WHERE ${W}`;
    return {
      ours: {
        page: { sql: oursPage, plan: plan(oursPage, [...params, ...sort.params, PER_PAGE, 0]) },
        count: { sql: oursCount, plan: plan(oursCount, params) },
      },
      baseline: {
        page: { sql: basePage, plan: plan(basePage, [500, PER_PAGE, 0]) },
        count: { sql: baseCount, plan: plan(baseCount, [500]) },
      },
      sqliteVersion: /** @type {{ v: string }} */ (db.prepare('select sqlite_version() as v').get()).v,
    };
  } finally {
    db.close();
  }
}

function machine(sqliteVersion) {
  const c = cpus();
  const pkg = (name) => {
    try {
      return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  return {
    cores: c.length,
    cpuModel: c[0]?.model ?? '?',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    fastify: pkg('fastify'),
    betterSqlite3: pkg('better-sqlite3'),
    autocannon: pkg('autocannon'),
    sqlite: sqliteVersion,
  };
}

// ---------- output ----------

const fmt = (n, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

function printTable(results, facts, plans) {
  const out = [];
  out.push('');
  out.push(
    'Photoshoot API vs hand-written Fastify + better-sqlite3 baselines, plain and with auth (same data, same run)',
  );
  out.push(
    `machine: ${facts.cores} cores (${facts.cpuModel}), ${facts.memoryGiB} GiB, ${facts.os}; node ${facts.node}; ` +
      `fastify ${facts.fastify}, better-sqlite3 ${facts.betterSqlite3} (SQLite ${facts.sqlite}), autocannon ${facts.autocannon}`,
  );
  out.push(
    `load: autocannon in the parent process → 127.0.0.1, ${cfg.connections} keep-alive connections, no pipelining; ` +
      `${cfg.rounds} rounds × ${cfg.duration} s per target, alternating baseline/auth baseline/ours, warm-up ${cfg.warmup} s (then ${cfg.rewarm} s); median round shown`,
  );
  out.push(
    `data: ${fmt(ROWS)} bench_posts rows; every response checked 2xx; all servers give identical JSON bodies`,
  );
  out.push('');
  const head =
    pad('scenario', 38) +
    pad('  vs', 16) +
    lpad('ref req/s', 11) +
    lpad('ours req/s', 12) +
    lpad('ratio', 8) +
    lpad('budget', 8) +
    lpad('ref p50/p99 ms', 16) +
    lpad('ours p50/p99 ms', 17) +
    lpad('CPU µs/req ref/ours', 21) +
    lpad('CPU ratio', 11);
  out.push(head);
  out.push('-'.repeat(head.length));
  for (const r of results) {
    const o = r.ours.median;
    for (const [name, ref] of [
      ['baseline', r.baseline],
      ['auth baseline', r.auth],
    ]) {
      const b = ref.median;
      out.push(
        pad(name === 'baseline' ? r.label : '', 38) +
          pad(`  ${name}`, 16) +
          lpad(fmt(b.rps), 11) +
          lpad(fmt(o.rps), 12) +
          lpad(ref.ratio.toFixed(2), 8) +
          lpad(ref.ratio >= BUDGET ? 'ok' : 'MISS', 8) +
          lpad(`${b.p50} / ${b.p99}`, 16) +
          lpad(`${o.p50} / ${o.p99}`, 17) +
          lpad(`${fmt(ref.cpuUsPerRequest)} / ${fmt(r.cpuUsPerRequest.ours)}`, 21) +
          lpad((ref.cpuUsPerRequest / r.cpuUsPerRequest.ours).toFixed(2), 11),
      );
    }
  }
  out.push('');
  const allRounds = (r) => r.ours.rounds.concat(r.baseline.rounds, r.auth.rounds);
  for (const r of results) {
    const rps = (rs) => rs.map((x) => fmt(x.rps)).join(', ');
    out.push(
      `  ${r.key} rounds req/s — baseline: ${rps(r.baseline.rounds)}; auth baseline: ${rps(r.auth.rounds)}; ours: ${rps(r.ours.rounds)}` +
        `; paired ratios ${r.baseline.pairedRatios.map((x) => x.toFixed(2)).join(', ')} / auth ${r.auth.pairedRatios.map((x) => x.toFixed(2)).join(', ')}` +
        `; server CPU b/a/o ${[r.baseline.median, r.auth.median, r.ours.median].map((m) => Math.round(m.serverCpu * 100)).join('%/')}% of a core` +
        `; load generator CPU ≈ ${Math.round(median(allRounds(r).map((x) => x.loadgenCpu)) * 100)}% of a core` +
        `; other processes ≈ ${Math.round(median(allRounds(r).map((x) => x.otherCpu)) * 100)}% of a core`,
    );
  }
  const other = Math.max(...results.flatMap((r) => allRounds(r).map((x) => x.otherCpu)));
  if (other > 0.25) {
    out.push(
      `WARNING: other processes used up to ${Math.round(other * 100)}% of a core during measurement; figures are noisy (alternation keeps the ratio fairer).`,
    );
  }
  out.push('');
  out.push(
    "ratio = ours / reference req/s, median of the paired (back-to-back) rounds; design budget ≥ 0.70 (stated against the plain baseline). req/s and p50/p99 are the median round's.",
  );
  out.push(
    'CPU µs/req = server process CPU time / requests served (all its threads); CPU ratio = reference / ours, i.e. the req/s ratio',
  );
  out.push(
    '  a CPU-bound server would reach; it is much less sensitive than req/s to other processes competing for the cores.',
  );
  out.push(
    'view: GET /api/collections/bench_posts/records/:id with a user token; rule author = @request.auth.id.',
  );
  out.push(
    `list: GET /api/collections/bench_posts/records?filter=${LIST_FILTER}&sort=${LIST_SORT}&perPage=${PER_PAGE}; rule @request.auth.id != ''; all compute totalItems (COUNT), no skipTotal.`,
  );
  out.push(
    'baseline DOES: Fastify routing, read-only better-sqlite3 with prepared statements, the same SELECT (+ COUNT for the list), same record JSON.',
  );
  out.push(
    'baseline does NOT: verify the JWT / load the auth user, evaluate rules (view rule = 2nd query in ours), parse/compile filter+sort,',
  );
  out.push(
    '  rate-limit hooks, security/CORS headers, ?fields= picker, request logging (ours buffers 1 log row per request into auxiliary.db).',
  );
  out.push(
    'auth baseline ALSO DOES: HS256 token check with node:crypto, SELECT of the auth user per request, view rule in the WHERE clause,',
  );
  out.push(
    '  list only for an authenticated caller; it still does no filter parsing, rate limits, headers, picker or request log.',
  );
  out.push(
    'our list SQL plan:      ' +
      plans.ours.page.plan.join(' | ') +
      '  ;  count: ' +
      plans.ours.count.plan.join(' | '),
  );
  out.push(
    'baseline list SQL plan: ' +
      plans.baseline.page.plan.join(' | ') +
      '  ;  count: ' +
      plans.baseline.count.plan.join(' | '),
  );
  out.push('');
  console.log(out.join('\n'));
}

// ---------- main ----------

async function main() {
  const started = performance.now();
  log(`seeding ${fmt(ROWS)} rows...`);
  const s = await seed();
  dataDir = s.dataDir;
  log(`seeded in ${fmt(s.seedMs)} ms at ${dataDir}`);

  const auth = { authorization: s.token };
  const qs = new URLSearchParams({
    page: '1',
    perPage: String(PER_PAGE),
    filter: LIST_FILTER,
    sort: LIST_SORT,
  }).toString();
  const scenarios = [
    {
      key: 'view',
      label: 'view: 1 record, authenticated',
      path: `/api/collections/bench_posts/records/${s.viewId}`,
      headers: auth,
    },
    {
      key: 'list',
      label: `list: ${PER_PAGE} rows of 100k, filter+sort+count`,
      path: `/api/collections/bench_posts/records?${qs}`,
      headers: auth,
    },
  ];
  const plans = await queryPlans(s.userId);
  const facts = machine(plans.sqliteVersion);

  // Diagnostics may look at one scenario only (BENCH_SCENARIOS=view or list).
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const picked = only ? scenarios.filter((sc) => only.includes(sc.key)) : scenarios;
  if (PROFILE) return profile(picked);
  if (ABLATE) return ablate(scenarios, picked);

  const ours = await startServer('ours', 'server-ours.mjs');
  const baseline = await startServer('baseline', 'server-baseline.mjs');
  const authBaseline = await startServer('auth', 'server-baseline.mjs', [], '', { BENCH_BASELINE: 'auth' });
  await checkSameAnswers(ours, baseline, scenarios);
  await checkSameAnswers(ours, authBaseline, scenarios, { bytesKey: 'auth' });
  await checkRulesApplied(authBaseline, scenarios);
  log(
    `servers up: ours ${ours.url}, baseline ${baseline.url}, auth baseline ${authBaseline.url}; bodies identical`,
  );

  const results = [];
  for (const sc of scenarios) {
    const rounds = { baseline: [], auth: [], ours: [] };
    for (let i = 0; i < cfg.rounds; i++) {
      for (const server of [baseline, authBaseline, ours]) {
        const m = await measure(server, sc, i === 0 ? cfg.warmup : cfg.rewarm);
        rounds[server.name].push(m);
        log(
          `${sc.key} round ${i + 1} ${server.name}: ${fmt(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, server CPU ${Math.round(m.serverCpu * 100)}%`,
        );
      }
    }
    const pick = (rs) => {
      // The median round by req/s (its own latencies come with it).
      const sorted = [...rs].sort((a, b) => a.rps - b.rps);
      const mid = sorted[(sorted.length - 1) >> 1];
      return { ...mid, rps: median(rs.map((r) => r.rps)) };
    };
    const o = pick(rounds.ours);
    const cpuPerReq = (rs) => median(rs.map((x) => (x.serverCpu * 1e6) / x.rps));
    const versus = (ref) => {
      const b = pick(rounds[ref]);
      // Rounds i of a baseline and ours ran close together, so their ratio shares the machine's load then.
      const paired = rounds.ours.map((x, i) => x.rps / rounds[ref][i].rps);
      return {
        median: b,
        rounds: rounds[ref],
        ratio: median(paired),
        pairedRatios: paired,
        ratioOfMedians: o.rps / b.rps,
        cpuUsPerRequest: cpuPerReq(rounds[ref]),
      };
    };
    const plain = versus('baseline');
    const auth = versus('auth');
    results.push({
      key: sc.key,
      label: sc.label,
      path: sc.path,
      responseBytes: sc.bytes,
      ratio: plain.ratio,
      pairedRatios: plain.pairedRatios,
      ratioOfMedians: plain.ratioOfMedians,
      cpuUsPerRequest: {
        baseline: plain.cpuUsPerRequest,
        auth: auth.cpuUsPerRequest,
        ours: cpuPerReq(rounds.ours),
      },
      baseline: plain,
      auth,
      ours: { median: o, rounds: rounds.ours },
    });
  }
  printTable(results, facts, plans);

  const json = {
    date: new Date().toISOString(),
    machine: facts,
    config: {
      ...cfg,
      rows: ROWS,
      perPage: PER_PAGE,
      filter: LIST_FILTER,
      sort: LIST_SORT,
      budget: BUDGET,
      skipTotal: false,
    },
    baseline: {
      does: 'Fastify 5 routing + query parsing; data.db opened read-only with better-sqlite3, prepared statements; view: SELECT * WHERE id = ?; list: same WHERE/ORDER BY/LIMIT 30 + COUNT(*); same record JSON (bool decoding, collectionId/collectionName), JSON.stringify',
      doesNot:
        'verify the JWT or load the auth record; evaluate list/view rules; parse/compile filter and sort; rate-limit hooks; security/CORS headers; ?fields= picker; request logging',
    },
    authBaseline: {
      does: 'the baseline plus: Authorization token verified as HS256 with node:crypto (alg, signature with tokenKey + collection auth secret, exp, type); SELECT * FROM users WHERE id = ? per request; view rule in the WHERE clause (WHERE id = ? AND author = ?); list only for an authenticated caller',
      doesNot:
        'parse/compile filter and sort; rate-limit hooks; security/CORS headers; ?fields= picker; request logging',
    },
    results: results.map((r) => {
      const round3 = (x) => Math.round(x * 1000) / 1000;
      const versus = (ref) => ({
        ratio: round3(ref.ratio),
        pairedRatios: ref.pairedRatios.map(round3),
        ratioOfMedians: round3(ref.ratioOfMedians),
        cpuCostRatio: round3(ref.cpuUsPerRequest / r.cpuUsPerRequest.ours),
        meetsBudget: ref.ratio >= BUDGET,
      });
      return {
        scenario: r.key,
        path: r.path,
        responseBytes: r.responseBytes,
        ...versus(r.baseline),
        vsAuthBaseline: versus(r.auth),
        cpuUsPerRequest: {
          baseline: Math.round(r.cpuUsPerRequest.baseline),
          auth: Math.round(r.cpuUsPerRequest.auth),
          ours: Math.round(r.cpuUsPerRequest.ours),
        },
        baseline: { median: r.baseline.median, rounds: r.baseline.rounds },
        auth: { median: r.auth.median, rounds: r.auth.rounds },
        ours: r.ours,
      };
    }),
    queryPlans: plans,
    totalSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  const file = join(here, 'results', 'latest.json');
  let text = JSON.stringify(json, null, 2) + '\n';
  // Formatted like the repo's other files, so `prettier --check .` stays green after a run.
  const prettier = await import('prettier').catch(() => null);
  if (prettier)
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  writeFileSync(file, text);
  log(`wrote bench/results/latest.json (${json.totalSeconds} s total)`);
}

/** Our server alone under --cpu-prof, one process per scenario; prints the hottest functions. */
async function profile(scenarios) {
  const dir = join(here, 'results', 'profiles');
  mkdirSync(dir, { recursive: true });
  const only = process.env.BENCH_PROFILE_TARGETS?.split(',') ?? ['ours', 'baseline', 'auth'];
  for (const sc of scenarios) {
    for (const [target, script, env] of /** @type {[string, string, Record<string, string>][]} */ ([
      ['ours', 'server-ours.mjs', {}],
      ['baseline', 'server-baseline.mjs', {}],
      ['auth', 'server-baseline.mjs', { BENCH_BASELINE: 'auth' }],
    ])) {
      if (!only.includes(target)) continue;
      const name = `${target}-${sc.key}.cpuprofile`;
      const server = await startServer(
        target,
        script,
        ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}`],
        '',
        env,
      );
      // A warm-up, then the measured load; only samples inside the measured window are counted.
      const warm = await load(server, sc, cfg.warmup);
      check(warm, `${target} ${sc.key} warm-up`);
      const m = await measure(server, sc, 0);
      await stopChild(server.child);
      const requests = m.requests;
      log(`profile ${target} ${sc.key}: ${fmt(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms (profiler on)`);
      const prof = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      console.log(`\n=== ${target} ${sc.key}: ${join(dir, name)} ===`);
      console.log(categorise(prof, requests, m.window));
      if (target === 'ours') console.log(summariseProfile(prof, 25, m.window));
    }
  }
}

/**
 * What each cost is worth: the baseline and our server with in-memory patches (server-ours.mjs
 * BENCH_VARIANT), measured one after another. Diagnostic only; not the reported figures.
 */
async function ablate(scenarios, picked) {
  const variants = (process.env.BENCH_VARIANTS ?? ',nolog,nocache,nolog+nocache')
    .split(',')
    .map((v) => v.replace(/\+/g, ','));
  const targets = [
    await startServer('baseline', 'server-baseline.mjs'),
    await startServer('auth baseline', 'server-baseline.mjs', [], '', { BENCH_BASELINE: 'auth' }),
  ];
  for (const v of variants) {
    // A `--flag` in a variant is a Node option for that server process (e.g. a V8 heap setting).
    const parts = v.split(',').filter(Boolean);
    const flags = parts.filter((p) => p.startsWith('--'));
    const patches = parts.filter((p) => !p.startsWith('--')).join(',');
    const t = await startServer(`ours${v ? `[${v}]` : ''}`, 'server-ours.mjs', flags, patches);
    targets.push(t);
  }
  // BENCH_OURS_BEFORE=<another build's bench dir> (its dist/ beside it): that build alternates too.
  if (process.env.BENCH_OURS_BEFORE)
    targets.push(
      await startServer(
        'ours[before]',
        relative(here, join(resolve(process.env.BENCH_OURS_BEFORE), 'server-ours.mjs')),
      ),
    );
  for (const t of targets.slice(1)) await checkSameAnswers(t, targets[0], scenarios);
  for (const sc of picked) {
    const rows = [];
    for (let i = 0; i < cfg.rounds; i++) {
      for (const t of targets) {
        const m = await measure(t, sc, i === 0 ? cfg.warmup : cfg.rewarm);
        rows.push({ t: t.name, ...m });
        log(
          `${sc.key} ${t.name}: ${fmt(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, server CPU ${Math.round(m.serverCpu * 100)}%, other ${Math.round(m.otherCpu * 100)}%`,
        );
      }
    }
    console.log(`\n${sc.key} (median of ${cfg.rounds} × ${cfg.duration} s):`);
    const base = median(rows.filter((r) => r.t === 'baseline').map((r) => r.rps));
    for (const t of targets) {
      const rps = median(rows.filter((r) => r.t === t.name).map((r) => r.rps));
      const cpu = median(rows.filter((r) => r.t === t.name).map((r) => (r.serverCpu * 1e6) / r.rps));
      console.log(
        `  ${pad(t.name, 24)} ${lpad(fmt(rps), 8)} req/s  ratio ${(rps / base).toFixed(2)}  µs CPU/request ${fmt(cpu)}`,
      );
    }
  }
}

async function realtimeMain() {
  const started = performance.now();
  const subscribers = num('BENCH_RT_SUBSCRIBERS', 10000);
  const updates = num('BENCH_RT_UPDATES', 10);
  const warmup = num('BENCH_RT_WARMUP', 3);
  // BENCH_RT_PG=<postgres url>: two API processes on one PostgreSQL schema (made and dropped here)
  // share the subscribers; the PATCHes go through the first, the second's deliveries cross processes.
  const pgUrl = process.env.BENCH_RT_PG;
  let pgDb = null;
  if (pgUrl) {
    const schema = `bench_rt_${Date.now().toString(36)}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    pgDb = { kind: 'postgres', url: pgUrl, schema };
    dropPgSchema = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    };
  }
  log(`seeding ${fmt(subscribers)} users for the realtime scenario${pgDb ? ' on PostgreSQL' : ''}...`);
  const seeded = await seedRealtime(subscribers, pgDb);
  dataDir = seeded.dataDir;
  // With --profile: the server under --cpu-prof, hottest functions printed (not the reported figures).
  const profDir = join(here, 'results', 'profiles');
  const profName = 'ours-realtime.cpuprofile';
  if (PROFILE) mkdirSync(profDir, { recursive: true });
  const execArgv = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${profName}`] : [];
  const pgEnv = pgDb ? { BENCH_PG_URL: pgDb.url, BENCH_PG_SCHEMA: pgDb.schema } : {};
  const ours = await startServer('ours', 'server-ours.mjs', execArgv, '', pgEnv);
  const second = pgDb ? await startServer('ours-2', 'server-ours.mjs', [], '', pgEnv) : null;
  const r = await measureRealtime(second ? [ours, second] : ours, seeded, { updates, warmup, log });
  if (PROFILE) {
    await stopChild(ours.child);
    const prof = JSON.parse(readFileSync(join(profDir, profName), 'utf8'));
    console.log(summariseProfile(prof, 30, r.window));
    return;
  }
  const facts = machine('-');
  const ok = r.p99 <= RT_BUDGET_P99_MS;
  console.log(
    `\nrealtime: ${fmt(r.subscribers)} SSE subscribers × ${r.updates} updates = ${fmt(r.deliveries)} deliveries, none missing\n` +
      `  latency ms (PATCH sent → event read by the subscriber): p50 ${r.p50}, p95 ${r.p95}, p99 ${r.p99}, max ${r.max}\n` +
      `  after ${r.warmup} warm-up updates (slowest subscriber of each: ${r.warmupMax.join(', ')} ms)\n` +
      `  median over updates of the slowest subscriber: ${r.medianOfUpdateMax} ms; server CPU per update: ${r.serverCpuMsPerUpdate} ms; bench client CPU per update: ${r.clientCpuMsPerUpdate} ms\n` +
      (r.crossProcess
        ? `  ${r.processes} API processes on PostgreSQL; cross-process deliveries (${fmt(r.crossProcess.deliveries)}): p50 ${r.crossProcess.p50}, p99 ${r.crossProcess.p99}, max ${r.crossProcess.max} ms\n`
        : '') +
      `  budget p99 ≤ ${RT_BUDGET_P99_MS} ms: ${ok ? 'met' : 'MISSED'} (${facts.cores} cores, ${facts.cpuModel}, node ${facts.node})\n`,
  );
  mkdirSync(join(here, 'results'), { recursive: true });
  const file = join(here, 'results', pgDb ? 'realtime-pg-2proc.json' : 'realtime-latest.json');
  const json = {
    date: new Date().toISOString(),
    machine: facts,
    budgetP99Ms: RT_BUDGET_P99_MS,
    meetsBudget: ok,
    ...r,
    totalSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  let text = JSON.stringify(json, null, 2) + '\n';
  const prettier = await import('prettier').catch(() => null);
  if (prettier)
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  writeFileSync(file, text);
  log(
    `wrote bench/results/${pgDb ? 'realtime-pg-2proc' : 'realtime-latest'}.json (${json.totalSeconds} s total)`,
  );
}

let exitCode = 0;
const cleanup = async () => {
  await stopAll();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const drop = dropPgSchema;
  dropPgSchema = null;
  await drop?.().catch((err) => log(`could not drop the bench schema: ${err.message}`));
};
process.on('SIGINT', () => {
  void cleanup().finally(() => process.exit(130));
});
try {
  await (REALTIME ? realtimeMain() : main());
} catch (err) {
  console.error(`[bench] FAILED: ${err?.stack ?? err}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
