/**
 * File types from the bytes, never from the name or the client's Content-Type: uploads are
 * checked against a field's allowed types with this, and served with the type found here.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

export type Sniffed = { mime: string; ext: string };

const HEAD_BYTES = 4100;
const OCTET: Sniffed = { mime: 'application/octet-stream', ext: '' };

/** Text formats file-type does not detect; checked on the first bytes when nothing binary matched. */
function sniffText(head: Buffer): Sniffed {
  if (head.length === 0 || head.includes(0)) return OCTET;
  let text: string;
  try {
    // note: a multi-byte character cut at the end of the sample must not make valid UTF-8 look binary.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, safeCut(head)));
  } catch {
    return OCTET;
  }
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg')))
    return { mime: 'image/svg+xml', ext: '.svg' };
  if (start.startsWith('<!doctype html') || start.startsWith('<html'))
    return { mime: 'text/html; charset=utf-8', ext: '.html' };
  if (start.startsWith('<?xml')) return { mime: 'text/xml; charset=utf-8', ext: '.xml' };
  return { mime: 'text/plain; charset=utf-8', ext: '.txt' };
}

/** Length of `buf` without a trailing incomplete UTF-8 sequence. */
function safeCut(buf: Buffer): number {
  let i = buf.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && (buf[i]! & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return buf.length;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return need > back + 1 ? i : buf.length;
}

async function readHead(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Detects the type of a local file. */
export async function sniffFile(path: string): Promise<Sniffed> {
  const found = await fileTypeFromFile(path).catch(() => undefined);
  if (found) return { mime: found.mime, ext: `.${found.ext}` };
  return sniffText(await readHead(path));
}

/** Detects the type of bytes in memory (thumbnails, small bodies). */
export async function sniffBuffer(data: Uint8Array): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(data).catch(() => undefined);
  if (found) return { mime: found.mime, ext: `.${found.ext}` };
  return sniffText(Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, HEAD_BYTES)));
}

/** The MIME type without parameters, lower-cased (`text/plain; charset=utf-8` → `text/plain`). */
export function baseMime(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

const HEIF = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export function isHeif(mime: string): boolean {
  return HEIF.has(baseMime(mime));
}

/** Whether a sniffed type is in a field's allow-list (empty list allows everything). */
export function mimeAllowed(mime: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const m = baseMime(mime);
  return allowed.some((a) => {
    const want = baseMime(a);
    if (want.endsWith('/*')) return m.startsWith(want.slice(0, -1));
    return want === m || (want === 'image/jpg' && m === 'image/jpeg');
  });
}
