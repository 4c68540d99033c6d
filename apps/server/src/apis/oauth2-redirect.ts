import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RealtimeBroker } from '../core/realtime/broker.js';
import { readBody } from './body.js';
import { queryParam } from './request-caller.js';

const TOPIC = '@oauth2';

function page(reply: FastifyReply, ok: boolean): FastifyReply {
  const text = ok
    ? 'Sign-in complete. You can close this window.'
    : 'Sign-in failed. Close this window and try again.';
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><meta charset="utf-8"><title>${text}</title><p>${text}</p><script>window.close()</script>`,
    );
}

/**
 * `GET|POST /api/oauth2-redirect` (PocketBase's all-in-one OAuth2 flow): the provider's redirect
 * for the SDK's all-in-one flow. The `state` is the realtime client id that waits on the `@oauth2`
 * topic; the code goes to it.
 */
export function bindOAuth2RedirectApi(server: FastifyInstance, broker: RealtimeBroker): void {
  const handle = async (req: FastifyRequest, reply: FastifyReply, values: Record<string, unknown>) => {
    const state = String(values.state ?? '');
    const code = String(values.code ?? '');
    const error = String(values.error ?? '');
    const client = state ? broker.clients.get(state) : undefined;
    // note: same IP as the realtime connection, so a leaked state can't be answered from elsewhere.
    if (!client || client.closed || !client.subscriptions.has(TOPIC) || client.ip !== req.ip)
      return page(reply, false);
    const data: Record<string, string> = { state, code };
    if (error) data.error = error;
    client.send(TOPIC, data);
    client.subscriptions.delete(TOPIC);
    return page(reply, !error && code !== '');
  };
  server.get('/api/oauth2-redirect', (req, reply) =>
    handle(req, reply, {
      state: queryParam(req, 'state'),
      code: queryParam(req, 'code'),
      error: queryParam(req, 'error'),
    }),
  );
  server.post('/api/oauth2-redirect', async (req, reply) => handle(req, reply, (await readBody(req)).body));
}
