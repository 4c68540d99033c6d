/**
 * Operators' payment endpoints (superusers, in the admin group):
 * - `POST /api/admin/payments/{id}/refund` `{amountCents?, currency?}`: give a paid order's money
 *   back, all that is left of it (no amount) or a part;
 * - `GET /api/admin/payments.csv?filter=&sort=`: the filtered list as CSV, streamed.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { actorOf } from '../../../core/records/actor.js';
import { refundPayment } from '../refund.js';
import { paymentJson } from '../payment-store.js';
import { paymentsCsv } from '../payments-export.js';
import { callerOf, queryParam } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { refundBody } from '@photoshoot/contract/bodies';
import { readValidBody } from '../../../apis/valid-body.js';

export function bindAdminPaymentsApi(server: FastifyInstance, app: App): void {
  server.post<{ Params: { id: string } }>('/payments/:id/refund', async (req, reply) => {
    const caller = callerOf(req);
    const body = await readValidBody(req, refundBody);
    const payment = await refundPayment(app, req.params.id, actorOf(caller), body);
    return sendJson(req, reply, await paymentJson(app, caller, payment));
  });

  server.get('/payments.csv', async (req, reply) => {
    const lines = await paymentsCsv(app, callerOf(req), {
      filter: queryParam(req, 'filter'),
      sort: queryParam(req, 'sort'),
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payments-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines));
  });
}
