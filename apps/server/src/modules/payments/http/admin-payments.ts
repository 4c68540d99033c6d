/** `POST /api/admin/payments/{id}/refund`: operators give a paid order's money back. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { actorOf } from '../../photoshoots/actor.js';
import { refundPayment } from '../refund.js';
import { paymentJson } from '../payment-store.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';

export function bindAdminPaymentsApi(server: FastifyInstance, app: App): void {
  server.post<{ Params: { id: string } }>('/payments/:id/refund', async (req, reply) => {
    const caller = callerOf(req);
    const payment = await refundPayment(app, req.params.id, actorOf(caller));
    return sendJson(req, reply, await paymentJson(app, caller, payment));
  });
}
