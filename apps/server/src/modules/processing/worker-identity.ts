/**
 * Who "this very process" is across a restart: a worker id kept in `<dataDir>/worker-identity.json`
 * with the pid that holds it. A process starting on a data dir whose recorded holder is no longer
 * running is that worker come back (after a crash or a kill): it takes the id over, and the job
 * leases it held can be taken up at once instead of after they run out. When the recorded holder
 * is alive (a second process on the same data dir), the newcomer gets an id of its own and
 * inherits nothing, so a live worker's leases are never touched.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomString } from '../../tools/random.js';

export type WorkerIdentity = { id: string; inherited: boolean };

const FILE = 'worker-identity.json';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // note: EPERM means a process of another user has that pid: alive, and not us.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function read(path: string): { id: string; pid: number } | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as { id?: unknown; pid?: unknown };
    const { id, pid } = value;
    return typeof id === 'string' &&
      /^[a-z0-9]{12}$/.test(id) &&
      typeof pid === 'number' &&
      Number.isInteger(pid)
      ? { id, pid }
      : null;
  } catch {
    return null;
  }
}

/** Takes (or creates) the data dir's worker id for this process. */
export function takeWorkerIdentity(dataDir: string): WorkerIdentity {
  const path = join(dataDir, FILE);
  const held = read(path);
  const fresh = () => randomString(12, 'abcdefghijklmnopqrstuvwxyz0123456789');
  if (held && held.pid !== process.pid && alive(held.pid)) return { id: fresh(), inherited: false };
  const id = held?.id ?? fresh();
  writeFileSync(path, `${JSON.stringify({ id, pid: process.pid })}\n`, { mode: 0o600 });
  return { id, inherited: held !== null };
}
