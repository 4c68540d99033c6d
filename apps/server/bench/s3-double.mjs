/**
 * The S3-compatible test double (s3rver, as test/files/s3.test.ts uses it) in a process of its
 * own, so its CPU is counted apart from the load generator's. Forked by scale-fleet.mjs: listens
 * on 127.0.0.1 (a port the OS picks), makes BENCH_S3_BUCKET, reports `{ type: 'ready', port }`
 * over IPC and exits when the parent says `stop` or goes away.
 */
import { rmSync } from 'node:fs';
import S3rver from 's3rver';

const dir = process.env.BENCH_S3_DIR;
const bucket = process.env.BENCH_S3_BUCKET;
if (!dir || !bucket) throw new Error('BENCH_S3_DIR and BENCH_S3_BUCKET are required');

const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket }],
});
const { port } = await s3.run();

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await s3.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
process.on('message', (/** @type {any} */ msg) => msg?.type === 'stop' && void stop());
process.send({ type: 'ready', port });
