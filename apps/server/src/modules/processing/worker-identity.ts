/**
 * Who "this very process" is across a restart: a worker id kept in `<dataDir>/worker-identity.json`
 * with the pid that holds it. A process starting on a data dir whose recorded holder is no longer
 * running is that worker come back (after a crash or a kill): it takes the id over, and the job
 * leases it held can be taken up at once instead of after they run out. When the recorded holder
 * is alive (a second process on the same data dir), the newcomer gets an id of its own and
 * inherits nothing, so a live worker's leases are never touched.
 *
 * Two processes starting at once on a data dir whose holder died would both read it as theirs, and
 * then share one name: each would end the other's leases as its "previous life's" and renew them
 * as its own. Only the one that creates the take-over's claim file (O_EXCL) inherits; the claim is
 * kept until the record names the new holder, and the record is read again under it, so a process
 * that read the old record late finds the new holder alive and takes a fresh id.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const fresh = (): WorkerIdentity => ({
  id: randomString(12, 'abcdefghijklmnopqrstuvwxyz0123456789'),
  inherited: false,
});

function record(path: string, id: string): void {
  writeFileSync(path, `${JSON.stringify({ id, pid: process.pid })}\n`, { mode: 0o600 });
}

/** Takes (or creates) the data dir's worker id for this process. */
export function takeWorkerIdentity(dataDir: string): WorkerIdentity {
  const path = join(dataDir, FILE);
  const held = read(path);
  if (!held) {
    const made = fresh();
    record(path, made.id);
    return made;
  }
  if (held.pid === process.pid) return { id: held.id, inherited: true };
  if (alive(held.pid)) return fresh();
  const claim = `${path}.${held.pid}.claim`;
  try {
    writeFileSync(claim, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  } catch {
    // Another process is taking this id over right now (or died doing so): not ours.
    return fresh();
  }
  try {
    const now = read(path);
    if (now?.id !== held.id || now.pid !== held.pid) return fresh();
    record(path, held.id);
    return { id: held.id, inherited: true };
  } finally {
    rmSync(claim, { force: true });
  }
}
