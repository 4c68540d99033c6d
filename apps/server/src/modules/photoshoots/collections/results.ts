import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED, IMAGE_TYPES } from '../../../core/schema/rule-parts.js';
import { adminOf } from '../team-rules.js';

const VISIBLE = all(
  AUTHED,
  'released = true',
  `user = @request.auth.id || (team != '' && ${adminOf('team')})`,
);

/**
 * Generated portraits. Written by the worker (one per photoshoot, style and variant, so a retried
 * job never duplicates) and shown once released: to the owner, and to the team's owners and
 * admins for team photoshoots. The owner may only mark favourites, rate and flag for a redo.
 */
export const results = defineCollection({
  name: 'results',
  fields: [
    f.relation('photoshoot', 'photoshoots', { required: true, cascadeDelete: true, system: true }),
    f.relation('user', 'users', { required: true, cascadeDelete: true, system: true }),
    f.relation('team', 'teams', { system: true }),
    f.relation('style', 'styles', { system: true }),
    f.number('variant', { onlyInt: true, min: 0, system: true }),
    f.relation('replaces', 'results', { system: true }),
    f.file('file', {
      protected: true,
      maxSize: 50 * 1024 * 1024,
      mimeTypes: IMAGE_TYPES,
      thumbs: ['480x0', '160x200'],
      system: true,
    }),
    f.number('width', { onlyInt: true, min: 0, system: true }),
    f.number('height', { onlyInt: true, min: 0, system: true }),
    f.select('review', ['pending', 'approved', 'rejected'], { system: true }),
    // The operator's reason for a rejection (shown in the back office, cleared on approval).
    f.text('reviewNote', { max: 500, system: true }),
    f.bool('released', { system: true }),
    f.number('likeness', { system: true }),
    f.relation('sourcePhoto', 'original_photos', { system: true }),
    f.json('params', { hidden: true, system: true, maxSize: 65536 }),
    f.bool('favorite'),
    f.number('rating', { onlyInt: true, min: 0, max: 5 }),
    f.bool('redoRequested'),
    // The owner's last redo request of this portrait and why (optional); kept once it is redone.
    f.date('redoAskedAt', { system: true }),
    f.text('redoReason', { max: 500, system: true }),
    // Set by review (regenerate rejected) and redo; the worker writes a new file on this row, then clears it.
    f.bool('regenerate', { hidden: true, system: true }),
  ],
  indexes: [
    { name: 'idx_results_key', columns: ['photoshoot', 'style', 'variant'], unique: true },
    { name: 'idx_results_user', columns: ['user'] },
    { name: 'idx_results_team', columns: ['team'] },
  ],
  listRule: VISIBLE,
  viewRule: VISIBLE,
  updateRule: all(AUTHED, 'released = true', 'user = @request.auth.id'),
});
