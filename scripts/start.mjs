#!/usr/bin/env node
/**
 * `npm start` on any clone: installs the npm dependencies if they are missing or older than the
 * lockfile, builds, then serves on SQLite (`photoshoot serve`; arguments after `--` are passed on).
 * Node built-ins only: this runs before node_modules exists.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { install } from './lib/install.mjs';
import { probeMachine } from './lib/probes.mjs';
import { run } from './lib/run.mjs';
import { planSetup } from './lib/setup-plan.mjs';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));

try {
  await install(repo, planSetup(probeMachine(repo), { browser: false, postgres: false }));
  await run('npm', ['run', 'build'], { cwd: repo });
  // note: serve handles SIGINT/SIGTERM itself (finishes requests and jobs); we only pass them on.
  // Through the `photoshoot` bin, as operators run it: it sets glibc's allocator first.
  const serve = run(join(repo, 'apps/server/bin/photoshoot.js'), ['serve', ...process.argv.slice(2)], {
    cwd: repo,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
  await serve;
} catch (err) {
  console.error(`npm start: ${err.message}`);
  process.exit(err.code ?? 1);
}
