import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED, unchanged } from '../../../core/schema/rule-parts.js';

const OWNER = all(AUTHED, 'user = @request.auth.id');

/**
 * Describes the person photographed (the generation prompts use it). Private to its owner; a user
 * may keep several (themselves, a partner) and pick one per photoshoot.
 */
export const profiles = defineCollection({
  name: 'profiles',
  fields: [
    f.relation('user', 'users', { required: true, cascadeDelete: true }),
    f.text('name', { required: true, max: 100 }),
    f.select('gender', ['female', 'male', 'non_binary', 'unspecified']),
    f.select('ageRange', ['18-24', '25-34', '35-44', '45-54', '55-64', '65+']),
    f.text('hair', { max: 100 }),
    f.text('eyes', { max: 100 }),
    f.bool('glasses'),
    f.text('notes', { max: 1000 }),
  ],
  indexes: [{ name: 'idx_profiles_user', columns: ['user'] }],
  listRule: OWNER,
  viewRule: OWNER,
  createRule: OWNER,
  updateRule: all(OWNER, unchanged('user')),
  deleteRule: OWNER,
});
