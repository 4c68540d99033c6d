/**
 * Which ComfyUI server takes the next run: the one with the fewest runs queued or running (its
 * `GET /queue`), ties going round the list so equal servers share the work. A server that does
 * not answer is skipped this time and asked again next time, so one that comes back is used again.
 */
import { ComfyClient } from './comfy-client.js';
import type { ComfyServer } from './comfyui-settings.js';

let turn = 0;

export type Picked = { client: ComfyClient; load: number };

/** Null when no server (other than those in `exclude`) answers. */
export async function pickServer(
  servers: readonly ComfyServer[],
  exclude: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<Picked | null> {
  const candidates = servers.map((s) => new ComfyClient(s)).filter((c) => !exclude.has(c.url));
  const loads = await Promise.all(
    candidates.map(async (client) => {
      try {
        const q = await client.queue(signal);
        return { client, load: q.running.length + q.pending.length };
      } catch {
        signal?.throwIfAborted();
        return null;
      }
    }),
  );
  const up = loads.filter((l): l is Picked => l !== null);
  if (!up.length) return null;
  const least = Math.min(...up.map((l) => l.load));
  const tied = up.filter((l) => l.load === least);
  return tied[turn++ % tied.length]!;
}
