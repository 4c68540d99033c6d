/**
 * What goes into a results zip: one entry per result file, named `<style-slug>-<n>.<ext>` (n counts
 * from 1 per style, in variant order) under an optional folder, so a team-wide zip can build its
 * entries from any list of results with one folder per member.
 */
import { extname } from 'node:path';
import { q } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { fileKey } from '../../core/files/storage.js';

export type ZipEntry = {
  /** The path inside the archive. */
  name: string;
  /** The storage key of the file. */
  key: string;
  size: number;
  modified: Date;
};

const FALLBACK_SLUG = 'photo';

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

function extensionOf(filename: string): string {
  const ext = extname(filename).toLowerCase();
  if (ext === '.jpeg' || ext === '') return '.jpg';
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.jpg';
}

async function styleSlugs(app: App, results: readonly RecordData[]): Promise<Map<string, string>> {
  const ids = [...new Set(results.map((r) => String(r.style ?? '')).filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await app.db.all<{ id: string; slug: string; name: string }>(
    `SELECT "id", "slug", "name" FROM ${q('styles')} WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, slugSegment(r.slug || r.name, FALLBACK_SLUG)]));
}

/**
 * Entries for `results` in the given order (sort them by style and variant first). Results whose
 * file is missing from storage are left out rather than failing the whole download.
 *
 * @param folderOf a folder (already a safe segment, see `slugSegment`) per result, or none.
 */
export async function zipEntries(
  app: App,
  results: readonly RecordData[],
  folderOf: (result: RecordData) => string = () => '',
): Promise<ZipEntry[]> {
  const collection = app.registry.require('results');
  const slugs = await styleSlugs(app, results);
  const counters = new Map<string, number>();
  const entries: ZipEntry[] = [];
  for (const result of results) {
    const file = String(result.file ?? '');
    if (!file) continue;
    const key = fileKey(collection.id, String(result.id), file);
    const stat = await app.storage.stat(key);
    if (!stat) continue;
    const folder = folderOf(result);
    const slug = slugs.get(String(result.style ?? '')) ?? FALLBACK_SLUG;
    const group = `${folder}/${slug}`;
    const n = (counters.get(group) ?? 0) + 1;
    counters.set(group, n);
    const name = `${folder ? `${folder}/` : ''}${slug}-${n}${extensionOf(file)}`;
    entries.push({ name, key, size: stat.size, modified: stat.modified });
  }
  return entries;
}
