/**
 * ComfyUI's `/prompt` refusal in one sentence for operators. Its 400 body is
 * `{"error": {"type", "message", "details", "extra_info"}, "node_errors": {id: {"errors": [...],
 * "class_type"}}}` (older servers send `"error": "no prompt"` as a bare string).
 */
import { isJsonObject } from '../../tools/object-kinds.js';
type Reason = { message?: unknown; details?: unknown; extra_info?: { input_name?: unknown } };

function text(v: unknown, max = 200): string {
  return typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '';
}

export function describeRefusal(body: unknown): string {
  const b = (body ?? {}) as { error?: unknown; node_errors?: unknown };
  const head =
    typeof b.error === 'string'
      ? text(b.error)
      : [text((b.error as Reason)?.message), text((b.error as Reason)?.details)].filter(Boolean).join(': ');
  const nodes: string[] = [];
  if (isJsonObject(b.node_errors)) {
    for (const [id, v] of Object.entries(b.node_errors).slice(0, 5)) {
      const node = v as { class_type?: unknown; errors?: Reason[] };
      for (const e of (Array.isArray(node.errors) ? node.errors : []).slice(0, 3)) {
        const input = text(e.extra_info?.input_name, 60);
        nodes.push(
          `node ${id} (${text(node.class_type, 60)})${input ? ` input "${input}"` : ''}: ${text(e.message)}`,
        );
      }
    }
  }
  return `ComfyUI refused the workflow: ${[head || 'invalid prompt', ...nodes].join('; ')}.`;
}
