/**
 * Stored file names (PocketBase's stored file names): `<snake_case base>_<10 random
 * [a-z0-9]>.<ext>`. The result is always one safe path segment, whatever the client sent as the
 * original name.
 */
import { randomString } from '../../tools/random.js';

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MAX_BASE = 100;
const MAX_EXT = 20;

/** The last path segment of a client-supplied name (browsers may send `C:\fakepath\x.png`). */
function baseName(name: string): string {
  const parts = name.split(/[/\\]/);
  return parts[parts.length - 1] ?? '';
}

/** `.tar.gz`-style double extensions are kept together, as PocketBase does. */
function extractExtension(name: string): string {
  const primary = name.lastIndexOf('.');
  if (primary <= 0) return '';
  const secondary = name.lastIndexOf('.', primary - 1);
  return secondary > 0 ? name.slice(secondary) : name.slice(primary);
}

/** Splits on anything that is not an ASCII letter or digit and on camelCase humps; lower-cases. */
export function snakeCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.replace(/([a-z0-9])([A-Z])/g, '$1_$2'))
    .join('_')
    .toLowerCase();
}

/**
 * A new stored name for an upload called `original`; `detectedExt` (from the bytes, with its dot)
 * is used when the name has no usable extension, or always with `forceExt` (a type that was not
 * recognised then stores no extension at all).
 */
export function storedFileName(
  original: string,
  detectedExt = '',
  opts: { forceExt?: boolean } = {},
): string {
  const name = baseName(original).replace(/^\.+|\.+$/g, '');
  const rawExt = extractExtension(name);
  let ext = (opts.forceExt ? '' : rawExt)
    .replace(/[^A-Za-z0-9_.-]+/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/\.$/, '');
  if (ext === '' || ext === '.') ext = detectedExt.replace(/[^A-Za-z0-9_.]+/g, '');
  if (ext.length > MAX_EXT) ext = `.${ext.slice(-MAX_EXT).replace(/^\.+/, '')}`;
  let base = snakeCase(rawExt ? name.slice(0, -rawExt.length) : name);
  if (base.length < 3) base += randomString(10, SUFFIX_ALPHABET);
  else if (base.length > MAX_BASE) base = base.slice(0, MAX_BASE);
  return `${base}_${randomString(10, SUFFIX_ALPHABET)}${ext}`;
}

/** A name that can only address a file inside a record's folder (no separators, dots-only or controls). */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) &&
    !/^\.+$/.test(name) &&
    !name.startsWith('.')
  );
}
