import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { uploadLimits } from '../core/files/upload.js';
import { readBody } from './body.js';
import { callerOf, queryParam } from './request-caller.js';
import { sendJson } from './respond.js';
import { recordBodyBytes } from './record-body-limit.js';
import { NO_BODY } from './route-body.js';

type Params = { collection: string; id?: string };

/** `/api/collections/{collection}/records[/{id}]` (PocketBase's records API). */
export function bindRecordCrudApi(server: FastifyInstance, app: App): void {
  const collectionOf = (req: FastifyRequest) => app.registry.require((req.params as Params).collection);
  const idOf = (req: FastifyRequest) => (req.params as Params).id ?? '';
  // An unknown collection is a 404 before the body is read; a known one reads what its fields hold.
  const writeBody = { config: { body: (req: FastifyRequest) => recordBodyBytes(collectionOf(req)) } };
  const noBody = {
    config: {
      body: (req: FastifyRequest) => {
        collectionOf(req);
        return NO_BODY;
      },
    },
  };

  server.get('/api/collections/:collection/records', async (req, reply) => {
    const q = (name: string) => queryParam(req, name);
    const result = await app.records.list(collectionOf(req), callerOf(req), {
      page: q('page'),
      perPage: q('perPage'),
      sort: q('sort'),
      filter: q('filter'),
      skipTotal: q('skipTotal'),
      expand: q('expand'),
    });
    return sendJson(req, reply, result);
  });

  server.get('/api/collections/:collection/records/:id', async (req, reply) => {
    const json = await app.records.view(collectionOf(req), callerOf(req), idOf(req), {
      expand: queryParam(req, 'expand'),
    });
    return sendJson(req, reply, json);
  });

  server.post('/api/collections/:collection/records', writeBody, async (req, reply) => {
    const collection = collectionOf(req);
    const { body, files } = await readBody(req, uploadLimits(collection, app.dataDir));
    const saved = await app.records.create(collection, callerOf(req), body, {
      expand: queryParam(req, 'expand'),
      files,
    });
    return sendJson(req, reply, saved.json);
  });

  server.patch('/api/collections/:collection/records/:id', writeBody, async (req, reply) => {
    const collection = collectionOf(req);
    const { body, files } = await readBody(req, uploadLimits(collection, app.dataDir));
    const saved = await app.records.update(collection, callerOf(req), idOf(req), body, {
      expand: queryParam(req, 'expand'),
      files,
    });
    return sendJson(req, reply, saved.json);
  });

  server.delete('/api/collections/:collection/records/:id', noBody, async (req, reply) => {
    const collection = collectionOf(req);
    if (!idOf(req)) throw ApiError.notFound();
    await app.records.delete(collection, callerOf(req), idOf(req));
    return reply.code(204).send();
  });
}
