import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An HTML page of the build (index.html, or home.html: the landing page rendered in), held in
 * memory with its precompressed forms (`.br`/`.gz` from the build) and a strong ETag, so every
 * page load is one small revalidated answer.
 */
export type IndexDocument = {
  etag: string;
  /** The body for an Accept-Encoding header, and the Content-Encoding to send with it. */
  negotiate(acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' };
};

export function loadIndexDocument(webDist: string, file = 'index.html'): IndexDocument {
  const path = join(webDist, file);
  const plain = readFileSync(path);
  const variant = (ext: string) => (existsSync(path + ext) ? readFileSync(path + ext) : undefined);
  const br = variant('.br');
  const gzip = variant('.gz');
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  return {
    etag,
    negotiate(acceptEncoding) {
      const accepted = acceptedEncodings(acceptEncoding);
      if (br && accepted.has('br')) return { body: br, encoding: 'br' };
      if (gzip && accepted.has('gzip')) return { body: gzip, encoding: 'gzip' };
      return { body: plain };
    },
  };
}

/** The codings a client accepts (`q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const item of (header ?? '').split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}
