/** `npm run contract:gen`: rewrites src/records.gen.ts from the server's collection definitions. */
import { readFileSync, writeFileSync } from 'node:fs';
import { generateRecords } from './generate-records.js';
import { RECORDS_FILE } from './render-records.js';

const next = await generateRecords();
let previous = '';
try {
  previous = readFileSync(RECORDS_FILE, 'utf8');
} catch {
  // first run: nothing to compare with
}
if (previous === next) {
  console.log(`${RECORDS_FILE} is up to date`);
} else {
  writeFileSync(RECORDS_FILE, next);
  console.log(`wrote ${RECORDS_FILE}`);
}
