/**
 * What `npm start` and `npm test` must install before they can run, decided from what the machine
 * has (the probes, see probes.mjs). Pure, so every branch is tested with fake probes.
 */

/** Debian packages: the browser for the Playwright tests (with a font), the PostgreSQL server. */
export const APT = {
  chromium: ['chromium', 'fonts-liberation'],
  postgresql: ['postgresql'],
};

/**
 * @typedef {object} Probes what probeMachine found
 * @property {'missing' | 'stale' | 'ok'} nodeModules
 * @property {boolean} chromium a browser at CHROMIUM_PATH or /usr/bin/chromium
 * @property {boolean} postgresBinaries initdb/pg_ctl to start a throwaway server
 * @property {boolean} testDatabaseUrl TEST_DATABASE_URL given: use that server instead
 * @property {boolean} root
 * @property {boolean} debian apt-get and /etc/debian_version
 */

/**
 * @param {Probes} probes
 * @param {{ browser: boolean, postgres: boolean }} needs what the command runs (start needs neither)
 * @returns {{ apt: string[], npm: 'ci' | 'install' | null, startPostgres: boolean, error: string | null }}
 */
export function planSetup(probes, needs) {
  const apt = [];
  if (needs.browser && !probes.chromium) apt.push(...APT.chromium);
  const startPostgres = needs.postgres && !probes.testDatabaseUrl;
  if (startPostgres && !probes.postgresBinaries) apt.push(...APT.postgresql);
  const npm = probes.nodeModules === 'missing' ? 'ci' : probes.nodeModules === 'stale' ? 'install' : null;

  let error = null;
  if (apt.length && !(probes.root && probes.debian)) {
    const install = `apt-get install --no-install-recommends ${apt.join(' ')}`;
    error = probes.debian
      ? `Missing: ${apt.join(', ')}. Install them as root, then run npm test again:\n  sudo ${install}`
      : [
          `Missing: ${missingWhat(probes, needs).join(' and ')}. This machine is not Debian, so install them yourself, then run npm test again:`,
          ...(needs.browser && !probes.chromium
            ? ['  Chromium or Chrome, then: export CHROMIUM_PATH=/path/to/chromium']
            : []),
          ...(startPostgres && !probes.postgresBinaries
            ? [
                '  PostgreSQL server binaries (initdb, pg_ctl) on PATH, or an empty database you can create schemas in:',
                '  export TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/photoshoot_test',
              ]
            : []),
        ].join('\n');
  }
  return { apt: error ? [] : apt, npm, startPostgres, error };
}

function missingWhat(probes, needs) {
  const what = [];
  if (needs.browser && !probes.chromium) what.push('a Chromium browser');
  if (needs.postgres && !probes.testDatabaseUrl && !probes.postgresBinaries) what.push('PostgreSQL');
  return what;
}
