#!/usr/bin/env node
/**
 * `npm test` on any clone: installs what is missing (npm dependencies; as root on Debian, Chromium
 * and PostgreSQL from apt), starts a throwaway PostgreSQL unless TEST_DATABASE_URL is given, builds
 * and runs every test on both engines, then stops that PostgreSQL. Where it cannot install what is
 * missing it stops at once with the command to run: no browser or PostgreSQL test is ever skipped.
 * Node built-ins only: this runs before node_modules exists. `.ci/run` is this plus CI=true.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureDigest } from './lib/failure-digest.mjs';
import { install } from './lib/install.mjs';
import { chromiumPath, probeMachine } from './lib/probes.mjs';
import { phase, printTiming, run } from './lib/run.mjs';
import { planSetup } from './lib/setup-plan.mjs';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const pgScript = join(repo, 'scripts/pg-test-server.sh');

const plan = planSetup(probeMachine(repo), { browser: true, postgres: true });
if (plan.error) {
  console.error(`npm test: ${plan.error}`);
  process.exit(1);
}

let pgEnv = null;
let stopping = null;
let interrupted = null;
/** Stops the throwaway PostgreSQL once, whether the run ends or is interrupted. */
const stopPostgres = () => {
  if (!pgEnv) return Promise.resolve();
  stopping ??= phase('postgres stop', () => run(pgScript, ['stop'], { env: pgEnv })).catch(() => {});
  return stopping;
};
for (const [signal, code] of /** @type {[NodeJS.Signals, number][]} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
])) {
  process.once(signal, () => {
    interrupted = code;
    // Ctrl-C reaches the test runners too and the run below ends through its finally; if they
    // ignore it, stop here once PostgreSQL is gone.
    void stopPostgres().finally(() =>
      setTimeout(() => {
        printTiming();
        process.exit(code);
      }, 5_000).unref(),
    );
  });
}

let exitCode = 0;
/** Checks and workspaces that failed, with the lines naming what failed (printed last: CI shows the tail). */
const failed = [];
try {
  await install(repo, plan);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, CHROMIUM_PATH: chromiumPath() };
  if (plan.startPostgres) {
    const dir = mkdtempSync(join(tmpdir(), 'photoshoot-test-pg-'));
    pgEnv = { ...process.env, PG_TEST_DIR: dir };
    env.TEST_DATABASE_URL = await phase('postgres start', () =>
      run(pgScript, ['start'], { env: pgEnv, capture: true }),
    );
    console.log(`PostgreSQL for tests: ${env.TEST_DATABASE_URL}`);
  }
  await phase('build', () => run('npm', ['run', 'build'], { cwd: repo, env }));
  await phase('test scripts', () => run(process.execPath, ['--test', 'scripts/lib/'], { cwd: repo, env }));
  // Each check and each workspace's tests is a phase of its own, and a failing one does not stop
  // the others: one run shows every failure, and the digest at the end names them (CI shows only
  // the tail of the output).
  /** @param {{ name: string, args: string[] }} step @param {boolean} [quiet] */
  const step = async ({ name, args }, quiet = false) => {
    const tee = { quiet };
    try {
      await phase(name, async () => {
        try {
          await run('npm', args, { cwd: repo, env, tee });
        } finally {
          if (quiet) process.stdout.write(tee.output ?? '');
        }
      });
    } catch (err) {
      failed.push({ name, err, lines: failureDigest(tee.output ?? '') });
    }
  };
  // Lint, format and types come first: they are the quickest to fail. Neither keeps two cores
  // busy, so side by side they end sooner (on two cores, 93 s against 120 s one after the other,
  // median of three alternated pairs); each one's output is printed whole as it ends. Neither
  // reads what the other writes: the type check rebuilds apps/server/dist, which lint ignores.
  await Promise.all(
    [
      { name: 'lint and format', args: ['run', 'lint'] },
      { name: 'typecheck', args: ['run', 'typecheck'] },
    ].map((check) => step(check, true)),
  );
  for (const workspace of JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).workspaces)
    await step({ name: `test ${workspace}`, args: ['run', 'test', '-w', workspace] });
  if (failed.length) throw failed[0].err;
  // Hostile bodies flooded at the built server while an authenticated GET is measured, bounded.
  const stallEnv = { ...env, BENCH_STALL_DURATION: '4', BENCH_STALL_BUDGET: 'report' };
  await phase('stall benchmark', () =>
    run('node', ['bench/stall.mjs'], { cwd: join(repo, 'apps/server'), env: stallEnv }),
  );
} catch (err) {
  console.error(`npm test: ${err.message}`);
  const pgLog = pgEnv && !stopping && join(pgEnv.PG_TEST_DIR, 'server.log');
  if (pgLog && existsSync(pgLog)) {
    console.error(`--- last lines of the PostgreSQL log (${pgLog})`);
    const lines = readFileSync(pgLog, 'utf8').split('\n').slice(-40);
    console.error(lines.map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l)).join('\n'));
  }
  exitCode = err.code ?? 1;
} finally {
  await stopPostgres();
  printTiming();
  for (const { name, lines } of failed) {
    console.error(`\n=== failures in ${name}`);
    console.error(lines.length ? lines.join('\n') : '(no failure lines recognised: see its output above)');
  }
}
process.exit(interrupted ?? exitCode);
