import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError } from '../core/errors.js';
import { loadIndexDocument, type IndexDocument } from './web-index-document.js';
import { createRouteMatcher } from './web-route-matcher.js';
import { webSecurityHeaders, type CspSources } from './web-security-headers.js';

export type WebAppOptions = {
  /** The built React app (apps/web/dist); omitted in API-only tests. */
  webDist: string | undefined;
  /** The app's public URL (settings `meta.appURL`), read per response: it may change while running. */
  appURL: () => string;
  /** Hosts the configured integrations load from, read per response like `appURL`. */
  cspSources?: () => CspSources;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app. Hashed assets go out precompressed (brotli or gzip, made by the
 * build) and cached for a year; everything else, the HTML first, is revalidated on each use. A path
 * that is no page of the app (`routes.json` from the build) still gets the app, which shows its
 * 404 page, but with status 404.
 */
export async function bindWebApp(server: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const { webDist } = opts;
  const available = !!webDist && existsSync(join(webDist, 'index.html'));
  if (!available) {
    server.setNotFoundHandler(async (req, reply) => {
      if (isApi(req) || !isRead(req)) throw ApiError.notFound();
      return reply
        .code(200)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` and restart.');
    });
    return;
  }

  const index = loadIndexDocument(webDist);
  // The landing page prerendered by the build, when there is one: painted before any script loads.
  const home = existsSync(join(webDist, 'home.html')) ? loadIndexDocument(webDist, 'home.html') : index;
  const isPage = pageMatcher(webDist);
  const headers = securityHeaders(opts.appURL, opts.cspSources ?? (() => ({})));

  await server.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
  });
  server.addHook('onSend', async (req, reply, payload) => {
    if (isApi(req)) return payload;
    reply.headers(headers());
    if (!reply.hasHeader('Cache-Control')) {
      const hashed = req.url.startsWith('/assets/') && reply.statusCode < 400;
      reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    }
    return payload;
  });

  const sendPage = (req: FastifyRequest, reply: FastifyReply, status: number) =>
    sendIndex(index, req, reply, status);
  server.get('/', async (req, reply) => sendIndex(home, req, reply, 200));
  server.setNotFoundHandler(async (req, reply) => {
    if (isApi(req) || !isRead(req)) throw ApiError.notFound();
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/assets/')) throw ApiError.notFound();
    return sendPage(req, reply, isPage(path) ? 200 : 404);
  });
}

function sendIndex(index: IndexDocument, req: FastifyRequest, reply: FastifyReply, status: number) {
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (status === 200) {
    reply.header('ETag', index.etag);
    if (ifNoneMatch(req.headers['if-none-match'], index.etag)) return reply.code(304).send();
  }
  const { body, encoding } = index.negotiate(req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(status).send(body);
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Every path is a page when the build lists no routes (an older build): the client decides. */
function pageMatcher(webDist: string): (path: string) => boolean {
  const file = join(webDist, 'routes.json');
  if (!existsSync(file)) return () => true;
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string'))
    throw new Error(`${file}: expected a JSON array of route patterns`);
  return createRouteMatcher(patterns);
}

/** The headers for the current appURL and integrations, rebuilt only when either changes. */
function securityHeaders(appURL: () => string, cspSources: () => CspSources): () => Record<string, string> {
  let lastKey: string | undefined;
  let last: Record<string, string> = {};
  return () => {
    const url = appURL();
    const sources = cspSources();
    const key = JSON.stringify([url, sources]);
    if (key !== lastKey) {
      last = webSecurityHeaders({ appURL: url, extraHosts: sources });
      lastKey = key;
    }
    return last;
  };
}

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/') || req.url === '/api';
const isRead = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD';
