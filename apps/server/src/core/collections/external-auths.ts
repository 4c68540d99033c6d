import { defineCollection } from '../schema/collection.js';
import { f } from '../schema/fields.js';
import { all, AUTHED } from '../schema/rule-parts.js';

/** The caller's own links: this record, of this auth collection (a superuser's id could match a user's). */
const OWN = all(AUTHED, 'recordRef = @request.auth.id', 'collectionRef = @request.auth.collectionId');

/**
 * `_externalAuths`: which provider account signs in to which auth record (PocketBase's
 * auth-with-oauth2). The SDK's `listExternalAuths` and `unlinkExternalAuth` read and delete them
 * through the records API, so a signed-in record lists, views and deletes its own links; only
 * sign-in (server side) creates them, and nobody edits them. One link per provider account and
 * collection, one per record and provider.
 */
export const externalAuths = defineCollection({
  name: '_externalAuths',
  system: true,
  fields: [
    f.text('collectionRef', { required: true, system: true }),
    f.text('recordRef', { required: true, system: true }),
    f.text('provider', { required: true, system: true }),
    f.text('providerId', { required: true, system: true }),
    // True when the record's email was unverified at link time: such a link is dropped once the
    // mailbox owner proves the address (core/oauth2/proven-mailbox.ts), as PocketBase does on an
    // unverified → verified change.
    f.bool('unproven', { hidden: true, system: true }),
  ],
  indexes: [
    {
      name: 'idx_externalAuths_provider',
      columns: ['collectionRef', 'provider', 'providerId'],
      unique: true,
    },
    { name: 'idx_externalAuths_record', columns: ['collectionRef', 'recordRef', 'provider'], unique: true },
  ],
  listRule: OWN,
  viewRule: OWN,
  deleteRule: OWN,
});
