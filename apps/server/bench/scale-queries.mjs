/**
 * Diagnostic for the scale-out section: how many PostgreSQL statements each request kind of the
 * mixed load sends, counted in-process (pg's `Client.prototype.query` wrapped) on a schema of its
 * own, through the real server (`createServer` + `inject`, no socket). After `npm run build`:
 * `BENCH_SCALE_PG=postgres://… node bench/scale-queries.mjs`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { App } from '../dist/core/app.js';
import { modules } from '../dist/modules.js';
import { createServer } from '../dist/apis/server.js';
import { systemCaller } from '../dist/core/records/caller.js';
import { benchSchema } from './scale-fleet.mjs';

const url = process.env.BENCH_SCALE_PG;

/** CPU seconds the process `pid` has used (the PostgreSQL backend runs on this machine). */
const cpuOf = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

/**
 * The poll's view statement sent N times as an unnamed statement (what the server does: parsed
 * and planned every time) and as a named prepared one, alternating, 3 rounds: the backend's and
 * this process's CPU per statement. Sequential on one connection, so no contention in the figure.
 */
async function namedVsUnnamed(statement) {
  const N = 2000;
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema.schema}` });
  await client.connect();
  try {
    const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const text = statement.text;
    const rows = [];
    for (let round = 0; round < 3; round++)
      for (const mode of ['unnamed', 'named']) {
        const pg0 = cpuOf(pid);
        const me0 = process.cpuUsage();
        for (let i = 0; i < N; i++)
          await client.query(
            mode === 'named'
              ? { name: 'poll', text, values: statement.values }
              : { text, values: statement.values },
          );
        const me = process.cpuUsage(me0);
        rows.push({
          mode,
          pgUs: Math.round(((cpuOf(pid) - pg0) * 1e6) / N),
          clientUs: Math.round((me.user + me.system) / N),
        });
      }
    for (const mode of ['unnamed', 'named'])
      console.log(
        `poll's view statement, ${mode}: PostgreSQL ${rows
          .filter((r) => r.mode === mode)
          .map((r) => r.pgUs)
          .join(' / ')} µs, client ${rows
          .filter((r) => r.mode === mode)
          .map((r) => r.clientUs)
          .join(' / ')} µs`,
      );
  } finally {
    await client.end();
  }
}
if (!url) {
  console.error('BENCH_SCALE_PG is not set (see README, "Scale-out")');
  process.exit(2);
}
const schema = await benchSchema(url);
const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-bench-queries-'));
let app;
try {
  app = await App.open({ dataDir, db: { kind: 'postgres', url, schema: schema.schema }, modules });
  await app.settings.patch({ rateLimits: { enabled: false } });
  const users = app.registry.require('users');
  const system = systemCaller(app.registry.require('_superusers'));
  const user = await app.records.create(users, system, {
    email: 'q@example.com',
    password: 'bench-password-1',
    passwordConfirm: 'bench-password-1',
  });
  const token = await app.auth.issueToken(
    users,
    await app.records.findById(users, String(user.data.id)),
    'auth',
  );
  const shoot = await app.records.create(app.registry.require('photoshoots'), system, {
    user: user.data.id,
    team: '',
    status: 'draft',
  });
  const server = await createServer(app, {});
  /** @type {Record<string, [string, boolean]>} */
  const kinds = {
    'browse styles': ['/api/collections/styles/records?perPage=30&sort=sortOrder', false],
    'browse packages': ['/api/collections/packages/records?perPage=30&sort=sortOrder', false],
    'browse own photoshoots': ['/api/collections/photoshoots/records?perPage=20&sort=-created', true],
    'poll photoshoot': [`/api/collections/photoshoots/records/${shoot.data.id}`, true],
  };
  const seen = [];
  let pollView;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const plain = typeof config === 'string';
    seen.push({ text: plain ? config : config?.text, values: plain ? rest[0] : (config?.values ?? rest[0]) });
    return query.call(this, config, ...rest);
  };
  for (const [kind, [path, authed]] of Object.entries(kinds)) {
    // The first two calls warm the token memo and the rule memo; the next five are counted (the
    // fewest: a background task of the app, e.g. the style previews after a first start, can
    // write while a request runs).
    const counts = [];
    let fewest = null;
    for (let i = 0; i < 7; i++) {
      seen.length = 0;
      const res = await server.inject({
        method: 'GET',
        url: path,
        headers: authed ? { authorization: token } : {},
      });
      if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
      if (i < 2) continue;
      counts.push(seen.length);
      if (!fewest || seen.length < fewest.length) fewest = [...seen];
    }
    console.log(`${kind}: ${counts.join(', ')} statement(s)`);
    for (const s of fewest) console.log(`    ${s.text.replace(/\s+/g, ' ').slice(0, 140)}`);
    if (kind === 'poll photoshoot') pollView = fewest.at(-1);
  }
  pg.Client.prototype.query = query;
  await server.close();
  await namedVsUnnamed(pollView);
} finally {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await schema.drop();
}
