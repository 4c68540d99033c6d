import { defineCollection } from '../schema/collection.js';

/** Operators. Every rule is null, so only superusers can manage superusers. */
export const superusers = defineCollection({
  name: '_superusers',
  type: 'auth',
  system: true,
  fields: [],
});
