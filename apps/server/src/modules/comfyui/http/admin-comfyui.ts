/**
 * Admin routes of the ComfyUI provider (admin group, superusers only):
 * - `POST /api/admin/comfyui/workflows/validate`: checks a workflow before it is saved (400 in the
 *   PocketBase error shape naming the node and input at fault; 200 with its node classes);
 * - `POST /api/admin/comfyui/test`: each configured server's reachability and installed nodes.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { comfyWorkflowCheckBody } from '@photoshoot/contract/bodies';
import { readValidBody } from '../../../apis/valid-body.js';
import { sendJson } from '../../../apis/respond.js';
import { checkWorkflow } from '../check-workflow.js';
import { testComfyConnection } from '../test-connection.js';

export function bindAdminComfyuiApi(admin: FastifyInstance, app: App): void {
  admin.post('/comfyui/workflows/validate', async (req, reply) =>
    sendJson(req, reply, checkWorkflow(await readValidBody(req, comfyWorkflowCheckBody))),
  );
  admin.post('/comfyui/test', async (req, reply) => sendJson(req, reply, await testComfyConnection(app)));
}
