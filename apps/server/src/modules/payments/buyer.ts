/** Who buys: a signed-in user. */
import { ApiError } from '../../core/errors.js';
import type { Caller } from '../../core/records/caller.js';
import { recordOf } from '../record-of.js';

/** The signed-in user's id; 401 for guests and superusers (operators do not buy). */
export function buyerId(caller: Caller): string {
  if (!caller.auth || caller.auth.collection.name !== 'users') {
    throw ApiError.unauthorized('The request requires valid record authorization token.');
  }
  return recordOf('users', caller.auth.record).id;
}
