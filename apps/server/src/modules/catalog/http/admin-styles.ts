/**
 * Operators' catalogue actions (superusers only, in the /api/admin group):
 * - `POST /api/admin/styles/{id}/render-preview` → the style with a preview rendered by the studio
 *   engine from the sample portrait;
 * - `POST /api/admin/styles/order` `{ids}` (every style, in display order) → `{styles: [{id, sortOrder}]}`.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { styleOrderBody } from '@photoshoot/contract/bodies';
import { readValidBody } from '../../../apis/valid-body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { renderPreviewOfStyle } from '../render-style-preview.js';
import { reorderStyles } from '../style-order.js';
import { ApiError } from '../../../core/errors.js';
import { PoolFullError } from '../../../tools/worker-pool.js';

/** About one preview render on a busy machine. */
const BUSY_RETRY_SECONDS = 10;

export function bindAdminStylesApi(admin: FastifyInstance, app: App): void {
  admin.post<{ Params: { id: string } }>('/styles/:id/render-preview', async (req, reply) => {
    try {
      return sendJson(req, reply, await renderPreviewOfStyle(app, callerOf(req), req.params.id));
    } catch (err) {
      // A full render queue is a busy server, not a broken one: the client may try again shortly.
      if (!(err instanceof PoolFullError)) throw err;
      reply.header('Retry-After', String(BUSY_RETRY_SECONDS));
      throw new ApiError(
        503,
        `Other previews are being rendered. Try again in ${BUSY_RETRY_SECONDS} seconds.`,
      );
    }
  });

  admin.post('/styles/order', async (req, reply) => {
    const { ids } = await readValidBody(req, styleOrderBody);
    return sendJson(req, reply, { styles: await reorderStyles(app, callerOf(req), ids) });
  });
}
