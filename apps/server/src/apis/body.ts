/**
 * Request bodies as PocketBase reads them (protocol §0.2): JSON (an empty body is `{}`), multipart
 * and urlencoded forms with type inference and `@jsonPayload` parts, anything else refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.js';

/** "true"/"false" become booleans; a numeric string becomes a number only if it round-trips exactly. */
export function inferValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value !== '' && /^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value) return Number(value);
  return value;
}

/** Adds a form value; a repeated key becomes an array. */
export function addFormValue(out: Record<string, unknown>, key: string, value: unknown): void {
  if (!(key in out)) out[key] = value;
  else if (Array.isArray(out[key])) (out[key] as unknown[]).push(value);
  else out[key] = [out[key], value];
}

export function mergeJsonPayload(out: Record<string, unknown>, raw: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ApiError.badRequest('Invalid @jsonPayload value.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw ApiError.badRequest('Invalid @jsonPayload value.');
  Object.assign(out, parsed);
}

export function registerBodyParsers(server: FastifyInstance): void {
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(ApiError.badRequest(), undefined);
    }
  });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const out: Record<string, unknown> = {};
    try {
      for (const [k, v] of new URLSearchParams(body as string)) {
        if (k === '@jsonPayload') mergeJsonPayload(out, v);
        else addFormValue(out, k, inferValue(v));
      }
      done(null, out);
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  // Multipart is read as a stream by the multipart plugin; other types are refused unless empty.
  server.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('multipart/form-data')) return done(null, undefined);
    if ((body as Buffer).length === 0) return done(null, {});
    done(ApiError.badRequest('Unsupported Content-Type.'), undefined);
  });
}

/** A file part of a multipart body; the files feature stores these. */
export type UploadedFile = { field: string; filename: string; mimetype: string; data: Buffer };

/** The request body as a plain object (multipart fields are type-inferred; file parts collected). */
export async function readBody(req: FastifyRequest): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  if (req.isMultipart()) {
    const body: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
      } else if (part.fieldname === '@jsonPayload') {
        mergeJsonPayload(body, String(part.value));
      } else {
        addFormValue(body, part.fieldname, inferValue(String(part.value)));
      }
    }
    return { body, files };
  }
  const b = req.body;
  if (b === undefined || b === null) return { body: {}, files: [] };
  if (typeof b !== 'object' || Array.isArray(b)) throw ApiError.badRequest();
  return { body: b as Record<string, unknown>, files: [] };
}
