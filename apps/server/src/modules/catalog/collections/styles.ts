import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { AUTHED, IMAGE_TYPES } from '../../../core/schema/rule-parts.js';
import { memberOf } from '../../photoshoots/team-rules.js';

export const STYLE_CATEGORIES = [
  'corporate',
  'office',
  'outdoor',
  'creative',
  'classic',
  'tech',
  'medical',
  'real_estate',
  'lifestyle',
  'custom',
];

// Public styles are open to everyone; a team's custom style only to that team's members.
const VISIBLE = `active = true && (team = '' || (${AUTHED} && ${memberOf('team')}))`;

/**
 * A look a photoshoot can be generated in. `backdrop` is `{kind: 'solid'|'gradient'|'image'|'bokeh',
 * colors: ['#rrggbb', ...], angle?}`; `grading` is `{warmth, saturation, contrast, brightness,
 * vignette, grain, mono, retouch}` (each -1..1 except `mono`, a bool, and `retouch`, 0..1). `prompt` feeds generative providers
 * and is an operator's trade secret, hence hidden. Writes are for operators only.
 */
export const styles = defineCollection({
  name: 'styles',
  fields: [
    f.text('name', { required: true, max: 100 }),
    f.text('slug', { required: true, max: 80, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    f.text('description', { max: 1000 }),
    f.select('category', STYLE_CATEGORIES, { required: true }),
    f.file('preview', { maxSize: 5 * 1024 * 1024, mimeTypes: IMAGE_TYPES, thumbs: ['320x400', '160x200'] }),
    f.json('backdrop', { maxSize: 4096 }),
    f.json('grading', { maxSize: 4096 }),
    f.select('framing', ['headshot', 'half_body'], { required: true }),
    f.select('aspect', ['1:1', '4:5', '3:4', '2:3'], { required: true }),
    f.text('prompt', { hidden: true, max: 4000 }),
    f.text('negativePrompt', { hidden: true, max: 2000 }),
    f.bool('active'),
    f.number('sortOrder', { onlyInt: true }),
    f.relation('team', 'teams'),
  ],
  indexes: [
    { name: 'idx_styles_slug', columns: ['slug'], unique: true },
    { name: 'idx_styles_team', columns: ['team'] },
  ],
  listRule: VISIBLE,
  viewRule: VISIBLE,
});
