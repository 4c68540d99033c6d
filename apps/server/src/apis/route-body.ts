/**
 * How much body each route reads, declared with the route (`config: { body: SIGN_IN_BODY }`) and
 * settled before a byte of the body is read: a route refuses what it cannot use (an unknown
 * collection is a 404, a body larger than the route needs a 413) instead of parsing it first. A
 * sign-in needs a few hundred bytes; reading a mebibyte of JSON there only let a guest stall the
 * event loop. Multipart file parts keep the limits of their upload fields (body.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.js';
import { refuseUnread, type JsonBodyLimits } from './json-body.js';

/**
 * Bytes of JSON, urlencoded or non-file multipart body a route reads; a function may throw to
 * refuse the request before its body is read (e.g. a 404 for an unknown collection).
 */
export type RouteBody = number | ((req: FastifyRequest) => number);

declare module 'fastify' {
  interface FastifyContextConfig {
    body?: RouteBody;
  }
}

/** Routes that take no body: room for the `{}` some clients send with every POST, nothing more. */
export const NO_BODY = 64;
/** Sign-in, OTP, password and address flows: an address, a password, a code, a token. */
export const SIGN_IN_BODY = 16 * 1024;
/** A route that declares nothing: ids, choices, a short text. */
export const DEFAULT_BODY = 64 * 1024;
/** Record writes, settings, batch: as much as the server's JSON limit allows. */
export const FULL_BODY = Number.POSITIVE_INFINITY;

const limitOf = new WeakMap<FastifyRequest, number>();

/** The body limit of this request's route, within the server's JSON limit. */
export function routeBodyBytes(req: FastifyRequest, limits: JsonBodyLimits): number {
  return Math.min(limitOf.get(req) ?? DEFAULT_BODY, limits.maxBytes);
}

function isMultipart(req: FastifyRequest): boolean {
  return /^\s*multipart\//i.test(String(req.headers['content-type'] ?? ''));
}

export function bindRouteBodies(server: FastifyInstance, limits: JsonBodyLimits): void {
  // note: a callback, not async: it runs on every request and rarely refuses (decision 028).
  server.addHook('preParsing', (req, reply, payload, done) => {
    const declared = req.routeOptions.config.body;
    try {
      const max = Math.min(
        typeof declared === 'function' ? declared(req) : (declared ?? DEFAULT_BODY),
        limits.maxBytes,
      );
      limitOf.set(req, max);
      // note: multipart bodies carry files, whose limits are the upload fields' (readBody).
      if (!isMultipart(req) && Number(req.headers['content-length'] ?? 0) > max) throw ApiError.tooLarge();
    } catch (err) {
      refuseUnread(req, reply, limits.maxBytes);
      return done(err as Error);
    }
    done(null, payload);
  });
}
