/**
 * JSON request bodies read under their own limits (issue 17): a size far below the multipart limit
 * for files, refused by Content-Length before a byte is read or counted as bytes arrive, and a
 * nesting depth checked on each chunk, so a hostile body is refused long before `JSON.parse` could
 * block the event loop or the heap could fill up.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { ApiError } from '../core/errors.js';
import { DEFAULT_MAX_JSON_DEPTH, JsonDepthScanner } from '../tools/json-depth.js';

export type JsonBodyLimits = {
  /** Largest JSON (or urlencoded, or total non-file multipart) body in bytes; 413 beyond it. */
  maxBytes: number;
  /** Deepest nesting of arrays and objects; 400 beyond it. */
  maxDepth: number;
};

/** 1 MiB: PocketBase's default size of a json field, and ten times our largest json field. */
export const DEFAULT_JSON_BODY_LIMITS: JsonBodyLimits = {
  maxBytes: 1024 * 1024,
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
};

export function tooDeep(limits: JsonBodyLimits): ApiError {
  return ApiError.badRequest(`The JSON body is nested deeper than ${limits.maxDepth} levels.`);
}

const MAX_DRAIN = 64 * 1024 * 1024;

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

/** Reads a JSON body from `payload` (the request stream) within `limits`; an empty body is `{}`. */
export function readJsonBody(
  raw: IncomingMessage,
  payload: Readable,
  limits: JsonBodyLimits,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const refuse = (err: ApiError) => {
      payload.removeAllListeners('data');
      payload.removeAllListeners('end');
      drainRest(raw, limits.maxBytes);
      reject(err);
    };
    if (Number(raw.headers['content-length'] ?? 0) > limits.maxBytes) return refuse(ApiError.tooLarge());
    const scanner = new JsonDepthScanner(limits.maxDepth);
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) return refuse(ApiError.tooLarge());
      if (scanner.push(chunk)) return refuse(tooDeep(limits));
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
