/**
 * The payment-return page's `POST /api/payments/{id}/verify`, and the sandbox provider's checkout
 * page endpoints (`GET /api/payments/sandbox/{id}`, `POST .../complete`).
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { verifyPayment } from '../verify.js';
import { paymentJson } from '../payment-store.js';
import { sandboxCompleteBody } from '@photoshoot/contract/bodies';
import { completeSandboxPayment, describeSandboxPayment } from '../sandbox-checkout.js';
import { readValidBody } from '../../../apis/valid-body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';

type IdParams = { Params: { id: string } };

export function bindPaymentsStatusApi(server: FastifyInstance, app: App): void {
  server.post<IdParams>('/api/payments/:id/verify', async (req, reply) => {
    const caller = callerOf(req);
    const payment = await verifyPayment(app, caller, req.params.id);
    return sendJson(req, reply, await paymentJson(app, caller, payment));
  });

  server.get<IdParams>('/api/payments/sandbox/:id', async (req, reply) => {
    return sendJson(req, reply, await describeSandboxPayment(app, callerOf(req), req.params.id));
  });

  server.post<IdParams>('/api/payments/sandbox/:id/complete', async (req, reply) => {
    const { outcome } = await readValidBody(req, sandboxCompleteBody);
    const caller = callerOf(req);
    const payment = await completeSandboxPayment(app, caller, req.params.id, outcome);
    return sendJson(req, reply, await paymentJson(app, caller, payment));
  });
}
