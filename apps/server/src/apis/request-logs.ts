/**
 * Logs every request into the auxiliary log store once its response is sent, in PocketBase's
 * shape: message `METHOD url`, data `{type:"request", url, method, status, execTime, auth, authId,
 * userIP, remoteIP, referer, userAgent}`; level 0 (info), or 8 (error) for every failed request
 * (status ≥ 400) with its `error` message and `details`, as PocketBase logs a handler's error. CORS
 * preflights (OPTIONS) are not logged: PocketBase answers them before its logger. IPs and the auth id are left out
 * when settings `logs.logIP` / `logs.logAuthId` say so; tokens in URLs are redacted, and neither
 * the Authorization header nor cookies are ever logged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { toApiError } from '../core/errors.js';
import { redactText, redactUrl, redactUrlMemo } from '../core/logs/redact.js';
import { realIp, remoteIp } from './real-ip.js';

const MAX_TEXT = 2000;
/** slog levels, as PocketBase stores them. */
const INFO_LEVEL = 0;
const ERROR_LEVEL = 8;

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(', ') : (v ?? '')).slice(0, MAX_TEXT);
}

export function bindRequestLogs(server: FastifyInstance, app: App): void {
  const errors = new WeakMap<FastifyRequest, unknown>();

  // note: callbacks, not async functions: they run on every request and never wait (decision 028).
  server.addHook('onError', (req, _reply, err, done) => {
    errors.set(req, err);
    done();
  });

  server.addHook('onResponse', (req, reply, done) => {
    logRequest(req, reply);
    done();
  });

  function logRequest(req: FastifyRequest, reply: FastifyReply): void {
    if (req.method === 'OPTIONS') return;
    const settings = app.settings.get();
    if (settings.logs.maxDays <= 0) return;
    const status = reply.statusCode;
    const level = status >= 400 ? ERROR_LEVEL : INFO_LEVEL;
    if (level < settings.logs.minLevel) return;
    const url = redactUrlMemo(req.url).slice(0, MAX_TEXT);
    const data: Record<string, unknown> = {
      type: 'request',
      url,
      method: req.method,
      status,
      execTime: Math.round(reply.elapsedTime * 1000) / 1000,
      auth: req.auth?.collection.name ?? '',
      referer: redactUrl(header(req, 'referer')),
      userAgent: header(req, 'user-agent'),
    };
    if (settings.logs.logAuthId) data.authId = req.auth?.record.id ?? '';
    if (settings.logs.logIP) {
      data.userIP = realIp(req, settings);
      data.remoteIP = remoteIp(req);
    }
    const err = errors.get(req);
    if (err !== undefined && status >= 400) {
      const apiError = toApiError(err);
      data.error = apiError.message;
      // The cause's message (not its stack) helps operators with 5xx; clients never see it. A 4xx's
      // details are its field errors, which the client was sent anyway.
      const cause = status >= 500 ? (apiError.cause ?? err) : undefined;
      if (cause instanceof Error) data.details = redactText(cause.message).slice(0, MAX_TEXT);
      else if (status < 500) data.details = apiError.data;
    }
    app.logs.add({ level, message: `${req.method} ${url}`, data });
  }
}
