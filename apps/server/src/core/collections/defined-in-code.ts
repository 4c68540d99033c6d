import { ApiError } from '../errors.js';

/**
 * The answer to every collection write (create, update, delete, import, truncate): collections
 * are declared in the server's code and change only with a deploy (decision 002). A 403, not a
 * 404, so PocketBase's dashboard shows the reason instead of "not found".
 */
export function collectionsDefinedInCode(): ApiError {
  return ApiError.forbidden(
    'Collections are defined in the server code and cannot be created, changed, imported, truncated or deleted through the API.',
  );
}
