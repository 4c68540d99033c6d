/**
 * What goes into a results zip: one entry per result file, named after the person, the style and
 * the number, `Jane-Doe_Corporate-Grey_03.jpg` (n counts from 1 per style, in variant order; the
 * web app names single downloads the same way), under an optional folder, so a team-wide zip can
 * build its entries from any list of results with one folder per member.
 */
import { extname } from 'node:path';
import { q } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { recordsOf, type RecordOf } from '../record-of.js';
import { fileKey } from '../../core/files/storage.js';

export type ZipEntry = {
  /** The path inside the archive. */
  name: string;
  /** The storage key of the file. */
  key: string;
  size: number;
  modified: Date;
};

/** A path segment made of lower-case letters, digits and dashes (or `fallback`). */
export function slugSegment(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * Words of a file name with their case kept, ASCII only, joined by dashes: `Jane Doe` →
 * `Jane-Doe`, `Équipe: Spring` → `Equipe-Spring` ('' when nothing is left).
 */
export function nameWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** `Jane-Doe_Corporate-Grey_03`: person (left out when empty), style, number of two digits or more. */
export function portraitBaseName(person: string, style: string, n: number): string {
  const parts = [nameWords(person), nameWords(style) || 'Portrait', String(n).padStart(2, '0')];
  return parts.filter(Boolean).join('_');
}

function extensionOf(filename: string): string {
  const ext = extname(filename).toLowerCase();
  if (ext === '.jpeg' || ext === '') return '.jpg';
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.jpg';
}

async function styleNames(app: App, results: readonly RecordOf<'results'>[]): Promise<Map<string, string>> {
  const ids = [...new Set(results.map((r) => r.style).filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await app.db.all<{ id: string; slug: string; name: string }>(
    `SELECT "id", "slug", "name" FROM ${q('styles')} WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r.name || r.slug]));
}

/**
 * Entries for `results` in the given order (sort them by style and variant first). Results whose
 * file is missing from storage are left out rather than failing the whole download.
 *
 * @param person who the portraits show (the photoshoot's title), the first part of each name.
 * @param folderOf a folder (already a safe segment, see `slugSegment`) per result, or none.
 */
export async function zipEntries(
  app: App,
  results: readonly RecordData[],
  person: string,
  folderOf: (result: RecordOf<'results'>) => string = () => '',
): Promise<ZipEntry[]> {
  const collection = app.registry.require('results');
  const stored = recordsOf('results', results);
  const names = await styleNames(app, stored);
  const counters = new Map<string, number>();
  const entries: ZipEntry[] = [];
  for (const result of stored) {
    const file = result.file;
    if (!file) continue;
    const key = fileKey(collection.id, result.id, file);
    const stat = await app.storage.stat(key);
    if (!stat) continue;
    const folder = folderOf(result);
    const style = result.style;
    const group = `${folder}/${style}`;
    const n = (counters.get(group) ?? 0) + 1;
    counters.set(group, n);
    const base = portraitBaseName(person, names.get(style) ?? '', n);
    const name = `${folder ? `${folder}/` : ''}${base}${extensionOf(file)}`;
    entries.push({ name, key, size: stat.size, modified: stat.modified });
  }
  return entries;
}
