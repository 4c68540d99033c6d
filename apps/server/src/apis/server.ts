/**
 * The HTTP layer: Fastify with PocketBase's conventions (error shape, headers, CORS, auth loading)
 * around thin route binders. `createServer` does not listen, so tests can `inject` or `listen`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { App } from '../core/app.js';
import { ApiError, toApiError } from '../core/errors.js';
import type { AuthState } from '../core/records/caller.js';
import { RealtimeBroker } from '../core/realtime/broker.js';
import { isHttpModule } from './http-module.js';
import { bindAdminGroup, bindRouteAccess } from './route-access.js';
import { registerBodyParsers } from './body.js';
import { bindRouteBodies } from './route-body.js';
import { DEFAULT_JSON_BODY_LIMITS, type JsonBodyLimits } from './json-body.js';
import { bindHealthApi } from './health.js';
import { bindRecordAuthApi } from './record-auth.js';
import { bindRecordAuthOAuth2Api } from './record-auth-oauth2.js';
import { bindRecordAuthFlowsApi } from './record-auth-flows.js';
import { bindMailOutboxApi } from './mail-outbox.js';
import { bindMailFailuresApi } from './mail-failures.js';
import { bindRecordCrudApi } from './record-crud.js';
import { bindFilesApi } from './files.js';
import { bindSettingsApi } from './settings.js';
import { bindBatchApi } from './batch.js';
import { bindRealtimeApi } from './realtime.js';
import { bindOAuth2RedirectApi } from './oauth2-redirect.js';
import { bindWebApp } from './web-app.js';
import { bindRateLimits } from './rate-limit.js';
import { bindRequestLogs } from './request-logs.js';
import { bindLogsApi } from './logs.js';
import { bindCronsApi } from './crons.js';
import { bindCollectionsApi } from './collections.js';
import { bindBackupsApi } from './backups.js';
import { bindSettingsSecretsApi } from './settings-secrets.js';
import { mergeCspSources } from './web-security-headers.js';
import { NoRequestLines } from './server-logger.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyInstance {
    realtime: RealtimeBroker;
  }
}

export type ServerOptions = {
  /** The built web app to serve for non-API paths; omitted in API-only tests. */
  webDist?: string;
  logger?: boolean | object;
  /**
   * Fastify's two lines per request on the logger (default on when there is a logger). `serve`
   * turns them off outside `--dev`, as PocketBase prints no request lines: every request is in the
   * stored request log already, and writing both cost a fifth of an API process's CPU under load
   * (bench/README.md, scale-out).
   */
  requestLog?: boolean;
  /** Size and depth limits of JSON and other non-file bodies. */
  jsonBody?: JsonBodyLimits;
  /** Realtime connection limits (tests shorten them). */
  realtime?: { idleMs: number; lifetimeMs: number };
};

const MiB = 1024 * 1024;

export async function createServer(app: App, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const server = Fastify({
    logger: opts.logger ?? false,
    ...(opts.requestLog === false ? { logController: new NoRequestLines() } : {}),
    bodyLimit: 32 * MiB,
    trustProxy: false,
    // note: PocketBase accepts long filter URLs; past Node's 16 KB default the answer wouldn't be our error shape.
    http: { maxHeaderSize: 1024 * 1024 },
    // note: PocketBase ids and filters may be long; the default 100-char param limit is too tight.
    routerOptions: { maxParamLength: 2000 },
  });
  server.decorateRequest('auth', null);
  const jsonBody = opts.jsonBody ?? DEFAULT_JSON_BODY_LIMITS;
  registerBodyParsers(server, jsonBody);
  await server.register(multipart, {
    limits: { fileSize: 32 * MiB, files: 100, fieldSize: jsonBody.maxBytes, parts: 1000 },
  });

  server.addHook('onRequest', async (req, reply) => {
    reply.header('X-XSS-Protection', '1; mode=block');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, HEAD, PUT, PATCH, POST, DELETE')
        .header('Access-Control-Allow-Headers', String(req.headers['access-control-request-headers'] ?? '*'))
        .header('Access-Control-Max-Age', '86400');
      return reply.code(204).send();
    }
    if (req.url.startsWith('/api/')) req.auth = await app.auth.authenticate(req.headers.authorization);
    return undefined;
  });

  server.setErrorHandler((err, req, reply) => {
    const apiError = toApiError(err);
    if (apiError.status >= 500) req.log.error({ err }, 'request failed');
    if (req.method === 'HEAD') return reply.code(apiError.status).send();
    return reply.code(apiError.status).type('application/json').send(JSON.stringify(apiError.toJSON()));
  });

  // note: after auth loading (superusers are not limited; audiences need req.auth).
  bindRateLimits(server, app);
  bindRequestLogs(server, app);

  // note: who may call a route, then how much body it reads, both before a byte of it is parsed.
  bindRouteAccess(server);
  bindRouteBodies(server, jsonBody);

  // The app publishes to other processes itself (every process kind); SSE clients are ours.
  const broker = new RealtimeBroker(app);
  const offLocal = app.events.onAny((event) => void broker.dispatch(event));
  const offRemote = app.realtime?.onRemote((event) => void broker.dispatch(event));
  // note: SSE streams never end by themselves; close them before Fastify waits for open requests.
  server.addHook('preClose', async () => broker.closeAll());
  server.addHook('onClose', async () => {
    offLocal();
    offRemote?.();
    broker.closeAll();
  });
  server.decorate('realtime', broker);

  bindHealthApi(server, app);
  bindRealtimeApi(server, app, broker, opts.realtime);
  bindOAuth2RedirectApi(server, broker);
  bindRecordAuthApi(server, app);
  bindRecordAuthOAuth2Api(server, app);
  bindRecordAuthFlowsApi(server, app);
  bindMailOutboxApi(server, app);
  bindRecordCrudApi(server, app);
  bindCollectionsApi(server, app);
  bindFilesApi(server, app);
  bindSettingsApi(server, app);
  bindBatchApi(server, app);
  bindLogsApi(server, app);
  bindCronsApi(server, app);
  bindBackupsApi(server, app);
  const modules = app.options.modules.filter(isHttpModule);
  for (const m of modules) await m.routes?.(server, app);
  await bindAdminGroup(server, async (admin) => {
    bindMailFailuresApi(admin, app);
    bindSettingsSecretsApi(admin, app);
    for (const m of modules) await m.adminRoutes?.(admin, app);
  });

  const notFound = async () => {
    throw ApiError.notFound();
  };
  // note: refused before the body is read: there is nothing here to read it for.
  const refuseBody = () => {
    throw ApiError.notFound();
  };
  server.all('/api/*', { config: { body: refuseBody } }, notFound);
  await bindWebApp(server, {
    webDist: opts.webDist,
    appURL: () => app.settings.get().meta.appURL,
    cspSources: () => mergeCspSources(modules.flatMap((m) => (m.cspSources ? [m.cspSources(app)] : []))),
  });
  return server;
}
