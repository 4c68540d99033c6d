/**
 * One process starting on a data dir (worker-identity.test.ts). It loads, says "ready", and reads
 * a moment (epoch ms) from stdin; it waits for that moment, so that several such processes take
 * the data dir's worker id at once, takes it and prints it, and stays alive (a live holder) until
 * its stdin closes. Run as `node src/tools/ts-worker.mjs <this file>` with DATA_DIR set.
 */
import { takeWorkerIdentity } from '../../src/modules/processing/worker-identity.js';

process.stdout.write('ready\n');
process.stdin.once('data', (line: Buffer) => {
  const startAt = Number(line.toString());
  while (Date.now() < startAt) {
    // note: a busy wait, not a timer: the processes leave it within the same millisecond.
  }
  process.stdout.write(`${JSON.stringify(takeWorkerIdentity(process.env.DATA_DIR!))}\n`);
});
process.stdin.on('end', () => process.exit(0));
