import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { listCollections, viewCollection } from '../core/collections/collections-read.js';
import { collectionsDefinedInCode } from '../core/collections/defined-in-code.js';
import { collectionScaffolds } from '../core/collections/scaffolds.js';
import { requireSuperuser } from './guards.js';
import { queryParam } from './request-caller.js';
import { sendJson } from './respond.js';

/**
 * PocketBase's collections API for superusers (protocol §13), read-only: what its dashboard needs
 * to browse records. Writes are refused with the reason; only superusers learn it, as in PocketBase.
 */
export function bindCollectionsApi(server: FastifyInstance, app: App): void {
  server.get('/api/collections', async (req, reply) => {
    requireSuperuser(req);
    const p = (name: string) => queryParam(req, name);
    const list = await listCollections(app, {
      page: p('page'),
      perPage: p('perPage'),
      sort: p('sort'),
      filter: p('filter'),
      skipTotal: p('skipTotal'),
    });
    return sendJson(req, reply, list);
  });

  server.get('/api/collections/meta/scaffolds', async (req, reply) => {
    requireSuperuser(req);
    return sendJson(req, reply, collectionScaffolds(app.settings.get()));
  });

  server.get('/api/collections/:collection', async (req, reply) => {
    requireSuperuser(req);
    const { collection } = req.params as { collection: string };
    return sendJson(req, reply, await viewCollection(app, collection));
  });

  const refuse = async (req: Parameters<typeof requireSuperuser>[0]) => {
    requireSuperuser(req);
    throw collectionsDefinedInCode();
  };
  server.post('/api/collections', refuse);
  server.put('/api/collections/import', refuse);
  server.patch('/api/collections/:collection', refuse);
  server.delete('/api/collections/:collection', refuse);
  server.delete('/api/collections/:collection/truncate', refuse);
}
