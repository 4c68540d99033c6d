/**
 * The two questions code asks of a parsed JSON value or an untyped body before reading its keys.
 * They differ on arrays, and mixing them up is the bug: a settings patch or a workflow node that is
 * an array must be refused, while a walk over secret paths or request reads must step into arrays
 * by index like any other object.
 */

/** An object of any kind, arrays included: something whose keys can be read. */
export function isObjectLike(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** A JSON object: an object that is not an array. */
export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return isObjectLike(v) && !Array.isArray(v);
}
