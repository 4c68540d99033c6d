/**
 * Operators' catalogue actions (superusers only, in the /api/admin group):
 * - `POST /api/admin/styles/{id}/render-preview` → the style with a preview rendered by the studio
 *   engine from the sample portrait;
 * - `POST /api/admin/styles/order` `{ids}` (every style, in display order) → `{styles: [{id, sortOrder}]}`.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { readBody } from '../../../apis/body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { renderPreviewOfStyle } from '../render-style-preview.js';
import { reorderStyles } from '../style-order.js';

export function bindAdminStylesApi(admin: FastifyInstance, app: App): void {
  admin.post<{ Params: { id: string } }>('/styles/:id/render-preview', async (req, reply) =>
    sendJson(req, reply, await renderPreviewOfStyle(app, callerOf(req), req.params.id)),
  );

  admin.post('/styles/order', async (req, reply) => {
    const { body } = await readBody(req, { fileLimit: () => 0 });
    return sendJson(req, reply, { styles: await reorderStyles(app, callerOf(req), body) });
  });
}
