/**
 * The core of the two API scenarios without HTTP: token check + `records.view` and token check +
 * `records.list` (the bench's filter, sort and count), called in this process and timed by CPU per
 * call. With `BENCH_CORE_BEFORE=<dir of another build>` (for example the parent commit's `dist/`
 * copied to `apps/server/.bench-before`, inside the package so it finds node_modules) both builds
 * open the same seeded data and alternate every round, so outside load falls on both alike: on a
 * shared machine this ratio is far steadier than req/s. Not a replacement for `npm run bench`
 * (HTTP, hooks, logs and JSON are all outside it). `BENCH_ROUNDS` (default 5).
 *
 *   node bench/core-path.mjs            (after `npm run build`)
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seed } from './seed.mjs';
import { LIST_FILTER, LIST_SORT, PER_PAGE, postsWith } from './collection.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const builds = [['after', new URL('../dist/', import.meta.url).href]];
if (process.env.BENCH_CORE_BEFORE)
  builds.unshift(['before', pathToFileURL(resolve(process.env.BENCH_CORE_BEFORE)).href + '/']);

const seeded = await seed();
const apps = [];
try {
  const targets = [];
  for (const [name, base] of builds) {
    const { App } = await import(new URL('core/app.js', base).href);
    const { modules } = await import(new URL('modules.js', base).href);
    const { defineCollection } = await import(new URL('core/schema/collection.js', base).href);
    const { f } = await import(new URL('core/schema/fields.js', base).href);
    const dataDir = seeded.dataDir;
    const app = await App.open({
      dataDir,
      db: { kind: 'sqlite', dataDir },
      modules,
      extraCollections: [postsWith(defineCollection, f)],
    });
    apps.push(app);
    const col = app.registry.require('bench_posts');
    const caller = async () => ({
      auth: await app.auth.authenticate(seeded.token),
      method: 'GET',
      headers: {},
      query: {},
      context: 'default',
    });
    targets.push({
      name,
      view: async () => app.records.view(col, await caller(), seeded.viewId),
      list: async () =>
        app.records.list(col, await caller(), {
          filter: LIST_FILTER,
          sort: LIST_SORT,
          perPage: String(PER_PAGE),
        }),
    });
  }
  const cpuPerCall = async (fn, n) => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await fn();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / n;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  for (const scenario of ['view', 'list']) {
    const n = scenario === 'view' ? 20_000 : 400;
    for (const t of targets) await cpuPerCall(t[scenario], n / 4);
    const runs = new Map(targets.map((t) => [t.name, []]));
    for (let r = 0; r < rounds; r++)
      for (const t of targets) runs.get(t.name).push(await cpuPerCall(t[scenario], n));
    const line = targets.map((t) => `${t.name} ${median(runs.get(t.name)).toFixed(1)} µs`).join(', ');
    const ratio =
      targets.length === 2
        ? `; after/before ${(median(runs.get('after')) / median(runs.get('before'))).toFixed(2)}`
        : '';
    console.log(`${scenario}: CPU per call (median of ${rounds} rounds) ${line}${ratio}`);
  }
} finally {
  for (const app of apps) await app.close();
  rmSync(seeded.dataDir, { recursive: true, force: true });
}
