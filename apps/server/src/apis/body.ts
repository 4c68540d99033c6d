/**
 * Request bodies as PocketBase reads them: JSON (an empty body is `{}`), multipart
 * and urlencoded forms with type inference and `@jsonPayload` parts, anything else refused.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.js';
import { BodyBudget, TempUploads } from '../core/files/temp-uploads.js';
import { BASE_BODY_LIMIT, type Upload } from '../core/files/upload.js';
import {
  DEFAULT_JSON_BODY_LIMITS,
  drainRest,
  outOfShape,
  readJsonBody,
  shapeScanner,
  tooDeep,
  type JsonBodyLimits,
} from './json-body.js';
import { routeBodyBytes } from './route-body.js';

/** "true"/"false" become booleans; a numeric string becomes a number only if it round-trips exactly. */
export function inferValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value !== '' && /^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value) return Number(value);
  return value;
}

// No field is called `__proto__`; assigning it would swap the body object's prototype instead.
const UNSAFE_KEY = '__proto__';

/** Adds a form value; a repeated key becomes an array. */
export function addFormValue(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === UNSAFE_KEY) return;
  if (!Object.hasOwn(out, key)) out[key] = value;
  else if (Array.isArray(out[key])) (out[key] as unknown[]).push(value);
  else out[key] = [out[key], value];
}

export function mergeJsonPayload(
  out: Record<string, unknown>,
  raw: string,
  limits: JsonBodyLimits = DEFAULT_JSON_BODY_LIMITS,
): void {
  const scanner = shapeScanner(limits);
  if (scanner.push(raw)) throw outOfShape(limits, scanner.exceeded!);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ApiError.badRequest('Invalid @jsonPayload value.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw ApiError.badRequest('Invalid @jsonPayload value.');
  for (const [key, value] of Object.entries(parsed)) if (key !== UNSAFE_KEY) out[key] = value;
}

/** The limits for non-file bodies, as `createServer` was given them. */
const jsonLimitsOf = new WeakMap<FastifyInstance, JsonBodyLimits>();

export function registerBodyParsers(
  server: FastifyInstance,
  limits: JsonBodyLimits = DEFAULT_JSON_BODY_LIMITS,
): void {
  jsonLimitsOf.set(server, limits);
  // Upload temp files go away once the response is out or the client is gone, whoever read them.
  // note: callbacks, not async functions: these run on every request and rarely have anything to
  // wait for (decision 028).
  const release = (req: FastifyRequest, done: (err?: Error) => void) => {
    const temp = tempUploads.get(req);
    if (!temp) return done();
    tempUploads.delete(req);
    temp.release().then(() => done(), done);
  };
  server.addHook('onResponse', (req, _reply, done) => release(req, done));
  server.addHook('onRequestAbort', release);
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('application/json', (req: FastifyRequest, payload: Readable) =>
    readJsonBody(req.raw, payload, limits, routeBodyBytes(req, limits)),
  );
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: limits.maxBytes },
    (req, body, done) => {
      const out: Record<string, unknown> = {};
      try {
        // note: a chunked body has no length to refuse it by before it is read (route-body.ts).
        if (Buffer.byteLength(body as string) > routeBodyBytes(req, limits)) throw ApiError.tooLarge();
        for (const [k, v] of new URLSearchParams(body as string)) {
          if (k === '@jsonPayload') mergeJsonPayload(out, v, limits);
          else addFormValue(out, k, inferValue(v));
        }
        done(null, out);
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  // Multipart is read as a stream by the multipart plugin; other types are refused unless empty.
  server.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.maxBytes }, (req, body, done) => {
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('multipart/form-data')) return done(null, undefined);
    if ((body as Buffer).length === 0) return done(null, {});
    done(ApiError.badRequest('Unsupported Content-Type.'), undefined);
  });
}

/** A file part of a multipart body, streamed to a temporary file (see core/files/upload.ts). */
export type UploadedFile = Upload;

