/** What the machine has, for setup-plan.mjs. Node built-ins only: this runs before `npm install`. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** @returns {import('./setup-plan.mjs').Probes} */
export function probeMachine(repo, env = process.env) {
  return {
    nodeModules: nodeModulesState(repo),
    chromium: existsSync(chromiumPath(env)),
    postgresBinaries: hasPostgresBinaries(env),
    testDatabaseUrl: !!env.TEST_DATABASE_URL,
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    debian: existsSync('/etc/debian_version') && onPath('apt-get', env),
  };
}

/** npm writes node_modules/.package-lock.json on every install; an older one than the lockfile is stale. */
/** @returns {'missing' | 'stale' | 'ok'} */
function nodeModulesState(repo) {
  const installed = join(repo, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return 'missing';
  const lock = join(repo, 'package-lock.json');
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs ? 'stale' : 'ok';
}

/** The same places scripts/pg-test-server.sh looks. */
function hasPostgresBinaries(env) {
  const debianDir = '/usr/lib/postgresql';
  if (existsSync(debianDir)) {
    for (const version of readdirSync(debianDir)) {
      if (existsSync(join(debianDir, version, 'bin', 'initdb'))) return true;
    }
  }
  return onPath('initdb', env) && onPath('pg_ctl', env);
}

function onPath(command, env) {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}
