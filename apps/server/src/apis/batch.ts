import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { batchFileTarget, filesByItem } from '../core/batch/batch-files.js';
import { runBatch, validateBatch } from '../core/batch/run-batch.js';
import { uploadTmpDir } from '../core/files/upload.js';
import { readBody } from './body.js';
import { callerOf } from './request-caller.js';
import { sendJson } from './respond.js';
import { FULL_BODY } from './route-body.js';

const MiB = 1024 * 1024;
/** PocketBase's batch body limit when `batch.maxBodySize` is 0. */
const DEFAULT_LIMIT = 128 * MiB;

function bodyLimit(app: App): number {
  const max = app.settings.get().batch.maxBodySize;
  return max > 0 ? max : DEFAULT_LIMIT;
}

/**
 * `POST /api/batch` (PocketBase's batch API); off unless enabled in settings. The SDK always sends multipart:
 * the requests in `@jsonPayload` and files as `requests.<i>.<key>` parts, which are streamed to
 * temporary files (the target collection is not known yet when they arrive, so each may use the
 * whole body budget; the item's field limits are checked when it runs).
 */
export function bindBatchApi(server: FastifyInstance, app: App): void {
  // note: the settings limit is checked per request; the route's own limit only caps what Fastify buffers.
  const tooLargeEarly = async (req: FastifyRequest) => {
    // note: refused before its body is read: a disabled batch must not take the 128 MiB allowance.
    if (!app.settings.get().batch.enabled) throw ApiError.forbidden('Batch requests are not allowed.');
    if (Number(req.headers['content-length'] ?? 0) > bodyLimit(app)) throw ApiError.tooLarge();
  };
  // A chunked JSON body has no content-length to check up front: count its bytes as they arrive.
  const countJsonBytes = async (req: FastifyRequest, _reply: FastifyReply, payload: Readable) => {
    // note: multipart is read from the raw request by the multipart plugin, and counted by readBody.
    if (/^\s*multipart\//i.test(String(req.headers['content-type'] ?? ''))) return payload;
    const max = bodyLimit(app);
    let seen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(seen > max ? ApiError.tooLarge() : null, chunk);
      },
    });
    payload.on('error', (err) => counter.destroy(err));
    return payload.pipe(counter);
  };
  const routeOptions = {
    bodyLimit: DEFAULT_LIMIT,
    config: { body: FULL_BODY },
    onRequest: tooLargeEarly,
    preParsing: countJsonBytes,
  };
  server.post('/api/batch', routeOptions, async (req, reply) => {
    const settings = app.settings.get().batch;
    if (!settings.enabled) throw ApiError.forbidden('Batch requests are not allowed.');
    const maxBody = bodyLimit(app);
    const { body, files } = await readBody(req, {
      maxBody,
      tmpDir: uploadTmpDir(app.dataDir),
      fileLimit: (key) => (batchFileTarget(key) ? maxBody : 0),
    });
    const items = validateBatch(body.requests, settings.maxRequests);
    const results = await runBatch(app, callerOf(req, 'batch'), items, {
      timeout: settings.timeout,
      files: filesByItem(files, items.length),
    });
    return sendJson(req, reply, results);
  });
}
