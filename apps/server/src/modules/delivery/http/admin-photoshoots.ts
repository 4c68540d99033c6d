/**
 * Operators' photoshoot actions (superusers only):
 * - `POST /api/admin/photoshoots/{id}/review` `{approve, reject, regenerate, release}` → the
 *   photoshoot and its results after the review;
 * - `POST /api/admin/photoshoots/{id}/requeue` → the photoshoot, queued again after a failure.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../../../core/app.js';
import { actorOf } from '../../../core/records/actor.js';
import { reviewBody } from '@photoshoot/contract/bodies';
import { checkReviewInput } from '../review-input.js';
import { reviewPhotoshoot } from '../review.js';
import { requeuePhotoshoot } from '../requeue.js';
import { readValidBody } from '../../../apis/valid-body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

export function bindAdminPhotoshootsApi(server: FastifyInstance, app: App): void {
  const photoshoots = app.registry.require('photoshoots');
  const results = app.registry.require('results');

  server.post('/photoshoots/:id/review', async (req, reply) => {
    const caller = callerOf(req);
    const input = checkReviewInput(await readValidBody(req, reviewBody));
    const outcome = await reviewPhotoshoot(app, idOf(req), input, actorOf(caller));
    return sendJson(req, reply, {
      photoshoot: (await app.records.shape(photoshoots, [outcome.photoshoot], caller))[0],
      results: await app.records.shape(results, outcome.results, caller),
    });
  });

  server.post('/photoshoots/:id/requeue', async (req, reply) => {
    const caller = callerOf(req);
    const photoshoot = await requeuePhotoshoot(app, idOf(req), actorOf(caller));
    return sendJson(req, reply, (await app.records.shape(photoshoots, [photoshoot], caller))[0]);
  });
}
