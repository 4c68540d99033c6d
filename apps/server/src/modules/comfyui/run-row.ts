/**
 * A ComfyUI job's `_external_jobs` row and the server it is on. The row is written before
 * anything is queued and its id is the run's `client_id`, so an attempt that died between queuing
 * and saving the prompt id can find its run again (in the server's queue or recent history)
 * instead of paying the GPU twice.
 */
import type { App } from '../../core/app.js';
import { setExternalId, type ExternalJobRow } from '../hosted-providers/external-jobs.js';
import { ComfyClient, type FileRef } from './comfy-client.js';

export const PROVIDER = 'comfyui';

/** The configured server the row's run is on, or null (none yet, or no longer configured). */
export function clientOf(app: App, row: ExternalJobRow): ComfyClient | null {
  const url = typeof row.meta.server === 'string' ? row.meta.server : '';
  const server = app.settings.get().comfyui.servers.find((s) => new ComfyClient(s).url === url);
  return url && server ? new ComfyClient(server) : null;
}

/** Records the server before the run is queued there (the placeholder id stays until it is). */
export async function assignServer(app: App, row: ExternalJobRow, url: string): Promise<ExternalJobRow> {
  const meta = { ...row.meta, server: url };
  await setExternalId(app.db, row.id, row.externalId, meta);
  return { ...row, meta };
}

/** How many of a server's recent runs are searched for one an earlier attempt queued. */
const RECENT_RUNS = 200;

/** The prompt id of a run queued with `clientId`, if the server still has it. */
export async function findRun(
  client: ComfyClient,
  clientId: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const q = await client.queue(signal);
  const queued = [...q.running, ...q.pending].find((i) => i.clientId === clientId);
  if (queued) return queued.promptId;
  const recent = await client.recentHistory(RECENT_RUNS, signal);
  for (const [promptId, entry] of Object.entries(recent)) {
    const extra = (Array.isArray(entry?.prompt) ? entry.prompt[3] : null) as { client_id?: unknown } | null;
    if (extra?.client_id === clientId) return promptId;
  }
  return null;
}

/** Outputs are stored as JSON file references (the `_external_jobs` result holds strings). */
export function storeRefs(refs: FileRef[]): string[] {
  return refs.map((r) =>
    JSON.stringify({ filename: r.filename, subfolder: r.subfolder ?? '', type: r.type ?? 'output' }),
  );
}

export function readRefs(outputs: string[]): FileRef[] {
  return outputs.flatMap((o) => {
    try {
      const r = JSON.parse(o) as FileRef;
      return typeof r.filename === 'string' ? [r] : [];
    } catch {
      return [];
    }
  });
}
