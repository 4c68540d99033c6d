/**
 * `npm run bench:scale` (BENCH_SCALE_PG=postgres://… required): the scale-out path end to end.
 *
 * On 127.0.0.1, on ports picked here: the S3 double (s3rver, its own process), a PostgreSQL schema
 * of the bench's own (dropped at the end, also on failure), two `photoshoot serve` processes (no
 * job loops) and one `photoshoot worker`, each with a data dir of its own, sharing only the
 * database and the bucket. scale-seed.mjs writes the settings and data before they start.
 *
 *   1. subscribe: every customer holds one SSE connection (customer i on API process i mod 2)
 *      subscribed to `photoshoots/*` and `original_photos/*` with its own token;
 *   2. solo: browse, then poll, then a few uploads alone, each for BENCH_SCALE_SOLO seconds, to
 *      get the API processes' CPU per request of each kind;
 *   3. mixed: the owners of BENCH_SCALE_SHOOTS drafts pay (sandbox checkout, both processes), and
 *      while the worker renders them BENCH_SCALE_CLIENTS closed-loop clients browse (catalog
 *      lists, their own photoshoots) and poll the paid photoshoots, and BENCH_SCALE_UPLOADS photos
 *      are uploaded at an even pace into other drafts. It lasts BENCH_SCALE_DURATION seconds, and
 *      longer (up to BENCH_SCALE_MAX) until every paid photoshoot is completed and every upload
 *      has its check's verdict;
 *   4. checks: no request failed; every subscriber got every event about its own records that the
 *      transition log and the uploads say it must (statuses, verdicts, the final `updated`) and none
 *      about anyone else's; every paid photoshoot has its result; every process is still alive.
 *
 * Reports per request kind (req/s, p50/p99, errors), realtime events received/expected and the
 * delay from a record's `updated` to delivery, queue → done per photoshoot, the CPU of each
 * process, PostgreSQL connections per process and the bucket's objects; writes
 * results/scale-out.json.
 */
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  alive,
  benchSchema,
  backendsOf,
  connectionsTo,
  cpuSeconds,
  freePort,
  killAllNow,
  startCli,
  startS3,
  stopAll,
  untilHealthy,
} from './scale-fleet.mjs';
import { seedScale } from './scale-seed.mjs';
import { Stats, multipart, openSse, percentile, round, timed } from './scale-load.mjs';
import { acceptedSelfies } from './photos.mjs';
import { num } from './env-number.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cfg = {
  customers: num('BENCH_SCALE_CUSTOMERS', 100),
  shoots: num('BENCH_SCALE_SHOOTS', 3),
  photosPerShoot: 2,
  photoSide: 512,
  uploadDrafts: num('BENCH_SCALE_UPLOAD_DRAFTS', 6),
  uploads: num('BENCH_SCALE_UPLOADS', 12),
  clients: num('BENCH_SCALE_CLIENTS', 8),
  durationS: num('BENCH_SCALE_DURATION', 30),
  maxS: num('BENCH_SCALE_MAX', 300),
  soloS: num('BENCH_SCALE_SOLO', 4),
  warmUploads: 2,
  soloUploads: 4,
};
const BUCKET = 'photoshoot-bench';
const log = (msg) => process.stderr.write(`[bench:scale] ${msg}\n`);

/** Polls `done` every 250 ms until truthy; throws after `seconds`. */
async function until(what, seconds, done) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await done();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await sleep(250);
  }
}

/** Runs `step()` in `clients` closed loops until `stop()` says so. */
/** @param {number} clients @param {() => boolean} stop @param {(client: number, i: number) => Promise<void>} step */
async function closedLoops(clients, stop, step) {
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; !stop(); i++) await step(c, i);
    }),
  );
}

/** CPU seconds PostgreSQL backends used between two `backendsOf` readings (optionally of one process's). */
function pgCpu(before, after, of) {
  const was = new Map(before.map((b) => [b.pid, b.cpu ?? 0]));
  return after
    .filter((b) => b.cpu !== null && (!of || b.of === of))
    .reduce((s, b) => s + b.cpu - (was.get(b.pid) ?? 0), 0);
}

