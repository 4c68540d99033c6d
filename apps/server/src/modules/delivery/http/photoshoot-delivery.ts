/**
 * The owner's side of delivery:
 * - `POST /api/photoshoots/{id}/redo` `{results: [ids], reasons?: {id: text}}` → the photoshoot,
 *   queued for the redo;
 * - `GET /api/photoshoots/{id}/download?token=…` → a streamed zip of the released results. Like a
 *   protected file, it accepts a file token (`POST /api/files/token`) in the query, so a plain
 *   link can download it; without one, the Authorization header is used.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../../../core/app.js';
import type { Caller } from '../../../core/records/caller.js';
import { fileTokenCaller } from '../../../core/files/protected-access.js';
import { requestRedo } from '../redo.js';
import { photoshootDownload, type Download } from '../download.js';
import { zipStream } from '../zip-stream.js';
import { redoBody } from '@photoshoot/contract/bodies';
import { readValidBody } from '../../../apis/valid-body.js';
import { realIp } from '../../../apis/real-ip.js';
import { callerOf, queryParam } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

async function downloadCaller(app: App, req: FastifyRequest): Promise<Caller> {
  const token = queryParam(req, 'token');
  if (!token) return callerOf(req);
  const settings = app.settings.get();
  const allowList = settings.superuserIPs ?? [];
  const ipOk = allowList.length === 0 || allowList.includes(realIp(req, settings));
  const { method, headers, query } = callerOf(req);
  return fileTokenCaller(app, token, { method, headers, query }, ipOk);
}

/** `attachment` with an ASCII name for old clients and the title itself (RFC 6266 `filename*`). */
function disposition(download: Download): string {
  const plain = `attachment; filename="${download.filename}"`;
  if (!download.displayName || download.displayName === download.filename) return plain;
  return `${plain}; filename*=UTF-8''${encodeURIComponent(download.displayName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function bindPhotoshootDeliveryApi(server: FastifyInstance, app: App): void {
  const photoshoots = app.registry.require('photoshoots');

  server.post('/api/photoshoots/:id/redo', { config: { access: 'auth' } }, async (req, reply) => {
    const caller = callerOf(req);
    const { results, reasons } = await readValidBody(req, redoBody);
    const photoshoot = await requestRedo(app, idOf(req), caller, results, reasons);
    return sendJson(req, reply, (await app.records.shape(photoshoots, [photoshoot], caller))[0]);
  });

  server.get('/api/photoshoots/:id/download', async (req, reply) => {
    const download = await photoshootDownload(app, idOf(req), await downloadCaller(app, req));
    const zip = zipStream(app.storage, download.entries);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) zip.abort();
    });
    reply
      .code(200)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', disposition(download))
      .header('Cache-Control', 'private, no-store');
    if (zip.size !== null) reply.header('Content-Length', String(zip.size));
    return reply.send(zip.stream);
  });
}
