/** Bodies of the ComfyUI provider's operator endpoints (`/api/admin/comfyui…`). */
import { z } from 'zod';

/**
 * `POST /api/admin/comfyui/workflows/validate` (superusers): a workflow as the settings hold it.
 * Its rules (a graph in ComfyUI's API format, links to existing nodes, bound placeholders) are the
 * ones saving the settings applies, so the server checks it with that validator, which names the
 * node and input at fault; the schema only takes the object.
 */
export const comfyWorkflowCheckBody = z.record(z.unknown());
export type ComfyWorkflowCheckRequest = z.input<typeof comfyWorkflowCheckBody>;
