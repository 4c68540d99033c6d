/**
 * The client's IP as PocketBase's `RealIP()` finds it: the first trusted proxy header (settings
 * `trustedProxy.headers`) holding a valid address, its leftmost or rightmost entry per
 * `useLeftmostIP`; otherwise the socket's remote address. Headers are only trusted when an
 * operator listed them, because any client can send them.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../core/settings/settings.js';

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
