/**
 * The file side of one record write: names the uploads, checks them against their field (count,
 * size, sniffed type, pixel size of images), writes them to storage only once the record is valid, takes them back if
 * the database write fails, and deletes replaced files after the write has committed.
 */
import type { ValidationErrors } from '../errors.js';
import type { CollectionDef } from '../schema/collection.js';
import { isMultiValue, type FileField } from '../schema/fields.js';
import type { RecordData } from '../records/codec.js';
import { imageSize, imageTooLarge, type ImageSize } from './image-size.js';
import { storedFileName } from './names.js';
import { isHeif, mimeAllowed, sniffFile } from './sniff.js';
import { fileKey, thumbsPrefix, type FileStorage } from './storage.js';
import { fileFieldForKey, fileMaxSize, type Upload } from './upload.js';

type Pending = Upload & { field: FileField; name: string; mime: string; pixels: ImageSize | null };

function names(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function heifMessage(original: string): string {
  return (
    `"${original}" is a HEIC/HEIF photo, which is not accepted here. Convert it to JPEG or PNG first ` +
    '(on an iPhone: Settings → Camera → Formats → Most Compatible, or share the photo as JPEG) and upload it again.'
  );
}

export class RecordFiles {
  private stored: string[] = [];

  private constructor(
    private readonly storage: FileStorage,
    private readonly collection: CollectionDef,
    private readonly pending: Pending[],
  ) {}

  /** Names and sniffs the uploads aimed at file fields; parts under other keys are ignored. */
  static async prepare(
    storage: FileStorage,
    collection: CollectionDef,
    uploads: readonly Upload[] = [],
  ): Promise<RecordFiles> {
    const pending: Pending[] = [];
    for (const upload of uploads) {
      const field = fileFieldForKey(collection, upload.key);
      if (!field) continue;
      const sniffed = await sniffFile(upload.path);
      pending.push({
        ...upload,
        field,
        // note: the extension of the type the bytes are, never the one the client chose: a file
        // served by extension (S3, a CDN) must not become HTML because it was sent as `evil.html`.
        name: storedFileName(upload.filename, sniffed.ext, { forceExt: true }),
        mime: sniffed.mime,
        pixels: await imageSize(upload.path, sniffed.mime),
      });
    }
    return new RecordFiles(storage, collection, pending);
  }

  /** The new stored names per body key (`docs`, `docs+`, `+docs`), in upload order. */
  byKey(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const p of this.pending) out.set(p.key, [...(out.get(p.key) ?? []), p.name]);
    return out;
  }

  /** Uploads that made it into the record's value (single-file fields keep only the last one). */
  private kept(data: RecordData): Pending[] {
    return this.pending.filter((p) => names(data[p.field.name]).includes(p.name));
  }

  /** Adds field errors for the file fields the body touched. */
  check(data: RecordData, submitted: ReadonlySet<string>, errors: ValidationErrors): void {
    for (const field of this.collection.fields) {
      if (field.type !== 'file' || !submitted.has(field.name) || errors.fields[field.name]) continue;
      const list = names(data[field.name]);
      if (isMultiValue(field) && list.length > field.maxSelect) {
        errors.add(
          field.name,
          'validation_too_many_files',
          `The maximum allowed files is ${field.maxSelect}.`,
          {
            maxSelect: field.maxSelect,
          },
        );
        continue;
      }
      for (const p of this.kept(data).filter((k) => k.field === field)) {
        const max = fileMaxSize(field);
        if (p.oversize || p.size > max) {
          errors.add(
            field.name,
            'validation_file_size_limit',
            `Failed to upload "${p.filename}" - the maximum allowed file size is ${max} bytes.`,
            {
              file: p.filename,
              maxSize: max,
            },
          );
          break;
        }
        if (!mimeAllowed(p.mime, field.mimeTypes)) {
          const message = isHeif(p.mime)
            ? heifMessage(p.filename)
            : `"${p.filename}" mime type must be one of: ${(field.mimeTypes ?? []).join(', ')}.`;
          errors.add(field.name, 'validation_invalid_mime_type', message, {
            file: p.filename,
            mimeType: p.mime,
          });
          break;
        }
        const tooLarge = imageTooLarge(p.filename, p.pixels);
        if (tooLarge) {
          errors.add(field.name, 'validation_image_too_large', tooLarge, {
            file: p.filename,
            width: p.pixels!.width,
            height: p.pixels!.height,
          });
          break;
        }
      }
    }
  }

  /** Writes the kept uploads under the record's folder; on a failure nothing stays behind. */
  async store(data: RecordData): Promise<void> {
    try {
      for (const p of this.kept(data)) {
        const key = fileKey(this.collection.id, String(data.id), p.name);
        await this.storage.putFile(key, p.path, p.mime);
        this.stored.push(key);
      }
    } catch (err) {
      await this.discard();
      throw err;
    }
  }

  /** Deletes what `store` wrote (the database write failed or was rolled back). */
  async discard(): Promise<void> {
    const keys = this.stored;
    this.stored = [];
    await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
  }

  /** Files in `before` that `after` no longer lists, with their cached thumbs; run after commit. */
  static async deleteReplaced(
    storage: FileStorage,
    collection: CollectionDef,
    before: RecordData,
    after: RecordData,
  ): Promise<void> {
    const id = String(before.id);
    for (const field of collection.fields) {
      if (field.type !== 'file') continue;
      const keep = new Set(names(after[field.name]));
      for (const name of names(before[field.name])) {
        if (keep.has(name)) continue;
        await storage.delete(fileKey(collection.id, id, name));
        await storage.deletePrefix(thumbsPrefix(collection.id, id, name));
      }
    }
  }
}
