/**
 * Gives a style a preview rendered by the studio engine, stored as its `preview` file like an
 * upload would be (the replaced file is deleted once the update commits, and the new file name
 * is new, so no cached copy of the old picture is ever shown in its place).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from '../../core/app.js';
import { ApiError } from '../../core/errors.js';
import { uploadTmpDir, type Upload } from '../../core/files/upload.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordJson } from '../../core/records/serialize.js';
import { randomString } from '../../tools/random.js';
import { stylePreviewRendererKey } from './style-preview-renderer.js';
import { recordOf } from '../record-of.js';

/**
 * Renders style `id`'s preview and stores it; answers the updated style.
 * @throws {ApiError} 404 when there is no such style.
 */
export async function renderPreviewOfStyle(app: App, caller: Caller, id: string): Promise<RecordJson> {
  const styles = app.registry.require('styles');
  const style = recordOf('styles', await app.records.findById(styles, id));
  if (!style) throw ApiError.notFound();
  const jpeg = await app.service(stylePreviewRendererKey).render(style);
  const dir = uploadTmpDir(app.dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `preview_${randomString(16)}.jpg`);
  await writeFile(path, jpeg);
  const upload: Upload = {
    key: 'preview',
    filename: `${style.slug || 'style'}-preview.jpg`,
    path,
    size: jpeg.length,
    oversize: false,
  };
  try {
    return (await app.records.update(styles, caller, id, {}, { files: [upload] })).json;
  } finally {
    await rm(path, { force: true });
  }
}
