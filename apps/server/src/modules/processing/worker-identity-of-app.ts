/**
 * Lease names for the job runners of this process: `<host>:<worker id>:<n>`, the n-th runner made
 * on an App. A process restarted after a crash has the same worker id and makes its
 * runners in the same order, so each runner finds the leases of its previous life by name, while
 * two runners alive in one process never share a name.
 */
import { hostname } from 'node:os';
import type { App } from '../../core/app.js';
import { takeWorkerIdentity, type WorkerIdentity } from './worker-identity.js';

const identities = new Map<string, WorkerIdentity>();
const runners = new WeakMap<App, number>();

export function nextRunnerName(app: App): string {
  let identity = identities.get(app.dataDir);
  if (!identity) {
    identity = takeWorkerIdentity(app.dataDir);
    identities.set(app.dataDir, identity);
  }
  const n = (runners.get(app) ?? 0) + 1;
  runners.set(app, n);
  return `${hostname()}:${identity.id}:${n}`;
}
