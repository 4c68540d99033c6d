/**
 * JSON request bodies read under their own limits: a size far below the multipart limit for files
 * (and each route's own, smaller, see route-body.ts), refused by Content-Length before a byte is
 * read or counted as bytes arrive, and a nesting depth and counts of keys and elements checked on
 * each chunk, so a hostile body is refused long before `JSON.parse` could block the event loop or
 * the heap could fill up.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError } from '../core/errors.js';
import { DEFAULT_MAX_JSON_DEPTH, JsonDepthScanner, type JsonShapeLimit } from '../tools/json-depth.js';

export type JsonBodyLimits = {
  /** Largest JSON (or urlencoded, or total non-file multipart) body in bytes; 413 beyond it. */
  maxBytes: number;
  /** Deepest nesting of arrays and objects; 400 beyond it. */
  maxDepth: number;
  /** Most object keys in the whole body; 400 beyond it. */
  maxKeys: number;
  /** Most array elements and object members (commas) in the whole body; 400 beyond it. */
  maxElements: number;
};

/**
 * 1 MiB: PocketBase's default size of a json field, and ten times our largest json field. The
 * settings, our largest object, have under 200 keys; 2,000 keys parse in about a millisecond,
 * where 90,000 took a quarter of a second.
 */
export const DEFAULT_JSON_BODY_LIMITS: JsonBodyLimits = {
  maxBytes: 1024 * 1024,
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
  maxKeys: 2000,
  maxElements: 20000,
};

export function tooDeep(limits: JsonBodyLimits): ApiError {
  return ApiError.badRequest(`The JSON body is nested deeper than ${limits.maxDepth} levels.`);
}

/** The 400 for a body past one of the scanner's bounds. */
export function outOfShape(limits: JsonBodyLimits, limit: JsonShapeLimit): ApiError {
  if (limit === 'depth') return tooDeep(limits);
  if (limit === 'keys') return ApiError.badRequest(`The JSON body has more than ${limits.maxKeys} keys.`);
  return ApiError.badRequest(`The JSON body has more than ${limits.maxElements} elements.`);
}

export function shapeScanner(limits: JsonBodyLimits): JsonDepthScanner {
  return new JsonDepthScanner(limits.maxDepth, limits.maxKeys, limits.maxElements);
}

const MAX_DRAIN = 64 * 1024 * 1024;

/**
 * Refuses a request before its body is read: the answer says the connection closes (the client must
 * not send its next request down a socket that may be cut while the rest of this body drains).
 */
export function refuseUnread(req: FastifyRequest, reply: FastifyReply, max?: number): void {
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  reply.header('connection', 'close');
  drainRest(req.raw, max);
}

/**
 * After a refused body, reads and drops the rest so the client gets to read the answer and the
 * connection can close; a client that keeps sending past `max` more bytes is cut off (a hostile
 * 30 MB JSON body is not worth reading to its end).
 */
export function drainRest(raw: IncomingMessage, max = MAX_DRAIN): void {
  if (raw.readableEnded || raw.destroyed) return;
  let drained = 0;
  raw.unpipe();
  raw.removeAllListeners('data');
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > max) raw.socket.destroy();
  });
  raw.resume();
}

/**
 * Reads a JSON body from `payload` (the request stream) within `limits` and the route's `maxBytes`;
 * an empty body is `{}`.
 */
export function readJsonBody(
  raw: IncomingMessage,
  payload: Readable,
  limits: JsonBodyLimits,
  maxBytes = limits.maxBytes,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const refuse = (err: ApiError) => {
      payload.removeAllListeners('data');
      payload.removeAllListeners('end');
      drainRest(raw, limits.maxBytes);
      reject(err);
    };
    if (Number(raw.headers['content-length'] ?? 0) > maxBytes) return refuse(ApiError.tooLarge());
    const scanner = shapeScanner(limits);
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return refuse(ApiError.tooLarge());
      if (scanner.push(chunk)) return refuse(outOfShape(limits, scanner.exceeded!));
      chunks.push(chunk);
    });
    payload.on('error', (err) => reject(err instanceof ApiError ? err : ApiError.badRequest()));
    payload.on('end', () => {
      const text = Buffer.concat(chunks, size).toString('utf8').trim();
      if (text === '') return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(ApiError.badRequest());
      }
    });
  });
}
