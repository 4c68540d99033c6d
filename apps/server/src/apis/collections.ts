import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { listCollections, viewCollection } from '../core/collections/collections-read.js';
import { collectionsDefinedInCode } from '../core/collections/defined-in-code.js';
import { collectionScaffolds } from '../core/collections/scaffolds.js';
import { configurableProviders } from '../core/oauth2/configurable-providers.js';
import { queryParam } from './request-caller.js';
import { sendJson } from './respond.js';

/**
 * PocketBase's collections API for superusers, read-only: what its dashboard needs
 * to browse records. Writes are refused with the reason; only superusers learn it, as in PocketBase.
 */
/** Superusers only, checked by the one route-access hook (`route-access.ts`). */
const su = { config: { access: 'superuser' } } as const;

export function bindCollectionsApi(server: FastifyInstance, app: App): void {
  server.get('/api/collections', su, async (req, reply) => {
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

  server.get('/api/collections/meta/scaffolds', su, async (req, reply) => {
    return sendJson(req, reply, collectionScaffolds(app.settings.get()));
  });

  server.get('/api/collections/meta/oauth2-providers', su, async (req, reply) => {
    return sendJson(req, reply, configurableProviders());
  });

  server.get('/api/collections/:collection', su, async (req, reply) => {
    const { collection } = req.params as { collection: string };
    return sendJson(req, reply, await viewCollection(app, collection));
  });

  const refuse = async () => {
    throw collectionsDefinedInCode();
  };
  server.post('/api/collections', su, refuse);
  server.put('/api/collections/import', su, refuse);
  server.patch('/api/collections/:collection', su, refuse);
  server.delete('/api/collections/:collection', su, refuse);
  server.delete('/api/collections/:collection/truncate', su, refuse);
}
