/** `POST /api/photoshoots/{id}/quote` and `/checkout`: the buyer's order, priced by the server. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { quoteOrder } from '../quote-order.js';
import { startCheckout } from '../checkout.js';
import { paymentJson } from '../payment-store.js';
import { readBody } from '../../../apis/body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';

type IdParams = { Params: { id: string } };

export function bindPaymentsCheckoutApi(server: FastifyInstance, app: App): void {
  server.post<IdParams>('/api/photoshoots/:id/quote', async (req, reply) => {
    const { body } = await readBody(req);
    return sendJson(req, reply, await quoteOrder(app, callerOf(req), req.params.id, body));
  });

  server.post<IdParams>('/api/photoshoots/:id/checkout', async (req, reply) => {
    const { body } = await readBody(req);
    const caller = callerOf(req);
    const outcome = await startCheckout(app, caller, req.params.id, body);
    const payment = await paymentJson(app, caller, outcome.payment);
    return sendJson(req, reply, outcome.paid ? { payment, paid: true } : { payment, url: outcome.url });
  });
}
