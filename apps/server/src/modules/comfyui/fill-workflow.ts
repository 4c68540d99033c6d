/**
 * A run's graph: a copy of the operator's workflow with our values in its placeholders. The
 * selfies go one per bound image input, best photo first, cycling when the workflow has more
 * slots than the subject has photos.
 */
import type { Binding, ComfyWorkflow, Graph } from './workflow.js';

export type RunValues = {
  /** Names ComfyUI gave the uploaded selfies (`subfolder/name` when in a subfolder). */
  images: string[];
  prompt: string;
  negativePrompt: string;
  seed: number;
  width: number;
  height: number;
  count: number;
};

function set(graph: Graph, b: Binding | null, value: unknown): void {
  if (b) graph[b.node]!.inputs[b.input] = value;
}

export function fillWorkflow(w: ComfyWorkflow, v: RunValues): Graph {
  if (!v.images.length) throw new Error('A ComfyUI run needs at least one selfie.');
  const graph = structuredClone(w.graph);
  const p = w.placeholders;
  p.selfies.forEach((b, i) => set(graph, b, v.images[i % v.images.length]));
  set(graph, p.prompt, v.prompt);
  set(graph, p.negativePrompt, v.negativePrompt);
  set(graph, p.seed, v.seed);
  set(graph, p.width, v.width);
  set(graph, p.height, v.height);
  set(graph, p.count, v.count);
  return graph;
}
