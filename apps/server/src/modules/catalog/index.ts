/** The catalogue: styles and packages, seeded on start without undoing an operator's edit. */
import type { HttpModule } from '../../apis/http-module.js';
import { ensureCollection } from '../../core/db/ddl.js';
import { packages } from './collections/packages.js';
import { styles } from './collections/styles.js';
import { seedCatalog } from './seed-catalog.js';
import { bindAdminStylesApi } from './http/admin-styles.js';
import { StylePreviewRenderer, stylePreviewRendererKey } from './style-preview-renderer.js';

export const catalogModule: HttpModule = {
  name: 'catalog',
  collections: [styles, packages],
  // packages.maxQuantity (team seats sold one by one).
  migrations: [{ id: '0015_packages_max_quantity', up: (db) => ensureCollection(db, packages) }],
  register(app) {
    const renderer = app.provide(stylePreviewRendererKey, new StylePreviewRenderer(app));
    app.onClose(() => renderer.close());
  },
  async start(app) {
    await seedCatalog(app);
  },
  adminRoutes: bindAdminStylesApi,
};
