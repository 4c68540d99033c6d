/**
 * `GET|HEAD /api/files/{collection}/{recordId}/{filename}` and `POST /api/files/token`
 * (PocketBase's files API): record files with thumbs, ranges, conditional requests and protected access.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { isSafeFileName } from '../core/files/names.js';
import { canReadProtected, fileTokenCaller } from '../core/files/protected-access.js';
import {
  contentTypeFor,
  dispositionFor,
  FILE_CACHE_CONTROL,
  FILE_CSP,
  notModified,
  parseRange,
  rangeStillValid,
  wantsDownload,
} from '../core/files/serve-meta.js';
import { fileKey, thumbKey, type FileStat } from '../core/files/storage.js';
import { canThumb, ensureThumb, parseThumbSize, thumbAllowed } from '../core/files/thumbs.js';
import type { FileField } from '../core/schema/fields.js';
import { realIp } from './real-ip.js';
import { callerOf, queryParam } from './request-caller.js';
import { sendJson } from './respond.js';
import { NO_BODY } from './route-body.js';

type Params = { collection: string; recordId: string; filename: string };

const RECORD_ID = /^[A-Za-z0-9_-]{1,100}$/;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function sendFile(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  name: string,
  stat: FileStat,
) {
  const fresh = notModified(
    { ifNoneMatch: header(req, 'if-none-match'), ifModifiedSince: header(req, 'if-modified-since') },
    stat,
  );
  const answer = rangeStillValid(header(req, 'if-range'), stat)
    ? parseRange(header(req, 'range'), stat.size)
    : { kind: 'full' as const };
  const range = answer.kind === 'partial' ? answer.range : undefined;
  const length = range ? range.end - range.start + 1 : stat.size;
  // note: the stream is opened before any header is set, so a file that vanished since stat is a clean 404.
  const skipBody = fresh || answer.kind === 'unsatisfiable' || req.method === 'HEAD' || length === 0;
  const body = skipBody
    ? null
    : await app.storage.read(key, range).catch(() => {
        throw ApiError.notFound();
      });
  reply
    .removeHeader('X-Frame-Options')
    .header('Content-Security-Policy', FILE_CSP)
    .header('Cache-Control', FILE_CACHE_CONTROL)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', stat.etag)
    .header('Last-Modified', stat.modified.toUTCString());
  if (fresh) return reply.code(304).send();
  if (answer.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${stat.size}`)
      .header('Content-Length', '0')
      .send();
  }
  reply
    .code(range ? 206 : 200)
    .header('Content-Type', contentTypeFor(name, stat))
    .header('Content-Disposition', dispositionFor(name, stat, wantsDownload(queryParam(req, 'download'))))
    .header('Content-Length', String(length));
  if (range) reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
  return reply.send(body ?? undefined);
}

/** The thumb to serve instead of the original, or null to serve the original (protocol: never an error). */
async function thumbFor(
  app: App,
  req: FastifyRequest,
  field: FileField,
  originalKey: string,
  original: FileStat,
  p: Params,
  collectionId: string,
) {
  const size = queryParam(req, 'thumb');
  if (!size || !thumbAllowed(field, size) || !canThumb(original.contentType)) return null;
  const key = thumbKey(collectionId, p.recordId, p.filename, size);
  if (!(await ensureThumb(app.storage, originalKey, key, parseThumbSize(size)!, original.contentType)))
    return null;
  const stat = await app.storage.stat(key);
  return stat ? { key, name: `${size}_${p.filename}`, stat } : null;
}

export function bindFilesApi(server: FastifyInstance, app: App): void {
  server.post('/api/files/token', { config: { access: 'auth', body: NO_BODY } }, async (req, reply) => {
    const auth = req.auth!;
    const token = await app.auth.issueToken(auth.collection, auth.record, 'file');
    return sendJson(req, reply, { token });
  });

  server.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/:collection/:recordId/:filename',
    handler: async (req, reply) => {
      const p = req.params as Params;
      // Every segment is checked before it reaches a query or a storage key: tricks are plain 404s.
      const collection = app.registry.find(p.collection);
      if (!collection || !RECORD_ID.test(p.recordId) || !isSafeFileName(p.filename))
        throw ApiError.notFound();
      const record = await app.records.findById(collection, p.recordId);
      if (!record) throw ApiError.notFound();
      const field = collection.fields.find(
        (f): f is FileField => f.type === 'file' && [record[f.name]].flat().includes(p.filename),
      );
      if (!field) throw ApiError.notFound();
      if (field.protected) {
        const allowList = app.settings.get().superuserIPs ?? [];
        const ipOk = allowList.length === 0 || allowList.includes(realIp(req, app.settings.get()));
        const { method, headers, query } = callerOf(req);
        const caller = await fileTokenCaller(app, queryParam(req, 'token'), { method, headers, query }, ipOk);
        if (!(await canReadProtected(app, collection, record, caller))) throw ApiError.notFound();
      }
      const originalKey = fileKey(collection.id, String(record.id), p.filename);
      const original = await app.storage.stat(originalKey);
      if (!original) throw ApiError.notFound();
      const thumb = await thumbFor(app, req, field, originalKey, original, p, collection.id);
      if (thumb) return sendFile(app, req, reply, thumb.key, thumb.name, thumb.stat);
      return sendFile(app, req, reply, originalKey, p.filename, original);
    },
  });
}
