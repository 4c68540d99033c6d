/**
 * How the two perceptual hashes live in the record's one `phash` text field: 32 hex digits,
 * pHash then dHash.
 */
export function encodeHashes(phash: string, dhash: string): string {
  return phash + dhash;
}

export function decodeHashes(value: unknown): { phash: string; dhash: string } | null {
  if (typeof value !== 'string' || !/^[0-9a-f]{32}$/.test(value)) return null;
  return { phash: value.slice(0, 16), dhash: value.slice(16) };
}