const round2 = (x) => Math.round(x * 100) / 100;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const parseUpdated = (s) => Date.parse(String(s).replace(' ', 'T'));

async function main() {
  const pgUrl = process.env.BENCH_SCALE_PG;
  const started = Date.now();
  const loadavgAtStart = loadavg().map((l) => round(l));
  const pg = await benchSchema(pgUrl);
  cleanups.push(() => pg.drop());
  log(`schema ${pg.schema}`);
  const s3 = await startS3(BUCKET);
  const s3Settings = { bucket: BUCKET, endpoint: s3.endpoint, accessKey: 'S3RVER', secret: 'S3RVER' };
  const encryptionKey = randomBytes(24).toString('hex');
  log(
    `seeding ${cfg.customers} customers, ${cfg.shoots} photoshoots to pay, ${cfg.uploadDrafts} drafts for uploads…`,
  );
  const seed = await seedScale({
    db: { kind: 'postgres', url: pgUrl, schema: pg.schema },
    s3: s3Settings,
    encryptionKey,
    customers: cfg.customers,
    shoots: cfg.shoots,
    uploadDrafts: cfg.uploadDrafts,
    photosPerShoot: cfg.photosPerShoot,
    side: cfg.photoSide,
  });

  // --- The fleet, configured as an operator would: env for the boot, settings for the rest.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, DATABASE_URL: pg.databaseUrl, PHOTOSHOOT_ENCRYPTION_KEY: encryptionKey };
  delete env.PHOTOSHOOT_DATA_DIR;
  delete env.PHOTOSHOOT_HTTP;
  const apis = [];
  // BENCH_SCALE_PROFILE=1: api-1 under --cpu-prof (diagnostic; summarise with profile-summary.mjs).
  const profileDir = join(here, 'results', 'profiles');
  const profile = process.env.BENCH_SCALE_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=scale-api-1.cpuprofile']
    : [];
  for (const name of ['api-1', 'api-2']) {
    const port = await freePort();
    const proc = startCli(name, ['serve', `--http=127.0.0.1:${port}`], env, name === 'api-1' ? profile : []);
    apis.push({ ...proc, base: `http://127.0.0.1:${port}` });
  }
  const worker = startCli('worker', ['worker'], env);
  await Promise.all(apis.map((a) => untilHealthy(a, a.base)));
  await until('the worker to start', 90, async () => {
    if (!alive(worker)) throw new Error(`the worker exited: ${worker.output()}`);
    return /is processing jobs/.test(worker.output());
  });
  const fleet = [...apis, worker, s3];
  log(`fleet up: ${apis.map((a) => a.base).join(', ')}, worker pid ${worker.pid}, S3 ${s3.endpoint}`);

  const stats = new Stats();
  const homeOf = (i) => apis[i % apis.length];
  const byId = new Map(seed.customers.map((c, i) => [c.id, { ...c, index: i, api: homeOf(i) }]));

  // --- 1. Subscribers: one SSE connection per customer.
  const subscribers = [];
  for (let at = 0; at < seed.customers.length; at += 25) {
    await Promise.all(
      seed.customers.slice(at, at + 25).map(async (c) => {
        const { base } = byId.get(c.id).api;
        const sse = await openSse(base);
        await timed(stats, 'subscribe', base, 'POST', '/api/realtime', {
          token: c.token,
          body: { clientId: sse.clientId, subscriptions: ['photoshoots/*', 'original_photos/*'] },
        });
        subscribers.push({ customer: c, sse });
      }),
    );
  }
  log(`${subscribers.length} SSE subscribers (connect + subscribe)`);

  const browse = [
    ['browse styles', () => '/api/collections/styles/records?perPage=30&sort=sortOrder', false],
    ['browse packages', () => '/api/collections/packages/records?perPage=30&sort=sortOrder', false],
    ['browse own photoshoots', () => '/api/collections/photoshoots/records?perPage=20&sort=-created', true],
  ];
  const browseStep = () => {
    const [kind, path, authed] = pick(browse);
    const customer = pick(seed.customers);
    const { base } = byId.get(customer.id).api;
    return timed(stats, kind, base, 'GET', path(), authed ? { token: customer.token } : {});
  };
  const pollStep = () => {
    const shoot = pick(seed.paid);
    const { base } = byId.get(shoot.owner.id).api;
    return timed(stats, 'poll photoshoot', base, 'GET', `/api/collections/photoshoots/records/${shoot.id}`, {
      token: shoot.owner.token,
    });
  };
  const selfies = await acceptedSelfies();
  const uploads = [];
  const upload = async (n, kind) => {
    const draft = seed.drafts[n % seed.drafts.length];
    const { base } = byId.get(draft.owner.id).api;
    // Each draft gets different photos (the checks would reject a repeat as a duplicate).
    const photo = selfies[Math.floor(n / seed.drafts.length) % selfies.length];
    const { body, type } = multipart({ photoshoot: draft.id, user: draft.owner.id }, photo);
    const rec = await timed(stats, kind, base, 'POST', '/api/collections/original_photos/records', {
      token: draft.owner.token,
      body,
      type,
    });
    if (rec) uploads.push({ id: rec.id, owner: draft.owner.id, kind });
  };
  const verdictOf = (id) =>
    subscribers.some((s) =>
      s.sse.events.some(
        (e) => e.topic === 'original_photos/*' && e.data.record.id === id && e.data.record.qc !== 'pending',
      ),
    );
  const pgPort = Number(new URL(pgUrl).port || 5432);
  const cpuOfFleet = () => Object.fromEntries(fleet.map((p) => [p.name, cpuSeconds(p.pid)]));
  const apiCpu = (a, b) => apis.reduce((s, p) => s + (b[p.name] - a[p.name]), 0);

  // --- 2. Solo phases: the API processes' CPU per request of each kind, one kind at a time.
  // A warm-up first (JIT, prepared statements, pools), not counted.
  const warmEnd = Date.now() + cfg.soloS * 1000;
  await closedLoops(
    cfg.clients,
    () => Date.now() > warmEnd,
    (_c, i) => (i % 2 ? browseStep() : pollStep()),
  );
  const solo = {};
  for (const [name, step] of /** @type {[string, () => Promise<unknown>][]} */ ([
    ['browse', browseStep],
    ['poll', pollStep],
  ])) {
    const before = { cpu: cpuOfFleet(), pg: await backendsOf(pg, pgPort, apis) };
    const counted = stats.errors.length;
    let requests = 0;
    const end = Date.now() + cfg.soloS * 1000;
    await closedLoops(
      cfg.clients,
      () => Date.now() > end,
      async () => {
        await step();
        requests++;
      },
    );
    const cpu = apiCpu(before.cpu, cpuOfFleet());
    const db = pgCpu(before.pg, await backendsOf(pg, pgPort, apis));
    solo[name] = {
      requests,
      perSecond: round(requests / cfg.soloS),
      apiCpuUsPerRequest: Math.round((cpu * 1e6) / requests),
      postgresCpuUsPerRequest: Math.round((db * 1e6) / requests),
    };
    if (stats.errors.length > counted) throw new Error(`solo ${name} failed: ${stats.errors.join('\n')}`);
    log(
      `solo ${name}: ${requests} requests, CPU µs each: API ${solo[name].apiCpuUsPerRequest}, PostgreSQL ${solo[name].postgresCpuUsPerRequest}`,
    );
  }
  {
    // One upload per API process first: its first check starts the face-model thread (seconds).
    const checked = (kind) => () => uploads.filter((u) => u.kind === kind).every((u) => verdictOf(u.id));
    await Promise.all(Array.from({ length: cfg.warmUploads }, (_, n) => upload(n, 'upload (warm-up)')));
    await until('the warm-up uploads’ verdicts', cfg.maxS, checked('upload (warm-up)'));
    const before = cpuOfFleet();
    const t0 = Date.now();
    for (let n = 0; n < cfg.soloUploads; n++) await upload(cfg.warmUploads + n, 'upload (solo)');
    await until('the solo uploads’ verdicts', cfg.maxS, checked('upload (solo)'));
    const afterUploads = cpuOfFleet();
    const cpu = apiCpu(before, afterUploads);
    solo.upload = {
      s3CpuMsPerUpload: Math.round(((afterUploads.s3 - before.s3) * 1e3) / cfg.soloUploads),
      requests: cfg.soloUploads,
      seconds: round((Date.now() - t0) / 1000),
      apiCpuMsPerUploadWithCheck: Math.round((cpu * 1e3) / cfg.soloUploads),
      bytesEach: selfies.map((p) => p.bytes.length),
    };
    log(`solo uploads: ${solo.upload.apiCpuMsPerUploadWithCheck} ms API CPU each (check included)`);
  }
  for (const k of ['browse styles', 'browse packages', 'browse own photoshoots', 'poll photoshoot'])
    stats.kinds.delete(k);

  // --- 3. The mixed load while the worker renders the paid photoshoots.
  const backendsBefore = await backendsOf(pg, pgPort, [...apis, worker]);
  const cpuBefore = cpuOfFleet();
  const clientCpuBefore = process.cpuUsage();
  const t0 = Date.now();
  const pay = async (shoot) => {
    const { base } = byId.get(shoot.owner.id).api;
    const token = shoot.owner.token;
    const started = await timed(
      stats,
      'pay: checkout',
      base,
      'POST',
      `/api/photoshoots/${shoot.id}/checkout`,
      {
        token,
        body: { package: seed.packageId },
      },
    );
    if (!started) return;
    // The sandbox's "paid" button, then the return page's verify, on the other process.
    const other = apis.find((a) => a.base !== base).base;
    await timed(
      stats,
      'pay: sandbox complete',
      other,
      'POST',
      `/api/payments/sandbox/${started.payment.id}/complete`,
      {
        token,
        body: { outcome: 'paid' },
      },
    );
    await timed(stats, 'pay: verify', base, 'POST', `/api/payments/${started.payment.id}/verify`, { token });
  };
  const shootDone = (shoot) =>
    subscribers.some(
      (s) =>
        s.customer.id === shoot.owner.id &&
        s.sse.events.some((e) => e.data.record?.id === shoot.id && e.data.record.status === 'completed'),
    );
  let pgConnections = null;
  let stopLoad = false;
  const workDone = () =>
    seed.paid.every(shootDone) &&
    uploads.length >= cfg.warmUploads + cfg.soloUploads + cfg.uploads &&
    uploads.every((u) => verdictOf(u.id));
  const watcher = (async () => {
    const minEnd = t0 + cfg.durationS * 1000;
    const maxEnd = t0 + cfg.maxS * 1000;
    while (Date.now() < maxEnd && !(Date.now() >= minEnd && workDone())) {
      if (!pgConnections && Date.now() >= t0 + (cfg.durationS * 1000) / 2) {
        const per = connectionsTo(pgPort);
        pgConnections = Object.fromEntries(fleet.map((p) => [p.name, per.get(p.pid)?.length ?? 0]));
      }
      for (const p of [...apis, worker])
        if (!alive(p)) throw new Error(`${p.name} exited mid-load: ${p.output()}`);
      await sleep(250);
    }
    stopLoad = true;
  })();
  watcher.catch(() => (stopLoad = true));
  const uploader = (async () => {
    for (let n = 0; n < cfg.uploads && !stopLoad; n++) {
      await sleep(Math.max(0, t0 + ((n + 0.5) * cfg.durationS * 1000) / cfg.uploads - Date.now()));
      await upload(cfg.warmUploads + cfg.soloUploads + n, 'upload');
    }
  })();
  await Promise.all([
    Promise.all(seed.paid.map(pay)),
    closedLoops(
      cfg.clients,
      () => stopLoad,
      (_c, i) => (i % 5 < 3 ? browseStep() : pollStep()),
    ),
    uploader,
  ]);
  await watcher;
  const loadS = (Date.now() - t0) / 1000;
  const cpuAfter = cpuOfFleet();
  const backendsAfter = await backendsOf(pg, pgPort, [...apis, worker]);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  log(`mixed load ran ${loadS.toFixed(1)} s`);
  if (!workDone())
    throw new Error(`not done after ${cfg.maxS} s: photoshoots or upload checks still running`);

  // --- 4. What every subscriber must have seen, from the database and the uploads.
  const finals = new Map();
  for (const shoot of seed.paid) {
    const { base } = byId.get(shoot.owner.id).api;
    finals.set(
      shoot.id,
      await timed(stats, 'final read', base, 'GET', `/api/collections/photoshoots/records/${shoot.id}`, {
        token: shoot.owner.token,
      }),
    );
  }
  const transitions = await pg.query(
    `SELECT "photoshoot", "toStatus", "created" FROM "photoshoot_events" WHERE "photoshoot" = ANY($1) ORDER BY "created"`,
    [seed.paid.map((s) => s.id)],
  );
  await until('the last events to arrive', 15, () =>
    seed.paid.every((shoot) => {
      const sub = subscribers.find((s) => s.customer.id === shoot.owner.id);
      return sub.sse.events.some(
        (e) => e.data.record?.id === shoot.id && e.data.record.updated === finals.get(shoot.id)?.updated,
      );
    }),
  ).catch(() => null);

  const problems = [];
  const delays = { worker: [], api: [] };
  let received = 0;
  let expected = 0;
  let progressEvents = 0;
  const shootsReport = [];
  for (const { customer, sse } of subscribers) {
    if (sse.closedEarly) problems.push(`${customer.id}'s SSE connection was closed by the server`);
    for (const e of sse.events) {
      const rec = e.data.record;
      if (rec?.user !== customer.id)
        problems.push(`${customer.id} received ${e.topic} about ${rec?.id} of ${rec?.user}`);
    }
    received += sse.events.length;
  }
  for (const shoot of seed.paid) {
    const { sse } = subscribers.find((s) => s.customer.id === shoot.owner.id);
    const mine = sse.events.filter((e) => e.data.record?.id === shoot.id);
    const statuses = new Set(mine.map((e) => e.data.record.status));
    const must = transitions
      .filter((t) => t.photoshoot === shoot.id)
      .map((t) => t.toStatus)
      .filter((s) => s !== 'draft');
    expected += must.length + 1; // every transition, and the final write
    for (const s of must)
      if (!statuses.has(s)) problems.push(`${shoot.id}: no event with status ${s} (saw ${[...statuses]})`);
    const final = finals.get(shoot.id);
    if (mine.at(-1)?.data.record.updated !== final?.updated)
      problems.push(
        `${shoot.id}: the last event is not the final record (${mine.at(-1)?.data.record.updated} vs ${final?.updated})`,
      );
    const byWorker = mine.filter(
      (e) => e.data.record.status === 'processing' || e.data.record.status === 'completed',
    );
    for (const e of byWorker) delays.worker.push(e.at - parseUpdated(e.data.record.updated));
    progressEvents += mine.filter((e) => e.data.record.status === 'processing').length;
    const queued = transitions.find((t) => t.photoshoot === shoot.id && t.toStatus === 'queued');
    const done = transitions.find((t) => t.photoshoot === shoot.id && t.toStatus === 'completed');
    const results = await timed(
      stats,
      'final read',
      byId.get(shoot.owner.id).api.base,
      'GET',
      `/api/collections/results/records?filter=${encodeURIComponent(`photoshoot = '${shoot.id}'`)}`,
      { token: shoot.owner.token },
    );
    if (results?.items.length !== 1)
      problems.push(`${shoot.id}: ${results?.items.length} results, 1 expected`);
    shootsReport.push({
      id: shoot.id,
      status: final?.status,
      queueToDoneS:
        queued && done ? round((parseUpdated(done.created) - parseUpdated(queued.created)) / 1000) : null,
      events: mine.length,
      progressEvents: mine.filter((e) => e.data.record.status === 'processing').length,
    });
    if (final?.status !== 'completed') problems.push(`${shoot.id} is ${final?.status}`);
  }
  for (const u of uploads) {
    const { sse } = subscribers.find((s) => s.customer.id === u.owner);
    const mine = sse.events.filter((e) => e.topic === 'original_photos/*' && e.data.record.id === u.id);
    expected += 2;
    if (!mine.some((e) => e.data.action === 'create')) problems.push(`upload ${u.id}: no create event`);
    const verdict = mine.find((e) => e.data.record.qc !== 'pending');
    if (!verdict) problems.push(`upload ${u.id}: no verdict event`);
    else delays.api.push(verdict.at - parseUpdated(verdict.data.record.updated));
  }
  const mustReceived =
    expected -
    problems.filter((p) => /no (create|verdict) event|no event with status|last event/.test(p)).length;
  for (const { sse } of subscribers) sse.close();

  const seconds = loadS;
  const cpu = Object.fromEntries(
    fleet.map((p) => [
      p.name,
      {
        cpuSeconds: round(cpuAfter[p.name] - cpuBefore[p.name]),
        cores: round2((cpuAfter[p.name] - cpuBefore[p.name]) / seconds),
      },
    ]),
  );
  // The database's CPU for each process: its backends' CPU over the window (a backend that
  // connected during it counts whole; one that ended during it is lost, and counted in `ended`).
  const after = new Set(backendsAfter.map((b) => b.pid));
  for (const p of [...apis, worker]) {
    const used = pgCpu(backendsBefore, backendsAfter, p.name);
    cpu[`postgres for ${p.name}`] = {
      cpuSeconds: round(used),
      cores: round2(used / seconds),
      backends: backendsAfter.filter((b) => b.of === p.name).length,
      ended: backendsBefore.filter((b) => b.of === p.name && !after.has(b.pid)).length,
    };
  }
  cpu['bench client'] = {
    cpuSeconds: round((clientCpu.user + clientCpu.system) / 1e6),
    cores: round2((clientCpu.user + clientCpu.system) / 1e6 / seconds),
  };
  const kinds = stats.summary(seconds);
  const apiRequests = Object.entries(kinds)
    .filter(([k]) => !['subscribe', 'upload (warm-up)', 'upload (solo)', 'final read'].includes(k))
    .reduce((s, [, v]) => s + v.requests, 0);
  const bucket = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let objects = [];
  try {
    let token;
    do {
      const out = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
      objects = objects.concat(out.Contents ?? []);
      token = out.NextContinuationToken;
    } while (token);
  } finally {
    bucket.destroy();
  }
  const dist = (list) => {
    const s = [...list].sort((a, b) => a - b);
    return {
      count: s.length,
      p50: round(percentile(s, 50)),
      p99: round(percentile(s, 99)),
      max: round(s.at(-1) ?? null),
    };
  };
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadavgAtStart,
      loadavgAtEnd: loadavg().map((l) => round(l)),
    },
    config: cfg,
    mixedLoadSeconds: round(seconds),
    requests: kinds,
    apiRequestsPerSecond: round(apiRequests / seconds),
    apiCpuUsPerRequestMixed: Math.round(
      (apis.reduce((s, p) => s + cpu[p.name].cpuSeconds, 0) * 1e6) / apiRequests,
    ),
    solo,
    realtime: {
      subscribers: subscribers.length,
      eventsReceived: received,
      mustReceive: expected,
      mustReceiveArrived: mustReceived,
      progressEvents,
      delayFromUpdatedMs: { workerWrites: dist(delays.worker), apiWrites: dist(delays.api) },
    },
    photoshoots: shootsReport,
    uploads: uploads.length,
    cpu,
    pgConnectionsMidLoad: pgConnections,
    bucket: { objects: objects.length, bytes: objects.reduce((s, o) => s + (o.Size ?? 0), 0) },
    errors: stats.errors,
    problems,
    totalSeconds: round((Date.now() - started) / 1000),
  };
  await write(result);
  print(result);
  if (stats.errors.length || problems.length)
    throw new Error(`the run failed:\n  ${[...stats.errors, ...problems].join('\n  ')}`);
}

