/**
 * `/api/backups` (PocketBase's backups API): superusers list, create, upload, delete and restore backups;
 * downloads take a superuser *file* token in `?token=` instead of the Authorization header, so a
 * plain link can fetch them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { readBody } from './body.js';
import { queryParam } from './request-caller.js';
import { sendJson } from './respond.js';
import { NO_BODY } from './route-body.js';

const DOWNLOAD_DENIED = 'Insufficient permissions to access the resource.';

/** Turns an unexpected failure into the protocol's 400, logging the cause (never sent). */
function failed(req: FastifyRequest, message: string) {
  return (err: unknown): never => {
    if (err instanceof ApiError) throw err;
    req.log.error({ err }, message);
    throw ApiError.badRequest(message);
  };
}

async function isSuperuserFileToken(app: App, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const found = await app.auth.verifyRecordToken(token, 'file');
  return found?.collection.name === '_superusers';
}

async function upload(app: App, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const missing = ApiError.badRequest('An error occurred while validating the submitted data.', {
    file: { code: 'validation_required', message: 'Cannot be blank.' },
  });
  if (!req.isMultipart()) throw missing;
  let stored = false;
  // note: backups are as big as the data; the global per-file limit does not apply here.
  for await (const part of req.parts({ limits: { fileSize: Infinity } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || stored) {
      part.file.resume();
      continue;
    }
    await app.backups.upload(part.filename, part.file).catch(failed(req, 'Failed to upload the backup.'));
    stored = true;
  }
  if (!stored) throw missing;
  return reply.code(204).send();
}

export function bindBackupsApi(server: FastifyInstance, app: App): void {
  server.get('/api/backups', { config: { access: 'superuser' } }, async (req, reply) => {
    return sendJson(req, reply, await app.backups.list());
  });

  server.post('/api/backups', { config: { access: 'superuser' } }, async (req, reply) => {
    const { body } = await readBody(req);
    await app.backups.create(body.name).catch(failed(req, 'Failed to create backup.'));
    return reply.code(204).send();
  });

  server.post('/api/backups/upload', { config: { access: 'superuser' } }, async (req, reply) => {
    return upload(app, req, reply);
  });

  server.get('/api/backups/:key', async (req, reply) => {
    if (!(await isSuperuserFileToken(app, queryParam(req, 'token'))))
      throw ApiError.forbidden(DOWNLOAD_DENIED);
    const { key } = req.params as { key: string };
    const found = await app.backups.read(key);
    if (!found) throw ApiError.notFound();
    return reply
      .code(200)
      .type('application/zip')
      .header('Content-Length', String(found.size))
      .header('Content-Disposition', `attachment; filename="${key}"`)
      .header('Cache-Control', 'no-store')
      .send(found.stream);
  });

  server.delete(
    '/api/backups/:key',
    { config: { access: 'superuser', body: NO_BODY } },
    async (req, reply) => {
      const { key } = req.params as { key: string };
      await app.backups.delete(key);
      return reply.code(204).send();
    },
  );

  server.post(
    '/api/backups/:key/restore',
    { config: { access: 'superuser', body: NO_BODY } },
    async (req, reply) => {
      const { key } = req.params as { key: string };
      const job = await app.backups.restore(key);
      // note: the 204 goes out now; the restore carries on and leaves the live data untouched if it fails.
      job.done.then(
        // Realtime subscriptions were authorised against the old data: clients reconnect and resubscribe.
        () => server.realtime.closeAll(),
        (err: unknown) => server.log.error({ err }, `restore of backup ${key} failed`),
      );
      return reply.code(204).send();
    },
  );
}
