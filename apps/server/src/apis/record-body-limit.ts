/**
 * The largest body a record write to a collection can use, from its fields: a contact message (a
 * name, an address, 5,000 characters of text) needs some 70 KB, a json field twice its `maxSize`,
 * and nothing more than the server's JSON limit. A bigger body holds nothing the record could keep (unknown keys are
 * dropped), so it is refused by its length before it is parsed.
 */
import type { CollectionDef } from '../core/schema/collection.js';
import type { Field } from '../core/schema/fields.js';
import { DEFAULT_TEXT_MAX } from '../core/records/validate-field.js';

/** Bytes of JSON per character at worst: a control character escaped as `\u0000`. */
const ESCAPED_CHAR = 6;
/** A record id with its quotes and comma. */
const ID_BYTES = 32;
/** Room for short values (numbers, dates, booleans, addresses), a key and the punctuation. */
const SHORT_VALUE = 512;
/** The auth fields that are no schema field (`passwordConfirm`, `oldPassword`) and `@jsonPayload`'s wrapping. */
const OVERHEAD = 4096;

function fieldBytes(field: Field): number {
  switch (field.type) {
    case 'text':
      return (field.max || DEFAULT_TEXT_MAX) * ESCAPED_CHAR;
    case 'json':
      // note: a value may come as JSON text inside a string, every quote escaped.
      return (field.maxSize || Number.POSITIVE_INFINITY) * 2;
    case 'url':
      return 2048 * ESCAPED_CHAR;
    case 'select':
      return field.values.reduce((n, v) => n + v.length * ESCAPED_CHAR + 4, SHORT_VALUE);
    case 'relation':
    case 'file':
      // note: old file names to keep or delete; new files come as multipart file parts, not here.
      return field.maxSelect * ID_BYTES * 4 + SHORT_VALUE;
    default:
      return SHORT_VALUE;
  }
}

/** Bytes of body a create or update of `collection` can use; modifiers (`tags+`, `tags-`) count twice. */
export function recordBodyBytes(collection: CollectionDef): number {
  return collection.fields.reduce((n, f) => n + 2 * fieldBytes(f), OVERHEAD);
}
