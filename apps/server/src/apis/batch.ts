import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { runBatch, validateBatch } from '../core/batch/run-batch.js';
import { readBody } from './body.js';
import { callerOf } from './request-caller.js';
import { sendJson } from './respond.js';

const MiB = 1024 * 1024;

/** `POST /api/batch` (protocol §7); off unless enabled in settings. */
export function bindBatchApi(server: FastifyInstance, app: App): void {
  server.post('/api/batch', { bodyLimit: 128 * MiB }, async (req, reply) => {
    const settings = app.settings.get().batch;
    if (!settings.enabled) throw ApiError.forbidden('Batch requests are not allowed.');
    const limit = settings.maxBodySize > 0 ? settings.maxBodySize : 128 * MiB;
    if (Number(req.headers['content-length'] ?? 0) > limit) throw ApiError.tooLarge();
    const { body } = await readBody(req);
    const items = validateBatch(body.requests, settings.maxRequests);
    const results = await runBatch(app, callerOf(req, 'batch'), items, settings.timeout);
    return sendJson(req, reply, results);
  });
}