async function write(result) {
  const file = join(here, 'results', 'scale-out.json');
  mkdirSync(dirname(file), { recursive: true });
  let text = JSON.stringify(result, null, 2) + '\n';
  const prettier = await import('prettier').catch(() => null);
  if (prettier)
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  writeFileSync(file, text);
  log('wrote bench/results/scale-out.json');
}

function print(r) {
  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s ?? '—').padStart(n);
  console.log(
    `\nscale-out: 2 API processes + 1 worker, PostgreSQL, S3 double; mixed load ${r.mixedLoadSeconds} s (load average ${r.machine.loadavgAtStart[0]} at the start, ${r.machine.loadavgAtEnd[0]} at the end)`,
  );
  console.log(
    `${pad('kind', 26)}${lpad('requests', 9)}${lpad('req/s', 8)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}${lpad('errors', 8)}`,
  );
  for (const [k, v] of Object.entries(r.requests))
    console.log(
      `${pad(k, 26)}${lpad(v.requests, 9)}${lpad(v.perSecond, 8)}${lpad(v.p50, 9)}${lpad(v.p99, 9)}${lpad(v.errors, 8)}`,
    );
  console.log(
    `API requests in the mix: ${r.apiRequestsPerSecond} req/s, ${r.apiCpuUsPerRequestMixed} µs of API CPU each (uploads' checks included)`,
  );
  console.log(
    `solo, CPU per request (API + PostgreSQL): browse ${r.solo.browse.apiCpuUsPerRequest} + ${r.solo.browse.postgresCpuUsPerRequest} µs, poll ${r.solo.poll.apiCpuUsPerRequest} + ${r.solo.poll.postgresCpuUsPerRequest} µs; upload with its check ${r.solo.upload.apiCpuMsPerUploadWithCheck} ms API, ${r.solo.upload.s3CpuMsPerUpload} ms S3 double`,
  );
  const rt = r.realtime;
  console.log(
    `realtime: ${rt.subscribers} subscribers, ${rt.eventsReceived} events received, ${rt.mustReceiveArrived}/${rt.mustReceive} required ones arrived, ${rt.progressEvents} progress events`,
  );
  for (const [k, d] of Object.entries(rt.delayFromUpdatedMs))
    console.log(
      `  delay updated → delivered (${k}): n ${d.count}, p50 ${d.p50}, p99 ${d.p99}, max ${d.max} ms`,
    );
  for (const s of r.photoshoots)
    console.log(`photoshoot ${s.id}: ${s.status}, queue → done ${s.queueToDoneS} s, ${s.events} events`);
  console.log(
    `CPU (cores busy on average): ${Object.entries(r.cpu)
      .map(([k, v]) => `${k} ${v.cores}`)
      .join(', ')}`,
  );
  console.log(
    `PostgreSQL connections mid-load: ${JSON.stringify(r.pgConnectionsMidLoad)}; bucket: ${r.bucket.objects} objects, ${Math.round(r.bucket.bytes / 1024)} KB`,
  );
}

const cleanups = [];
async function cleanup() {
  await stopAll();
  for (const c of cleanups.splice(0)) await c().catch((err) => log(`cleanup: ${err.message}`));
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().finally(() => process.exit(143)));
process.on('exit', killAllNow);
let code = 0;
if (!process.env.BENCH_SCALE_PG) {
  console.error(
    '[bench:scale] BENCH_SCALE_PG is not set: give a PostgreSQL URL the bench may create (and drop) a schema in, e.g.\n' +
      '  BENCH_SCALE_PG=postgres://postgres:photoshoot-test@127.0.0.1:55500/photoshoot_test npm run bench:scale',
  );
  process.exit(2);
}
try {
  await main();
} catch (err) {
  console.error(`[bench:scale] FAILED: ${err?.stack ?? err}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
