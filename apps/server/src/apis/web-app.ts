import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError } from '../core/errors.js';

/** Serves the built React app; unknown non-API paths get index.html so client routing decides. */
export async function bindWebApp(server: FastifyInstance, webDist: string | undefined): Promise<void> {
  const index = webDist ? join(webDist, 'index.html') : '';
  const available = !!webDist && existsSync(index);
  if (available) {
    await server.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      cacheControl: false,
    });
  }
  server.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD'))
      throw ApiError.notFound();
    if (!available) {
      return reply
        .code(200)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` and restart.');
    }
    const path = req.url.split('?')[0]!;
    // note: hashed assets are immutable; index.html must always be revalidated so deploys take effect.
    if (path.startsWith('/assets/')) throw ApiError.notFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  if (available) {
    server.get('/', async (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
    server.addHook('onSend', async (req, reply, payload) => {
      if (req.url.startsWith('/assets/'))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return payload;
    });
  }
}
