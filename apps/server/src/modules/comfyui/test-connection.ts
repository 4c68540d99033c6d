/**
 * The back office's "test connection" for ComfyUI: each configured server is asked for its
 * `/system_stats` (is it up, which GPU) and its `/object_info` (does it have every node class the
 * saved workflows use, with the outputs their links expect). Nothing is queued.
 */
import type { App } from '../../core/app.js';
import { ComfyClient } from './comfy-client.js';
import { workflowProblems } from './validate-workflow.js';
import { nodeClasses } from './workflow.js';

export type ServerCheck = {
  url: string;
  ok: boolean;
  /** One sentence for the operator. */
  message: string;
  device?: string;
  /** Per workflow name, what this server lacks for it. */
  workflows: { name: string; ok: boolean; problems: string[] }[];
};

export type ComfyConnectionTest = { ok: boolean; servers: ServerCheck[] };

async function checkServer(app: App, client: ComfyClient): Promise<ServerCheck> {
  const base = { url: client.url, workflows: [] as ServerCheck['workflows'] };
  let device = '';
  let classes: Map<string, number>;
  try {
    const stats = await client.systemStats();
    const d = stats.devices?.[0];
    if (d?.name) device = `${d.name}${d.vram_total ? `, ${Math.round(d.vram_total / 1024 ** 3)} GB` : ''}`;
    classes = await client.objectInfo();
  } catch (err) {
    return { ...base, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const workflows = app.settings.get().comfyui.workflows.map((w) => {
    const missing = nodeClasses(w).filter((c) => !classes.has(c));
    const problems = missing.length
      ? [`missing node classes: ${missing.join(', ')}`]
      : workflowProblems(w, classes).map((p) => p.message);
    return { name: w.name, ok: problems.length === 0, problems };
  });
  const bad = workflows.filter((w) => !w.ok).map((w) => w.name);
  return {
    ...base,
    ok: bad.length === 0,
    device: device || undefined,
    workflows,
    message: bad.length
      ? `Reachable, but it cannot run: ${bad.join(', ')}.`
      : `Reachable${device ? ` (${device})` : ''}; every saved workflow's nodes are installed.`,
  };
}

export async function testComfyConnection(app: App): Promise<ComfyConnectionTest> {
  const servers = app.settings.get().comfyui.servers.map((s) => new ComfyClient(s));
  const checks = await Promise.all(servers.map((c) => checkServer(app, c)));
  return { ok: checks.length > 0 && checks.every((c) => c.ok), servers: checks };
}
