/**
 * `POST /api/settings/test/s3`: proves the configured S3 store accepts a write and a delete, so
 * an operator learns about a wrong key or bucket before uploads start failing. Backups are always
 * written to the data dir here, so "backups" has no S3 store to test.
 */
import type { App } from '../app.js';
import { ApiError, ValidationErrors } from '../errors.js';
import { S3Storage } from '../files/s3-storage.js';
import { randomString } from '../../tools/random.js';

const FILESYSTEMS = ['storage', 'backups'];
const FAILED = 'Failed to test the S3 filesystem.';
/** A store that never answers must not hold the request (and the operator) for minutes. */
const TIMEOUT_MS = 15_000;

function failed(reason: string): ApiError {
  return ApiError.badRequest(`${FAILED} Raw error: \n${reason}`);
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function testS3(app: App, filesystem: unknown): Promise<void> {
  const errors = new ValidationErrors();
  if (filesystem === undefined || filesystem === null || filesystem === '')
    errors.add('filesystem', 'validation_required', 'Cannot be blank.');
  else if (!FILESYSTEMS.includes(String(filesystem)))
    errors.add('filesystem', 'validation_in_invalid', 'Must be a valid value.');
  errors.throwIfAny(FAILED);

  const config = app.settings.get().s3;
  if (filesystem === 'backups' || !config.enabled) throw failed('S3 storage filesystem is not enabled.');
  const storage = new S3Storage(config);
  const key = `photoshoot_settings_test_${randomString(12, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
  try {
    await withTimeout(storage.putBuffer(key, Buffer.from('test'), 'text/plain'));
    await withTimeout(storage.delete(key));
  } catch (err) {
    throw failed(err instanceof Error ? err.message || err.name : String(err));
  } finally {
    storage.close();
  }
}
