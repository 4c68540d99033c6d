/**
 * The catalogue: styles and packages, seeded on start without undoing an operator's edit. Style
 * previews are rendered by the processing module's studio engine (`stylePreviewRendererKey`).
 */
import type { HttpModule } from '../../apis/http-module.js';
import { ensureCollection } from '../../core/db/ddl.js';
import { packages } from './collections/packages.js';
import { styles } from './collections/styles.js';
import { seedCatalog } from './seed-catalog.js';
import { bindAdminStylesApi } from './http/admin-styles.js';

export const catalogModule: HttpModule = {
  name: 'catalog',
  collections: [styles, packages],
  // packages.maxQuantity (team seats sold one by one).
  migrations: [{ id: '0015_packages_max_quantity', up: (db) => ensureCollection(db, packages) }],
  async start(app) {
    await seedCatalog(app);
  },
  adminRoutes: bindAdminStylesApi,
};
