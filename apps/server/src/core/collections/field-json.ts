/**
 * A field as PocketBase's collections API shows it: its id, the common flags and
 * the options of its type under PocketBase's names. Relations point at their target by id.
 */
import { crc32 } from 'node:zlib';
import type { CollectionDef } from '../schema/collection.js';
import type { Field } from '../schema/fields.js';
import type { CollectionRegistry } from '../schema/registry.js';

export type FieldJson = { id: string; name: string; type: string; system: boolean } & Record<string, unknown>;

/** Fields PocketBase will not let anyone rename or remove, per collection type. */
const LOCKED_AUTH_FIELDS = new Set(['id', 'password', 'tokenKey', 'email', 'emailVisibility', 'verified']);

/**
 * PocketBase's own default: the type followed by the CRC32 of the name. A field's name is unique
 * in its collection and never changes in code, so the id is the same on every start and host.
 */
export function fieldId(field: Field): string {
  return `${field.type}${crc32(field.name)}`;
}

/**
 * PocketBase's `system` (cannot be renamed or removed), not ours (server-managed value): the id,
 * the auth fields, and every field of a system collection, whose schema PocketBase owns.
 */
function isLockedField(collection: CollectionDef, field: Field): boolean {
  if (collection.system || field.name === 'id') return true;
  return collection.type === 'auth' && LOCKED_AUTH_FIELDS.has(field.name);
}

function typeOptions(field: Field, registry: CollectionRegistry): Record<string, unknown> {
  switch (field.type) {
    case 'text':
      return {
        min: field.min ?? 0,
        max: field.max ?? 0,
        pattern: field.pattern ?? '',
        autogeneratePattern: field.autogeneratePattern ?? '',
        primaryKey: field.primaryKey ?? false,
      };
    case 'number':
      return { min: field.min ?? null, max: field.max ?? null, onlyInt: field.onlyInt ?? false };
    case 'email':
    case 'url':
      return { exceptDomains: field.exceptDomains ?? [], onlyDomains: field.onlyDomains ?? [] };
    case 'date':
      return { min: field.min ?? '', max: field.max ?? '' };
    case 'autodate':
      return { onCreate: field.onCreate, onUpdate: field.onUpdate };
    case 'select':
      return { values: [...field.values], maxSelect: field.maxSelect };
    case 'json':
      return { maxSize: field.maxSize ?? 0 };
    case 'file':
      return {
        maxSelect: field.maxSelect,
        maxSize: field.maxSize,
        mimeTypes: [...(field.mimeTypes ?? [])],
        thumbs: [...(field.thumbs ?? [])],
        protected: field.protected ?? false,
      };
    case 'relation':
      return {
        // note: the registry resolves names to ids; a target missing from it is a definition bug.
        collectionId: registry.require(field.collection).id,
        cascadeDelete: field.cascadeDelete ?? false,
        minSelect: field.minSelect ?? 0,
        maxSelect: field.maxSelect,
      };
    case 'password':
      // note: cost 0 is PocketBase's "default"; our hashes are argon2id, which has no bcrypt cost.
      return { pattern: field.pattern ?? '', min: field.min ?? 0, max: field.max ?? 0, cost: 0 };
    case 'bool':
      return {};
  }
}

export function fieldJson(collection: CollectionDef, field: Field, registry: CollectionRegistry): FieldJson {
  const common: FieldJson = {
    id: fieldId(field),
    name: field.name,
    type: field.type,
    system: isLockedField(collection, field),
    hidden: field.hidden ?? false,
    presentable: false,
  };
  // Autodate fields have neither `required` nor `help` in PocketBase.
  if (field.type === 'autodate') return { ...common, ...typeOptions(field, registry) };
  return { ...common, help: '', ...typeOptions(field, registry), required: field.required ?? false };
}
