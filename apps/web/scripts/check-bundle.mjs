#!/usr/bin/env node
/**
 * Fails when the landing page's initial JavaScript exceeds the budget (120 KB gzipped).
 * "Initial" is what the built index.html makes the browser load before the first render: its
 * module script(s) and modulepreload links, gzipped one by one as a server would send them.
 * Usage: node scripts/check-bundle.mjs [distDir] (after `vite build`).
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`check-bundle: ${indexPath} not found; run vite build first.`);
  process.exit(2);
}
const html = readFileSync(indexPath, 'utf8');

const urls = new Set();
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  if (!/type=["']module["']/.test(tag)) continue;
  const src = /src=["']([^"']+)["']/.exec(tag)?.[1];
  if (src) urls.add(src);
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  if (!/rel=["']modulepreload["']/.test(tag)) continue;
  const href = /href=["']([^"']+)["']/.exec(tag)?.[1];
  if (href) urls.add(href);
}
if (!urls.size) {
  console.error('check-bundle: no module script found in index.html.');
  process.exit(2);
}

let total = 0;
const rows = [];
for (const url of urls) {
  const file = join(dist, url.replace(/^\//, ''));
  if (!existsSync(file)) {
    console.error(`check-bundle: ${url} is referenced by index.html but missing from ${dist}.`);
    process.exit(2);
  }
  const gz = gzipSync(readFileSync(file), { level: 9 }).length;
  total += gz;
  rows.push([url, gz]);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [url, gz] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(gz).padStart(9)}  ${url}`);
console.log(`Landing page initial JS: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)}).`);
if (total > BUDGET_BYTES) {
  console.error(`check-bundle: over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
