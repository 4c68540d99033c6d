/** A workflow checked on its own (the back office's "validate" before saving). */
import { ApiError } from '../../core/errors.js';
import { workflowProblems } from './validate-workflow.js';
import { nodeClasses, type ComfyWorkflow } from './workflow.js';

export function checkWorkflow(body: unknown): { ok: true; nodes: number; classes: string[] } {
  const problems = workflowProblems(body);
  if (problems.length) {
    const data: Record<string, { code: string; message: string }> = {};
    for (const p of problems) {
      const key = p.field || 'workflow';
      // note: several problems of one field (the graph's) are joined, so none is lost.
      data[key] = data[key]
        ? { code: 'validation_invalid_value', message: `${data[key].message} ${p.message}` }
        : { code: 'validation_invalid_value', message: p.message };
    }
    throw ApiError.badRequest('The workflow is not valid.', data);
  }
  const w = body as ComfyWorkflow;
  return { ok: true, nodes: Object.keys(w.graph).length, classes: nodeClasses(w) };
}
