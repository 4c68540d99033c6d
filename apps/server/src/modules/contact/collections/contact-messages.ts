import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';

/**
 * The contact form. Anyone may send (the `*:create` rate limit applies); only operators read and
 * triage. `user` is filled in by the server when the sender is signed in.
 */
export const contactMessages = defineCollection({
  name: 'contact_messages',
  fields: [
    f.text('name', { required: true, max: 200 }),
    f.email('email', { required: true }),
    f.select('topic', ['general', 'support', 'billing', 'teams', 'privacy', 'press']),
    f.text('message', { required: true, min: 5, max: 5000 }),
    f.select('status', ['new', 'read', 'answered', 'spam'], { system: true }),
    f.relation('user', 'users', { system: true }),
  ],
  indexes: [{ name: 'idx_contact_messages_status', columns: ['status'] }],
  createRule: '',
});
