/** `POST /api/photoshoots/{id}/quote` and `/checkout`: the owner's order, priced by the server. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { quotePurchase } from '../../payments/quote-purchase.js';
import { startPurchase } from '../../payments/start-purchase.js';
import { checkoutJson } from '../../payments/payment-store.js';
import { orderBody } from '@photoshoot/contract/bodies';
import { readValidBody } from '../../../apis/valid-body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { photoshootPurchase } from '../photoshoot-purchase.js';

type IdParams = { Params: { id: string } };

export function bindPhotoshootCheckoutApi(server: FastifyInstance, app: App): void {
  const { kind } = photoshootPurchase;

  server.post<IdParams>('/api/photoshoots/:id/quote', async (req, reply) => {
    const order = await readValidBody(req, orderBody);
    return sendJson(req, reply, await quotePurchase(app, callerOf(req), kind, req.params.id, order));
  });

  server.post<IdParams>('/api/photoshoots/:id/checkout', async (req, reply) => {
    const order = await readValidBody(req, orderBody);
    const caller = callerOf(req);
    const outcome = await startPurchase(app, caller, kind, req.params.id, order);
    return sendJson(req, reply, await checkoutJson(app, caller, outcome));
  });
}
