import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED, IMAGE_TYPES } from '../../../core/schema/rule-parts.js';

const OWNER = all(AUTHED, 'user = @request.auth.id');
const OWN_DRAFT = "photoshoot.user = @request.auth.id && photoshoot.status = 'draft'";

/** Largest accepted upload; the upload page states it. */
export const ORIGINAL_PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The selfies a photoshoot is made from. Private to their owner: not even team admins see them.
 * They are added and removed only while their photoshoot is the caller's draft (the photoshoot
 * hooks also cap the count); the upload checks fill in the analysis, and the fingerprints
 * (hashes, face embedding) never leave the server.
 */
export const originalPhotos = defineCollection({
  name: 'original_photos',
  fields: [
    f.relation('photoshoot', 'photoshoots', { required: true, cascadeDelete: true }),
    f.relation('user', 'users', { required: true, cascadeDelete: true }),
    f.file('file', {
      required: true,
      protected: true,
      maxSize: ORIGINAL_PHOTO_MAX_BYTES,
      mimeTypes: IMAGE_TYPES,
      thumbs: ['200x200', '480x0'],
    }),
    f.number('width', { onlyInt: true, min: 0, system: true }),
    f.number('height', { onlyInt: true, min: 0, system: true }),
    f.select('qc', ['pending', 'accepted', 'rejected'], { system: true }),
    f.json('qcReasons', { system: true, maxSize: 8192 }),
    f.number('faceCount', { onlyInt: true, min: 0, system: true }),
    f.json('faceBox', { system: true, maxSize: 1024 }),
    f.number('sharpness', { system: true }),
    f.number('brightness', { system: true }),
    f.date('qcCheckedAt', { system: true }),
    f.text('contentHash', { max: 128, hidden: true, system: true }),
    f.text('phash', { max: 128, hidden: true, system: true }),
    f.json('embedding', { hidden: true, system: true, maxSize: 65536 }),
  ],
  indexes: [
    { name: 'idx_original_photos_photoshoot', columns: ['photoshoot'] },
    { name: 'idx_original_photos_user', columns: ['user'] },
  ],
  listRule: OWNER,
  viewRule: OWNER,
  createRule: all(OWNER, OWN_DRAFT),
  deleteRule: all(OWNER, OWN_DRAFT),
});
