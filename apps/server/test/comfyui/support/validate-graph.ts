/**
 * How ComfyUI's `execution.py` judges a posted graph, reproduced for the fake: `validate_prompt`
 * (every node has a known `class_type`, else `invalid_prompt`; at least one output node, else
 * `prompt_no_outputs`) and, from each output node, `validate_inputs` recursively
 * (`required_input_missing`, `bad_linked_input`, `return_type_mismatch`, `invalid_input_type`,
 * `value_smaller_than_min`/`value_bigger_than_max`, `value_not_in_list`, LoadImage's
 * `custom_validation_failed` "Invalid image file"; a link to a node that is not there raises
 * inside validation and is reported as `exception_during_inner_validation`). The refusal is
 * `{"error": {type, message, details, extra_info}, "node_errors": {id: {errors, dependent_outputs,
 * class_type}}}`.
 */
import { INT_LIMITS, NODE_CLASSES } from './node-classes.js';

type Reason = { type: string; message: string; details: string; extra_info: Record<string, unknown> };
type Graph = Record<string, { class_type?: unknown; inputs?: Record<string, unknown> }>;
export type Refusal = { error: Reason; node_errors: Record<string, unknown> };

const invalid = (message: string, details: string): Refusal => ({
  error: { type: 'invalid_prompt', message, details, extra_info: {} },
  node_errors: {},
});

function validateNode(
  graph: Graph,
  id: string,
  files: Set<string>,
  done: Map<string, Reason[] | null>,
): boolean {
  if (done.has(id)) return done.get(id) === null;
  done.set(id, null);
  const node = graph[id]!;
  const cls = NODE_CLASSES[String(node.class_type)]!;
  const inputs = node.inputs ?? {};
  const errors: Reason[] = [];
  let valid = true;
  for (const [name, type] of Object.entries(cls.required)) {
    const info = { input_name: name };
    if (!(name in inputs)) {
      errors.push({
        type: 'required_input_missing',
        message: 'Required input is missing',
        details: name,
        extra_info: info,
      });
      continue;
    }
    const val = inputs[name];
    if (Array.isArray(val)) {
      if (val.length !== 2) {
        errors.push({
          type: 'bad_linked_input',
          message: 'Bad linked input, must be a length-2 list of [node_id, slot_index]',
          details: name,
          extra_info: { ...info, received_value: val },
        });
        continue;
      }
      const target = graph[String(val[0])];
      if (!target) {
        errors.push({
          type: 'exception_during_inner_validation',
          message: 'Exception when validating inner node',
          details: `'${String(val[0])}'`,
          extra_info: {
            ...info,
            exception_message: `'${String(val[0])}'`,
            exception_type: 'KeyError',
            linked_node: val,
          },
        });
        continue;
      }
      const received = NODE_CLASSES[String(target.class_type)]!.outputs[Number(val[1])];
      if (received === undefined) {
        errors.push({
          type: 'exception_during_inner_validation',
          message: 'Exception when validating inner node',
          details: 'tuple index out of range',
          extra_info: {
            ...info,
            exception_message: 'tuple index out of range',
            exception_type: 'IndexError',
            linked_node: val,
          },
        });
        continue;
      }
      if (received !== type) {
        errors.push({
          type: 'return_type_mismatch',
          message: 'Return type mismatch between linked nodes',
          details: `${name}, ${received} != ${String(type)}`,
          extra_info: { ...info, received_type: received, linked_node: val },
        });
        continue;
      }
      if (!validateNode(graph, String(val[0]), files, done)) valid = false;
      continue;
    }
    if (type === 'INT' || type === 'FLOAT') {
      const n = Number(val);
      if (typeof val === 'boolean' || !Number.isFinite(n) || (type === 'INT' && !Number.isInteger(n))) {
        errors.push({
          type: 'invalid_input_type',
          message: `Failed to convert an input value to a ${type} value`,
          details: `${name}, ${String(val)}`,
          extra_info: { ...info, received_value: val },
        });
        continue;
      }
      const [min, max] = INT_LIMITS[name] ?? [-Infinity, Infinity];
      if (n < min)
        errors.push({
          type: 'value_smaller_than_min',
          message: `Value ${n} smaller than min of ${min}`,
          details: name,
          extra_info: info,
        });
      else if (n > max)
        errors.push({
          type: 'value_bigger_than_max',
          message: `Value ${n} bigger than max of ${max}`,
          details: name,
          extra_info: info,
        });
    } else if (type === 'IMAGE_FILE') {
      if (!files.has(String(val)))
        errors.push({
          type: 'custom_validation_failed',
          message: 'Custom validation failed for node',
          details: `${name} - Invalid image file: ${String(val)}`,
          extra_info: { ...info, received_value: val },
        });
    } else if (Array.isArray(type) && !type.includes(String(val))) {
      errors.push({
        type: 'value_not_in_list',
        message: 'Value not in list',
        details: `${name}: '${String(val)}' not in ${JSON.stringify(type)}`,
        extra_info: { ...info, received_value: val },
      });
    } else if (typeof type === 'string' && type !== 'STRING' && type === type.toUpperCase()) {
      // A link type (MODEL, CLIP…) given a literal: ComfyUI finds no node for it either.
      errors.push({
        type: 'required_input_missing',
        message: 'Required input is missing',
        details: name,
        extra_info: info,
      });
    }
  }
  const ok = errors.length === 0 && valid;
  done.set(id, ok ? null : errors);
  return ok;
}

/** Null when ComfyUI would queue the graph; else its 400 body. Returns the output node ids too. */
export function validateGraph(
  graph: unknown,
  files: Set<string>,
): { refusal: Refusal | null; outputs: string[] } {
  if (!graph || typeof graph !== 'object' || Array.isArray(graph))
    return { refusal: invalid('Cannot execute because the prompt is not an object.', ''), outputs: [] };
  const g = graph as Graph;
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(g)) {
    if (!node || typeof node !== 'object' || !('class_type' in node))
      return {
        refusal: invalid(
          'Cannot execute because a node is missing the class_type property.',
          `Node ID '#${id}'`,
        ),
        outputs,
      };
    const cls = NODE_CLASSES[String(node.class_type)];
    if (!cls)
      return {
        refusal: invalid(
          `Cannot execute because node ${String(node.class_type)} does not exist.`,
          `Node ID '#${id}'`,
        ),
        outputs,
      };
    if (cls.outputNode) outputs.push(id);
  }
  if (!outputs.length)
    return {
      refusal: {
        error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} },
        node_errors: {},
      },
      outputs,
    };
  const done = new Map<string, Reason[] | null>();
  const good = outputs.filter((o) => validateNode(g, o, files, done));
  if (good.length) return { refusal: null, outputs: good };
  const nodeErrors: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [id, reasons] of done) {
    if (!reasons?.length) continue;
    nodeErrors[id] = { errors: reasons, dependent_outputs: outputs, class_type: g[id]!.class_type };
    for (const r of reasons) lines.push(`${r.message}: ${r.details}`);
  }
  return {
    refusal: {
      error: {
        type: 'prompt_outputs_failed_validation',
        message: 'Prompt outputs failed validation',
        details: lines.join('\n'),
        extra_info: {},
      },
      node_errors: nodeErrors,
    },
    outputs,
  };
}
