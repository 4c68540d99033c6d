/**
 * The client's IP as PocketBase's `RealIP()` finds it: the first trusted proxy header (settings
 * `trustedProxy.headers`) holding a valid address, its leftmost or rightmost entry per
 * `useLeftmostIP`; otherwise the socket's remote address. Headers are only trusted when an
 * operator listed them, because any client can send them.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../core/settings/settings.js';

/** Headers that proxies commonly set; health points at one when no proxy header is trusted yet. */
const PROXY_HEADERS = ['CF-Connecting-IP', 'Fly-Client-IP', 'X-Forwarded-For', 'X-Real-IP'];

/** The socket's peer: what the server uses unless an operator trusts a proxy header. */
export function remoteIp(req: FastifyRequest): string {
  return req.socket.remoteAddress ?? req.ip ?? '';
}

export function realIp(req: FastifyRequest, settings: Settings): string {
  const { headers, useLeftmostIP = false } = settings.trustedProxy ?? {};
  for (const name of Array.isArray(headers) ? headers : []) {
    const raw = req.headers[String(name).toLowerCase()];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (!value) continue;
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const ip = useLeftmostIP ? parts[0] : parts[parts.length - 1];
    if (ip && isIP(ip)) return ip;
  }
  return remoteIp(req);
}

/** The first common proxy header the request carries while `trustedProxy.headers` is empty, else ''. */
export function possibleProxyHeader(req: FastifyRequest, settings: Settings): string {
  const configured = settings.trustedProxy?.headers;
  if (Array.isArray(configured) && configured.length > 0) return '';
  return PROXY_HEADERS.find((name) => req.headers[name.toLowerCase()]) ?? '';
}
