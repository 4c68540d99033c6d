/**
 * Superuser impersonation (PocketBase's impersonation): a non-refreshable token for any record of
 * the collection.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { Caller } from '../records/caller.js';
import { ApiError } from '../errors.js';
import type { AuthResponse } from './auth-service.js';

/** Ten years: past this a "duration" is a mistake, not a need. */
const MAX_DURATION = 10 * 365 * 86400;

export async function impersonate(
  app: App,
  collection: CollectionDef,
  id: string,
  duration: unknown,
  caller: Caller,
  opts: { expand?: string } = {},
): Promise<AuthResponse> {
  const record = await app.records.findById(collection, id);
  if (!record) throw ApiError.notFound();
  const seconds = duration === undefined || duration === null || duration === '' ? 0 : duration;
  const fail = (code: string, message: string) =>
    ApiError.badRequest('An error occurred while validating the submitted data.', {
      duration: { code, message },
    });
  if (typeof seconds !== 'number' || !Number.isInteger(seconds))
    throw fail('validation_invalid_value', 'Must be a whole number of seconds.');
  if (seconds < 0) throw fail('validation_min_greater_equal_than_required', 'Must be no less than 0.');
  if (seconds > MAX_DURATION)
    throw fail('validation_max_less_equal_than_required', `Must be no greater than ${MAX_DURATION}.`);
  // note: 0 means the collection's auth token duration (issueToken's default).
  const token = await app.auth.issueToken(collection, record, 'auth', {
    duration: seconds,
    refreshable: false,
  });
  // The record is shown as it sees itself (own email visible, hidden fields hidden) even though a
  // superuser asked; the authRule is not checked because a superuser may look at any account.
  const self: Caller = { ...caller, auth: { collection, record, refreshable: false, token } };
  const [json] = await app.records.shape(collection, [record], self, { expand: opts.expand });
  return { token, record: json! };
}
