/**
 * Checks an operator's workflow before it is saved, so a broken graph is refused in words that
 * name the node and input at fault instead of failing every job later: the graph's shape (what
 * ComfyUI's `/prompt` refuses as well), every link pointing at an existing node (and, when the
 * server's node list is known, at an output that node has), every placeholder bound to an
 * existing literal input, and the output node present.
 */
import { describeNode, isLink, PLACEHOLDER_NAMES, type Binding, type Graph } from './workflow.js';
import { isJsonObject } from '../../tools/object-kinds.js';

export type WorkflowProblem = { field: string; message: string };

/** Per node class, its output count, from a server's `/object_info` (when known). */
export type OutputCounts = ReadonlyMap<string, number>;

export const MAX_NODES = 500;
export const MAX_SELFIE_SLOTS = 20;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,59}$/;

function graphProblems(graph: unknown, outputs?: OutputCounts): WorkflowProblem[] {
  if (!isJsonObject(graph) || Object.keys(graph).length === 0)
    return [{ field: 'graph', message: 'Must be a workflow in ComfyUI API format (File → Export (API)).' }];
  const ids = Object.keys(graph);
  if (ids.length > MAX_NODES) return [{ field: 'graph', message: `Must have at most ${MAX_NODES} nodes.` }];
  const out: WorkflowProblem[] = [];
  for (const id of ids) {
    const node = graph[id];
    if (!isJsonObject(node) || typeof node.class_type !== 'string' || !node.class_type) {
      out.push({ field: 'graph', message: `Node ${id} has no class_type (is this the API format?).` });
      continue;
    }
    if (!isJsonObject(node.inputs)) {
      out.push({ field: 'graph', message: `Node ${id} (${node.class_type}) has no inputs object.` });
      continue;
    }
    for (const [input, value] of Object.entries(node.inputs)) {
      if (!Array.isArray(value)) continue;
      const where = `Node ${id} (${node.class_type}) input "${input}"`;
      if (!isLink(value) || !Number.isInteger(value[1]) || value[1] < 0) {
        out.push({ field: 'graph', message: `${where} must link as [node id, output index].` });
        continue;
      }
      const [target, index] = value;
      const linked = graph[target];
      if (!isJsonObject(linked) || typeof linked.class_type !== 'string') {
        out.push({
          field: 'graph',
          message: `${where} links to node ${target}, which is not in the workflow.`,
        });
        continue;
      }
      const count = outputs?.get(linked.class_type);
      if (count !== undefined && index >= count)
        out.push({
          field: 'graph',
          message: `${where} links to output ${index} of node ${target} (${linked.class_type}), which has ${count} output(s).`,
        });
    }
  }
  return out;
}

function bindingProblem(graph: Graph, field: string, b: unknown): WorkflowProblem | null {
  if (!isJsonObject(b) || typeof b.node !== 'string' || typeof b.input !== 'string')
    return { field, message: 'Must name a node id and one of its inputs.' };
  const node = graph[b.node];
  if (!node) return { field, message: `Node ${b.node} is not in the workflow.` };
  if (!isJsonObject(node.inputs) || !(b.input in node.inputs))
    return { field, message: `${describeNode(graph, b.node)} has no input "${b.input}".` };
  if (isLink(node.inputs[b.input]))
    return {
      field,
      message: `${describeNode(graph, b.node)} input "${b.input}" is a link; bind a value input instead.`,
    };
  return null;
}

/** Everything wrong with `w` (empty when it can be saved). */
export function workflowProblems(w: unknown, outputs?: OutputCounts): WorkflowProblem[] {
  if (!isJsonObject(w)) return [{ field: '', message: 'Must be a workflow object.' }];
  const out: WorkflowProblem[] = [];
  if (typeof w.name !== 'string' || !NAME.test(w.name))
    out.push({
      field: 'name',
      message: 'Must be 1–60 letters, digits, spaces, dots, dashes or underscores.',
    });
  if (typeof w.trigger !== 'string' || !/^[A-Za-z0-9_-]{0,40}$/.test(w.trigger))
    out.push({ field: 'trigger', message: 'Must be one word of at most 40 letters or digits, or blank.' });
  const graphErrors = graphProblems(w.graph, outputs);
  out.push(...graphErrors);
  if (!isJsonObject(w.graph)) return out;
  const graph = w.graph as Graph;
  const p = w.placeholders;
  if (!isJsonObject(p)) {
    out.push({ field: 'placeholders', message: 'Must declare the placeholders.' });
  } else {
    if (!Array.isArray(p.selfies) || p.selfies.length === 0 || p.selfies.length > MAX_SELFIE_SLOTS)
      out.push({
        field: 'placeholders.selfies',
        message: `Must bind 1 to ${MAX_SELFIE_SLOTS} image inputs for the subject's selfies.`,
      });
    else
      p.selfies.forEach((b: unknown, i) => {
        const problem = bindingProblem(graph, `placeholders.selfies.${i}`, b);
        if (problem) out.push(problem);
      });
    for (const name of PLACEHOLDER_NAMES) {
      const b = p[name];
      const required = name === 'prompt' || name === 'seed';
      if (b === null || b === undefined) {
        if (required) out.push({ field: `placeholders.${name}`, message: 'Must be bound: jobs need it.' });
        continue;
      }
      const problem = bindingProblem(graph, `placeholders.${name}`, b as Binding);
      if (problem) out.push(problem);
    }
  }
  if (typeof w.outputNode !== 'string' || !w.outputNode)
    out.push({ field: 'outputNode', message: 'Must name the node whose images are the results.' });
  else if (!graph[w.outputNode])
    out.push({ field: 'outputNode', message: `Node ${w.outputNode} is not in the workflow.` });
  return out;
}
