/** Upload checks: each new original photo analysed in worker threads, its verdict recorded. */
import type { HttpModule } from '../../apis/http-module.js';
import { UploadChecks, uploadChecksKey } from './upload-checks.js';

export const analysisModule: HttpModule = {
  name: 'analysis',
  register(app) {
    const checks = app.provide(uploadChecksKey, new UploadChecks(app));
    // First on close: an analysis in flight still writes through storage and the database.
    app.onClose(() => checks.close());
  },
  start(app) {
    app.service(uploadChecksKey).start();
  },
};
