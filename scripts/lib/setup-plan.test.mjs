import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planSetup } from './setup-plan.mjs';

/** @type {import('./setup-plan.mjs').Probes} */
const ready = {
  nodeModules: 'ok',
  chromium: true,
  postgresBinaries: true,
  testDatabaseUrl: false,
  root: false,
  debian: true,
};
const TEST = { browser: true, postgres: true };
const START = { browser: false, postgres: false };

describe('planSetup', () => {
  it('installs nothing on a ready machine and starts its own PostgreSQL for the tests', () => {
    assert.deepEqual(planSetup(ready, TEST), { apt: [], npm: null, startPostgres: true, error: null });
  });

  it('uses a given TEST_DATABASE_URL instead of starting PostgreSQL, even without its binaries', () => {
    const plan = planSetup({ ...ready, testDatabaseUrl: true, postgresBinaries: false }, TEST);
    assert.deepEqual(plan, { apt: [], npm: null, startPostgres: false, error: null });
  });

  it('runs npm ci on a fresh clone and npm install when the lockfile is newer than node_modules', () => {
    assert.equal(planSetup({ ...ready, nodeModules: 'missing' }, START).npm, 'ci');
    assert.equal(planSetup({ ...ready, nodeModules: 'stale' }, START).npm, 'install');
  });

  it('installs Chromium and PostgreSQL from apt as root on Debian', () => {
    const plan = planSetup({ ...ready, chromium: false, postgresBinaries: false, root: true }, TEST);
    assert.deepEqual(plan.apt, ['chromium', 'fonts-liberation', 'postgresql']);
    assert.equal(plan.error, null);
  });

  it('stops with the exact apt command on Debian without root', () => {
    const plan = planSetup({ ...ready, chromium: false, nodeModules: 'missing' }, TEST);
    assert.deepEqual(plan.apt, []);
    assert.match(plan.error, /sudo apt-get install --no-install-recommends chromium fonts-liberation$/);
  });

  it('stops with what to set when the machine is not Debian', () => {
    const plan = planSetup(
      { ...ready, debian: false, root: true, chromium: false, postgresBinaries: false },
      TEST,
    );
    assert.match(plan.error, /not Debian/);
    assert.match(plan.error, /export CHROMIUM_PATH=/);
    assert.match(plan.error, /export TEST_DATABASE_URL=/);
  });

  it('needs neither browser nor PostgreSQL to start the app', () => {
    const plan = planSetup({ ...ready, chromium: false, postgresBinaries: false, debian: false }, START);
    assert.deepEqual(plan, { apt: [], npm: null, startPostgres: false, error: null });
  });
});
