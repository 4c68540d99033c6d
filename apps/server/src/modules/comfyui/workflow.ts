/**
 * An operator's ComfyUI workflow: a graph exported in ComfyUI's API format (node id → class and
 * inputs; an input is a literal or a link `[node id, output index]`), the places our values go
 * (placeholders), and the node whose images are the portraits.
 */

/** One node of an API-format graph. `_meta` (the title) is kept but never read. */
export type GraphNode = { class_type: string; inputs: Record<string, unknown>; _meta?: { title?: string } };

export type Graph = Record<string, GraphNode>;

/** An input of a node that receives one of our values. */
export type Binding = { node: string; input: string };

export type Placeholders = {
  /** LoadImage-style inputs that receive the subject's selfies, one each, best photo first. */
  selfies: Binding[];
  prompt: Binding;
  negativePrompt: Binding | null;
  seed: Binding;
  width: Binding | null;
  height: Binding | null;
  /** Batch size: the number of images one run makes. */
  count: Binding | null;
};

export type ComfyWorkflow = {
  /** Unique among the workflows; styles name it. */
  name: string;
  graph: Graph;
  placeholders: Placeholders;
  /** The node (SaveImage or similar) whose `images` output are the results. */
  outputNode: string;
  /**
   * The word the workflow's identity model ties to the subject, put before the subject's class
   * in the prompt (`photomaker` for ComfyUI's PhotoMaker nodes, a LoRA's trigger word).
   */
  trigger: string;
};

export const PLACEHOLDER_NAMES = ['prompt', 'negativePrompt', 'seed', 'width', 'height', 'count'] as const;

/** A link as the API format writes it: `["4", 0]`. */
export function isLink(value: unknown): value is [string, number] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string';
}

/** Node class names the workflow needs on a server (for the connection test). */
export function nodeClasses(workflow: ComfyWorkflow): string[] {
  return [...new Set(Object.values(workflow.graph).map((n) => n.class_type))].sort();
}

/** "node 6 (CLIPTextEncode)": how messages name a node. */
export function describeNode(graph: Graph, id: string): string {
  const node = graph[id];
  return node && typeof node.class_type === 'string' ? `node ${id} (${node.class_type})` : `node ${id}`;
}
