/**
 * Diagnostic: the list scenario against several servers in turn (rounds alternate), reporting per
 * round the server's CPU per request (all threads, and the main thread apart from V8/libuv helper
 * threads, from /proc) and the in-process median time of the list's COUNT and page statements
 * (statement-timer.mjs). It separates "the same statements are slower in this process" from "the
 * JavaScript around them costs more". Not the reported figures (`npm run bench` is).
 *
 *   BENCH_TARGETS='auth=server-baseline.mjs::;ours=server-ours.mjs::;ours-x=server-ours.mjs:--max-semi-space-size=1:nomodules'
 *   node bench/list-statements.mjs        (after the build; name=script:node flags:BENCH_VARIANT;…)
 *
 * A target whose name starts with `auth` runs with BENCH_BASELINE=auth. The first target is the
 * reference for the per-round ratios. BENCH_ROUNDS (4), BENCH_DURATION (s, 3).
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { seed } from './seed.mjs';
import { posts, PER_PAGE, LIST_FILTER, LIST_SORT } from './collection.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const duration = Number(process.env.BENCH_DURATION ?? 3);
const defs = (process.env.BENCH_TARGETS ?? 'auth=server-baseline.mjs::;ours=server-ours.mjs::').split(';');
const timer = new URL('./statement-timer.mjs', import.meta.url).pathname;

/** CPU µs so far per thread kind of a process: `main`, or the thread's name. */
function threadCpu(pid) {
  const out = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = tid === String(pid) ? 'main' : name;
      out[key] = (out[key] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10_000; // 100 Hz ticks
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

const ask = (child, type) =>
  new Promise((resolve) => {
    const onMessage = (msg) => {
      if (msg?.type !== type) return;
      child.off('message', onMessage);
      resolve(msg);
    };
    child.on('message', onMessage);
    child.send({ type, id: 1 });
  });
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const seeded = await seed();
const qs = new URLSearchParams({
  page: '1',
  perPage: String(PER_PAGE),
  filter: LIST_FILTER,
  sort: LIST_SORT,
});
const targets = [];
try {
  for (const def of defs) {
    const name = def.slice(0, def.indexOf('='));
    const [script, flags = '', variant = ''] = def.slice(def.indexOf('=') + 1).split(':');
    const child = fork(new URL(script, import.meta.url).pathname, [], {
      env: {
        ...process.env,
        BENCH_DATA_DIR: seeded.dataDir,
        BENCH_COLLECTION_ID: posts.id,
        BENCH_VARIANT: variant,
        BENCH_BASELINE: name.startsWith('auth') ? 'auth' : '',
      },
      execArgv: ['--import', timer, ...flags.split(' ').filter(Boolean)],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    targets.push({ name, child, rows: [], url: '' });
    const port = await new Promise((resolve, reject) => {
      child.on('message', (/** @type {any} */ msg) => msg?.type === 'ready' && resolve(msg.port));
      child.on('exit', () => reject(new Error(`${name} exited`)));
    });
    targets.at(-1).url = `http://127.0.0.1:${port}/api/collections/bench_posts/records?${qs}`;
  }
  for (let i = 0; i < rounds; i++)
    for (const t of targets) {
      const opts = { url: t.url, headers: { authorization: seeded.token }, connections: 50 };
      await autocannon({ ...opts, duration: i === 0 ? 2 : 1 });
      await ask(t.child, 'sqltimes');
      const cpu0 = (await ask(t.child, 'cpu')).usage;
      const threads0 = threadCpu(t.child.pid);
      const r = await autocannon({ ...opts, duration });
      const cpu1 = (await ask(t.child, 'cpu')).usage;
      const threads1 = threadCpu(t.child.pid);
      const sql = await ask(t.child, 'sqltimes');
      if (r.non2xx || r.errors || r.timeouts || !r['2xx']) throw new Error(`${t.name}: failed requests`);
      const per = (us) => us / r['2xx'];
      t.rows.push({
        cpu: per(cpu1.user + cpu1.system - cpu0.user - cpu0.system),
        main: per((threads1.main ?? 0) - (threads0.main ?? 0)),
        count: sql.count,
        page: sql.page,
      });
    }
  const ref = targets[0];
  for (const t of targets) {
    const m = (k) => median(t.rows.map((row) => row[k])).toFixed(0);
    console.log(
      `${t.name.padEnd(16)} CPU ${m('cpu')} µs/req (main thread ${m('main')})  COUNT ${m('count')} µs  page ${m('page')} µs`,
    );
    if (t === ref) continue;
    const ratios = t.rows.map((row, i) => ref.rows[i].cpu / row.cpu);
    const delta = (k) => median(t.rows.map((row, i) => row[k] - ref.rows[i][k])).toFixed(1);
    console.log(
      `  vs ${ref.name}: CPU ratio per round ${ratios.map((x) => x.toFixed(2)).join(' ')}, median ${median(ratios).toFixed(3)}; ` +
        `median Δ main thread ${delta('main')}, COUNT ${delta('count')}, page ${delta('page')} µs`,
    );
  }
} finally {
  for (const t of targets) t.child.kill('SIGTERM');
  rmSync(seeded.dataDir, { recursive: true, force: true });
}
