/**
 * Processing: the job runner (started by `serve` and `worker`), the offline studio engine and the
 * likeness check. It owns the `processing` settings section.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { processingSettingsSection } from './processing-settings.js';

export const processingModule: HttpModule = {
  name: 'processing',
  settings: processingSettingsSection,
};
