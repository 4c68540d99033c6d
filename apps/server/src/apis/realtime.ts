import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError, ValidationErrors } from '../core/errors.js';
import { RealtimeClient } from '../core/realtime/client.js';
import type { RealtimeBroker } from '../core/realtime/broker.js';
import { parseTopic } from '../core/realtime/topic.js';
import { randomString } from '../tools/random.js';
import { readBody } from './body.js';

const MAX_TOPICS = 1000;
const MAX_TOPIC_LENGTH = 2500;
/**
 * A subscription request: a client id and the topics of one page, a few hundred bytes in practice.
 * 256 KiB holds a hundred topics of the longest kind; a larger body is refused before it is parsed.
 */
const SUBSCRIBE_BODY = 256 * 1024;

/**
 * `GET /api/realtime` (SSE connect) and `POST /api/realtime` (set subscriptions), PocketBase's
 * realtime API.
 */
export function bindRealtimeApi(
  server: FastifyInstance,
  app: App,
  broker: RealtimeBroker,
  timeouts?: { idleMs: number; lifetimeMs: number },
): void {
  server.get('/api/realtime', (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    });
    const client = new RealtimeClient(randomString(40), req.ip, reply.raw, (c) => broker.remove(c), timeouts);
    broker.add(client);
    client.send('PB_CONNECT', { clientId: client.id });
  });

  server.post('/api/realtime', { config: { body: SUBSCRIBE_BODY } }, async (req, reply) => {
    const { body } = await readBody(req);
    const clientId = typeof body.clientId === 'string' ? body.clientId : '';
    const errors = new ValidationErrors();
    if (!clientId) errors.add('clientId', 'validation_required', 'Cannot be blank.');
    else if (clientId.length > 255)
      errors.add('clientId', 'validation_length_too_long', 'The length must be no more than 255.');
    const raw = body.subscriptions ?? [];
    const topics = Array.isArray(raw) ? raw : [raw];
    if (topics.length > MAX_TOPICS) {
      errors.add(
        'subscriptions',
        'validation_length_too_long',
        `The length must be no more than ${MAX_TOPICS}.`,
      );
    } else {
      const bad: Record<string, unknown> = {};
      topics.forEach((t, i) => {
        if (typeof t !== 'string')
          bad[i] = { code: 'validation_invalid_value', message: 'Must be a string.' };
        else if (t.length > MAX_TOPIC_LENGTH) {
          bad[i] = {
            code: 'validation_length_too_long',
            message: `The length must be no more than ${MAX_TOPIC_LENGTH}.`,
          };
        }
      });
      if (Object.keys(bad).length) (errors.fields as Record<string, unknown>).subscriptions = bad;
    }
    errors.throwIfAny('Something went wrong while processing your request.');

    const client = broker.clients.get(clientId);
    if (!client || client.closed) throw ApiError.notFound('Missing or invalid client id.');
    if (client.ip !== req.ip) throw ApiError.badRequest('Invalid realtime client.');
    const prev = client.auth;
    const next = req.auth;
    if (prev && (!next || next.record.id !== prev.record.id || next.collection.id !== prev.collection.id)) {
      throw ApiError.forbidden("The current and the previous request authorization don't match.");
    }
    if (next) client.auth = next;
    client.subscriptions.clear();
    for (const t of topics as string[]) client.subscriptions.set(t, parseTopic(t, app.registry));
    broker.prepare(client);
    return reply.code(204).send();
  });
}
