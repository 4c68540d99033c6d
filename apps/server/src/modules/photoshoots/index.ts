/** Photoshoots: profiles, the order and its lifecycle, uploaded photos, results and their log. */
import type { HttpModule } from '../../apis/http-module.js';
import { ensureCollection } from '../../core/db/ddl.js';
import { originalPhotos } from './collections/original-photos.js';
import { photoshootEvents } from './collections/photoshoot-events.js';
import { photoshoots } from './collections/photoshoots.js';
import { profiles } from './collections/profiles.js';
import { results } from './collections/results.js';
import { registerPhotoHooks } from './photo-hooks.js';
import { registerPhotoshootHooks } from './photoshoot-hooks.js';
import { photoshootsSettingsSection } from './photoshoots-settings.js';
import { registerResultHooks } from './result-hooks.js';
import { bindPhotoshootsApi } from './http/photoshoots-api.js';
import { registerPurchasable } from '../payments/purchasables.js';
import { photoshootPurchase } from './photoshoot-purchase.js';

export const photoshootsModule: HttpModule = {
  name: 'photoshoots',
  collections: [profiles, photoshoots, originalPhotos, results, photoshootEvents],
  migrations: [
    {
      // results.reviewNote (why an operator rejected it) and results.regenerate (the worker's to-do).
      id: '0011_results_review',
      up: (db) => ensureCollection(db, results),
    },
    // results.redoAskedAt and results.redoReason (the owner's redo request, for review).
    { id: '0018_results_redo_reason', up: (db) => ensureCollection(db, results) },
  ],
  settings: photoshootsSettingsSection,
  register(app) {
    registerPhotoshootHooks(app.hooks);
    registerPhotoHooks(app.hooks);
    registerResultHooks(app.hooks);
    registerPurchasable(app, photoshootPurchase);
  },
  routes: bindPhotoshootsApi,
};
