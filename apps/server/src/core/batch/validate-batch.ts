/** The batch envelope (PocketBase's batch API): checks that answer 400 "Invalid batch request data.". */
import { ApiError } from '../errors.js';
import { isJsonObject, isObjectLike } from '../../tools/object-kinds.js';

export type BatchItem = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const MESSAGE = 'Invalid batch request data.';

/** Checks the list and each item; throws with per-item details. Header names become snake case. */
export function validateBatch(raw: unknown, maxRequests: number): BatchItem[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw ApiError.badRequest(MESSAGE, {
      requests: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  }
  if (raw.length > maxRequests) {
    throw ApiError.badRequest(MESSAGE, {
      requests: {
        code: 'validation_length_too_long',
        message: `The length must be no more than ${maxRequests}.`,
      },
    });
  }
  const problems: Record<string, unknown> = {};
  const items: BatchItem[] = raw.map((entry, i) => {
    const item = isObjectLike(entry) ? entry : {};
    const method = typeof item.method === 'string' ? item.method.toUpperCase() : '';
    const url = typeof item.url === 'string' ? item.url : '';
    const itemErrors: Record<string, unknown> = {};
    if (!METHODS.includes(method))
      itemErrors.method = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
    if (!url) itemErrors.url = { code: 'validation_required', message: 'Cannot be blank.' };
    else if (url.length > 2000)
      itemErrors.url = {
        code: 'validation_length_too_long',
        message: 'The length must be no more than 2000.',
      };
    if (Object.keys(itemErrors).length) problems[i] = itemErrors;
    const headers: Record<string, string> = {};
    if (isObjectLike(item.headers)) {
      for (const [k, v] of Object.entries(item.headers))
        headers[k.toLowerCase().replace(/-/g, '_')] = String(v);
    }
    const body = isJsonObject(item.body) ? item.body : {};
    return { method, url, headers, body };
  });
  if (Object.keys(problems).length) throw ApiError.badRequest(MESSAGE, { requests: problems });
  return items;
}
