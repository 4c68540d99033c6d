/** Delivery: operator review, release, redo, downloads, status mails and photo retention. */
import type { HttpModule } from '../../apis/http-module.js';
import { runRetention } from './retention.js';
import { StatusNotices, statusNoticesKey } from './status-notices.js';
import { bindAdminPhotoshootsApi } from './http/admin-photoshoots.js';
import { bindPhotoshootDeliveryApi } from './http/photoshoot-delivery.js';

export const deliveryModule: HttpModule = {
  name: 'delivery',
  register(app) {
    const notices = app.provide(statusNoticesKey, new StatusNotices(app));
    app.onClose(() => notices.idle());
    // Photo retention (settings `processing.*RetentionDays`): originals, then results, after release.
    app.crons.add('__photoRetention__', '23 * * * *', async () => {
      await runRetention(app);
    });
  },
  routes: bindPhotoshootDeliveryApi,
  adminRoutes: bindAdminPhotoshootsApi,
};
