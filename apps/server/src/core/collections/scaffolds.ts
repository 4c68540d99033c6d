/**
 * `GET /api/collections/meta/scaffolds`: a blank collection of each type, as a new one would start
 * in PocketBase (its system fields, indexes and default auth options), with empty id and name.
 * The dashboard reads them to know each type's shape even where it cannot create collections.
 */
import { defineCollection, type CollectionDef } from '../schema/collection.js';
import type { Settings } from '../settings/settings.js';
import { collectionJson, type CollectionJson, type CollectionJsonContext } from './collection-json.js';
import { CollectionRegistry } from '../schema/registry.js';

/** A placeholder name only to build the definition; PocketBase's scaffolds are nameless. */
const BLANK = 'scaffold';

function blank(type: 'base' | 'auth'): CollectionDef {
  // PocketBase's scaffolds hold only the system fields: its dashboard adds created/updated itself.
  return defineCollection({ name: BLANK, type, fields: [], noAutodates: true });
}

function nameless(json: CollectionJson): CollectionJson {
  const rename = (s: string) => s.replaceAll(`\`${BLANK}\``, '``').replaceAll(`_${BLANK}\``, '_`');
  return { ...json, id: '', name: '', indexes: json.indexes.map(rename) };
}

export function collectionScaffolds(settings: Settings): Record<'base' | 'auth' | 'view', CollectionJson> {
  const ctx: CollectionJsonContext = {
    registry: new CollectionRegistry(),
    settings,
    created: '',
    updated: '',
  };
  const base = nameless(collectionJson(blank('base'), ctx));
  const auth = nameless(collectionJson(blank('auth'), ctx));
  const view: CollectionJson = {
    ...base,
    type: 'view',
    // View fields come from their query; PocketBase's blank view has none.
    fields: [],
    indexes: [],
    viewQuery: '',
  };
  return { base, auth, view };
}
