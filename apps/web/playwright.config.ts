import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests run against the real built server (apps/server/dist) serving the built web app
// (apps/web/dist); `npm test` at the repository root builds both first. Two runs at once need their own
// port and build: `E2E_PORT=18391 PHOTOSHOOT_WEB_DIST=/tmp/my-dist npx playwright test` (the server reads
// PHOTOSHOOT_WEB_DIST; `npx vite build --outDir /tmp/my-dist` makes one).

const PORT = Number(process.env.E2E_PORT || 18091);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Every run gets a fresh data directory. Playwright loads this file in the runner and again in each
// worker; workers inherit the runner's environment, so only the runner creates (and later removes) it.
const DATA_DIR_ENV = 'PHOTOSHOOT_E2E_DATA_DIR';
if (!process.env[DATA_DIR_ENV]) {
  const dir = mkdtempSync(join(tmpdir(), 'photoshoot-e2e-'));
  process.env[DATA_DIR_ENV] = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env[DATA_DIR_ENV];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `node ../server/dist/cli.js serve --http=127.0.0.1:${PORT} --dir=${dataDir}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Request logs go to stdout; `DEBUG=pw:webserver npx playwright test` shows them.
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    // Always the default SQLite store in the fresh data dir, even if the shell has DATABASE_URL set.
    env: { DATABASE_URL: '' },
  },
});
