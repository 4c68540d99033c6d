/**
 * Diagnostic preload (`node --import bench/statement-timer.mjs <server>`, used by
 * list-statements.mjs): times the bench list's two statements (its page and its COUNT) inside
 * whichever server loads it, by wrapping better-sqlite3's `get`/`all` with `hrtime`, and answers an
 * IPC `{ type: 'sqltimes' }` with the median of each since the last ask. Wall time of a synchronous
 * call: unlike a CPU profile's samples it cannot absorb time spent elsewhere in the request.
 */
import { createRequire } from 'node:module';

const require = createRequire(new URL('../package.json', import.meta.url));
const Database = require('better-sqlite3');
const probe = new Database(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();

let times = { count: [], page: [] };
const kindOf = (source) =>
  !source.includes('bench_posts')
    ? null
    : source.includes('COUNT(*)')
      ? 'count'
      : source.includes('LIMIT')
        ? 'page'
        : null;
for (const method of ['get', 'all']) {
  const original = statementProto[method];
  statementProto[method] = function timed(...args) {
    const kind = kindOf(this.source);
    if (!kind) return original.apply(this, args);
    const t0 = process.hrtime.bigint();
    const result = original.apply(this, args);
    times[kind].push(Number(process.hrtime.bigint() - t0) / 1000);
    return result;
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
};
process.on('message', (/** @type {any} */ msg) => {
  if (msg?.type !== 'sqltimes') return;
  process.send({
    type: 'sqltimes',
    count: median(times.count),
    page: median(times.page),
    n: times.count.length,
  });
  times = { count: [], page: [] };
});
