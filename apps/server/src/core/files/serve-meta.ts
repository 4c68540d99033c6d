/**
 * What a file response says about the file (PocketBase's file serving): its type, whether browsers show it
 * inline, and which bytes a Range header asks for. Pure functions, so the HTTP handler stays thin.
 */
import { extname } from 'node:path';
import { baseMime } from './sniff.js';
import type { ByteRange, FileStat } from './storage.js';

/** Types a browser may show in place; everything else downloads. */
const INLINE = new Set([
  'image/png',
  'image/jpg',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/bmp',
  'video/webm',
  'video/mp4',
  'video/3gpp',
  'video/quicktime',
  'video/x-ms-wmv',
  'audio/basic',
  'audio/aiff',
  'audio/mpeg',
  'audio/midi',
  'audio/mp3',
  'audio/wave',
  'audio/wav',
  'audio/x-wav',
  'audio/x-mpeg',
  'audio/x-m4a',
  'audio/aac',
  'application/pdf',
  'application/x-pdf',
]);

/** Extensions whose sniffed type is too generic (or misleading) for browsers to handle them. */
const BY_EXTENSION: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
export const FILE_CACHE_CONTROL = 'max-age=2592000, stale-while-revalidate=86400';

export function contentTypeFor(name: string, stat: FileStat): string {
  return BY_EXTENSION[extname(name).toLowerCase()] ?? stat.contentType;
}

/** `?download=` as Go's ParseBool reads it. */
export function wantsDownload(value: string | undefined): boolean {
  return value !== undefined && ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value);
}

export function dispositionFor(name: string, stat: FileStat, download: boolean): string {
  const kind = !download && INLINE.has(baseMime(stat.contentType)) ? 'inline' : 'attachment';
  // note: stored names are plain ASCII tokens; anything else is quoted so the header stays well-formed.
  const safe = /^[A-Za-z0-9._-]+$/.test(name) ? name : `"${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`;
  return `${kind}; filename=${safe}`;
}

export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/** One `bytes=` range; several ranges are answered with the whole file, which RFC 9110 allows. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const m = /^bytes=\s*(.*)$/i.exec(header.trim());
  if (!m) return { kind: 'unsatisfiable' };
  const specs = m[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length !== 1) return specs.length === 0 ? { kind: 'unsatisfiable' } : { kind: 'full' };
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'unsatisfiable' };
  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || (spec[2] !== '' && Number(spec[2]) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

function seconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

/** Whether a conditional GET may be answered 304 (If-None-Match wins over If-Modified-Since). */
export function notModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  stat: FileStat,
): boolean {
  if (headers.ifNoneMatch) {
    const tags = headers.ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(stat.etag.replace(/^W\//, ''));
  }
  if (headers.ifModifiedSince) {
    const since = Date.parse(headers.ifModifiedSince);
    return !Number.isNaN(since) && seconds(stat.modified) <= Math.floor(since / 1000);
  }
  return false;
}

/** If-Range: the Range applies only while the client's copy is still current. */
export function rangeStillValid(ifRange: string | undefined, stat: FileStat): boolean {
  if (!ifRange) return true;
  const v = ifRange.trim();
  if (v.startsWith('"') || v.startsWith('W/')) return !v.startsWith('W/') && v === stat.etag;
  const at = Date.parse(v);
  return !Number.isNaN(at) && Math.floor(at / 1000) === seconds(stat.modified);
}