export type ReadBodyOptions = {
  /** Largest accepted body in bytes (413 beyond it); 32 MiB unless the route allows more. */
  maxBody?: number;
  /** Bytes kept per file part by its form key; 0 reads the part without keeping it. Default: maxBody. */
  fileLimit?: (key: string) => number;
  /** Where file parts are spooled; the OS temp folder by default. */
  tmpDir?: string;
};

const tempUploads = new WeakMap<FastifyRequest, TempUploads>();

/**
 * What the multipart reader (busboy) throws for a body it cannot read (no boundary, cut short,
 * bad part headers) carries no status: it is the client's fault, not ours.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof ApiError || (err as { statusCode?: unknown })?.statusCode !== undefined) return err;
  const message = (err as Error)?.message ?? '';
  return /^(Multipart|Malformed|Unexpected end)/i.test(message)
    ? ApiError.badRequest('Malformed multipart body.')
    : err;
}

async function readMultipart(
  req: FastifyRequest,
  opts: ReadBodyOptions,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  const maxBody = opts.maxBody ?? BASE_BODY_LIMIT;
  let temp = tempUploads.get(req);
  if (!temp) tempUploads.set(req, (temp = new TempUploads(opts.tmpDir)));
  try {
    if (Number(req.headers['content-length'] ?? 0) > maxBody) throw ApiError.tooLarge();
    return await readParts(req, opts, maxBody, temp);
  } catch (err) {
    drainRest(req.raw);
    throw asClientError(err);
  }
}

/** A part the multipart plugin parsed itself (sent as application/json), back to text. */
function stringifyPart(value: unknown, limits: JsonBodyLimits): string {
  try {
    return JSON.stringify(value);
  } catch {
    // note: only a value too deep for the stack fails here; the part's size was capped already.
    throw tooDeep(limits);
  }
}

async function readParts(req: FastifyRequest, opts: ReadBodyOptions, maxBody: number, temp: TempUploads) {
  const budget = new BodyBudget(maxBody);
  const limits = jsonLimitsOf.get(req.server) ?? DEFAULT_JSON_BODY_LIMITS;
  // note: text parts together are held to the route's JSON body limit: only file parts may be large.
  const textBudget = new BodyBudget(routeBodyBytes(req, limits));
  const body: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  // note: busboy's own per-file cap is lifted to the body limit; limits per field are enforced while writing.
  for await (const part of req.parts({ limits: { fileSize: maxBody + 1 } })) {
    if (part.type === 'file') {
      const limit = opts.fileLimit ? opts.fileLimit(part.fieldname) : maxBody;
      if (limit <= 0) {
        await temp.discard(part.file, budget);
        continue;
      }
      const written = await temp.write(part.file, limit, budget);
      files.push({ key: part.fieldname, filename: part.filename, ...written });
      continue;
    }
    // note: the multipart plugin pre-parses parts sent as application/json; keep them as text like the rest.
    if (part.valueTruncated) throw ApiError.tooLarge();
    const value = typeof part.value === 'string' ? part.value : stringifyPart(part.value, limits);
    const bytes = Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
    budget.spend(bytes);
    textBudget.spend(bytes);
    if (part.fieldname === '@jsonPayload') mergeJsonPayload(body, value, limits);
    else addFormValue(body, part.fieldname, inferValue(value));
  }
  return { body, files };
}

/**
 * The request body as a plain object (multipart fields are type-inferred). File parts are streamed
 * to temporary files that are deleted when the response has been sent.
 */
export async function readBody(
  req: FastifyRequest,
  opts: ReadBodyOptions = {},
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  if (req.isMultipart()) return readMultipart(req, opts);
  const b = req.body;
  if (b === undefined || b === null) return { body: {}, files: [] };
  if (typeof b !== 'object' || Array.isArray(b)) throw ApiError.badRequest();
  return { body: b as Record<string, unknown>, files: [] };
}
