/**
 * Writing records the way an operator would: through the record service as the system
 * superuser, so validation and hooks run, without going through HTTP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemCaller } from '../../src/core/records/caller.js';
import type { RecordData } from '../../src/core/records/codec.js';
import type { TestServer } from './harness.js';

/** The record-service caller of an operator (the system superuser). */
export function operatorCaller(t: TestServer) {
  return systemCaller(t.app.registry.require('_superusers'));
}

/** Creates a record as an operator, with `file` as its `file` field when given; returns the stored values. */
export async function put(
  t: TestServer,
  collection: string,
  values: Record<string, unknown>,
  file?: Buffer,
): Promise<RecordData> {
  if (!file)
    return (await t.app.records.create(t.app.registry.require(collection), operatorCaller(t), values)).data;
  // The record service takes uploads as files on disk, as the multipart parser leaves them.
  const dir = mkdtempSync(join(tmpdir(), 'ps-put-'));
  try {
    const path = join(dir, 'photo.jpg');
    writeFileSync(path, file);
    const files = [{ key: 'file', filename: 'photo.jpg', path, size: file.length, oversize: false }];
    return (
      await t.app.records.create(t.app.registry.require(collection), operatorCaller(t), values, { files })
    ).data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
