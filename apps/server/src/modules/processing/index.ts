/**
 * Processing: the job runner (started by `serve` and `worker`), the offline studio engine and the
 * likeness check. It owns the `processing` settings section; it renders the catalogue's style
 * previews and gives the upload checks the engine's framing rules.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { stylePreviewRendererKey } from '../catalog/style-preview-renderer.js';
import { frameRulesKey } from '../analysis/frame-rules.js';
import { processingSettingsSection } from './processing-settings.js';
import { StudioPreviewRenderer } from './studio-preview-renderer.js';
import { studioFrameRules } from './studio-frame-rules.js';

export const processingModule: HttpModule = {
  name: 'processing',
  settings: processingSettingsSection,
  register(app) {
    app.provide(frameRulesKey, studioFrameRules);
    const renderer = new StudioPreviewRenderer(app);
    app.provide(stylePreviewRendererKey, renderer);
    app.onClose(() => renderer.close());
  },
};
