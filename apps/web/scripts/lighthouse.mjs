#!/usr/bin/env node
/**
 * Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) against the landing page of
 * the built server on a loopback port, several runs in a row. Prints the performance score, LCP and
 * the bytes transferred per resource type, and writes a JSON summary.
 *
 *   npm run build   # at the repository root, once
 *   node apps/web/scripts/lighthouse.mjs [--runs=3] [--port=18095] [--path=/] [--out=FILE]
 *
 * Needs Chromium (/usr/bin/chromium, or CHROMIUM_PATH); works offline.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const runs = Number(args.runs ?? 3);
const port = Number(args.port ?? process.env.LIGHTHOUSE_PORT ?? 18095);
const path = args.path ?? '/';
const out = resolve(args.out ?? join(repo, 'apps/web/lighthouse-summary.json'));
const cli = join(repo, 'apps/server/dist/cli.js');
if (!existsSync(cli) || !existsSync(join(repo, 'apps/web/dist/index.html'))) {
  console.error('lighthouse: build first (`npm run build` at the repository root).');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-lighthouse-'));
const server = spawn(process.execPath, [cli, 'serve', `--http=127.0.0.1:${port}`, `--dir=${dataDir}`], {
  env: { ...process.env, DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
const cleanup = async () => {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
};

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/api/health`, 120_000);
  console.log(`server up on ${base}; ${runs} Lighthouse run(s)`);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const results = [];
  for (let i = 1; i <= runs; i++) {
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const result = summarise(lhr);
    results.push(result);
    console.log(
      `run ${i}: performance ${result.score}, LCP ${ms(result.lcpMs)}, FCP ${ms(result.fcpMs)}, ` +
        `TBT ${ms(result.tbtMs)}, CLS ${result.cls}, server ${ms(result.serverResponseMs)}, transferred ${kb(result.transfer.total)} ` +
        `(script ${kb(result.transfer.script)}, stylesheet ${kb(result.transfer.stylesheet)}, ` +
        `document ${kb(result.transfer.document)})`,
    );
  }
  const summary = {
    url: `${base}${path}`,
    lighthouse: results[0]?.lighthouseVersion,
    chromium: results[0]?.userAgent,
    measuredAt: new Date().toISOString(),
    runs: results,
  };
  writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`summary: ${out}`);
} finally {
  await cleanup();
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const transfer = { total: 0 };
  for (const item of lhr.audits['resource-summary']?.details?.items ?? []) {
    transfer[item.resourceType === 'total' ? 'total' : item.resourceType] = item.transferSize;
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index')),
    // The server's observed answer time feeds the simulation: on a busy machine it moves LCP.
    serverResponseMs: Math.round(audit('server-response-time') ?? 0),
    lcpElement: lcpElement(lhr),
    // The main-thread tasks behind TBT (simulated durations), longest first.
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 5)
      .map((t) => ({ url: t.url, startMs: Math.round(t.startTime), durationMs: Math.round(t.duration) })),
    transfer,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
    warnings: lhr.runWarnings,
  };
}

function lcpElement(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items.flatMap((table) => table.items ?? []).find((row) => row.node)?.node;
  return node?.snippet ?? null;
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function ms(v) {
  return `${(v / 1000).toFixed(2)} s`;
}
function kb(v) {
  return `${((v ?? 0) / 1024).toFixed(1)} KB`;
}
