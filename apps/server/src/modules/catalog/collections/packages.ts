import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';

/**
 * What a buyer pays for. Prices are integer cents in `currency` and only ever read from here
 * (never from a client); `seats` is what a team package adds to a team, `maxQuantity` how many of
 * it one order may take. Writes are for operators.
 */
export const packages = defineCollection({
  name: 'packages',
  fields: [
    f.text('name', { required: true, max: 100 }),
    f.text('slug', { required: true, max: 80, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    f.text('description', { max: 1000 }),
    f.select('kind', ['individual', 'team'], { required: true }),
    f.number('priceCents', { onlyInt: true, min: 0 }),
    f.text('currency', { required: true, pattern: '^[a-z]{3}$' }),
    f.number('stylesIncluded', { required: true, onlyInt: true, min: 1, max: 20 }),
    f.number('imagesPerStyle', { required: true, onlyInt: true, min: 1, max: 100 }),
    f.number('seats', { onlyInt: true, min: 0 }),
    // How many of it one order may buy (seats sold one by one); 0 or 1: exactly one.
    f.number('maxQuantity', { onlyInt: true, min: 0, max: 1000 }),
    f.number('turnaroundHours', { onlyInt: true, min: 0 }),
    f.json('features', { maxSize: 4096 }),
    f.bool('highlighted'),
    f.bool('active'),
    f.number('sortOrder', { onlyInt: true }),
  ],
  indexes: [{ name: 'idx_packages_slug', columns: ['slug'], unique: true }],
  listRule: 'active = true',
  viewRule: 'active = true',
});
