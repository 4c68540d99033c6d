import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { sendJson } from '../../../apis/respond.js';
import { privacyMode, type PrivacyMode } from '../privacy-mode.js';
import { publicIntegrations, type PublicIntegrations } from '../../integrations/public-integrations.js';

/** What every visitor may know of the settings: the web app's legal pages and checkout use it. */
export type PublicConfig = {
  appName: string;
  /** Days after release before originals / results are deleted (0: kept until the owner deletes them). */
  retention: { originalsDays: number; resultsDays: number };
  payments: { provider: string };
  /** The limits of one photoshoot that the flow states (the server enforces them). */
  photoshoots: { maxPhotos: number; minAcceptedPhotos: number; freeRedos: number };
  /**
   * What makes the portraits: `studio` (the built-in engine retouches the uploaded photos: the
   * person's own clothes and pose on a new backdrop) or `hosted` (a generative provider makes new
   * outfits and settings). The public pages word their promises from it.
   */
  engine: { kind: 'studio' | 'hosted'; provider: string };
  /**
   * `local`: customers' photos never leave the operator's own servers (studio engine or ComfyUI,
   * no hosted service keyed); `hosted`: they may be sent to a hosted generative service.
   */
  privacy: PrivacyMode;
  /** The support chat and analytics the public pages load, with their public ids (null: none). */
  integrations: PublicIntegrations;
  /**
   * `delivered`: mails go out over SMTP. While SMTP is off they only reach the developer outbox,
   * so a page must not tell a customer that a mail is on its way.
   */
  mail: { delivered: boolean };
};

/** The public slice of the live settings; never a secret, never anything else. */
export function publicConfig(app: App): PublicConfig {
  const s = app.settings.get();
  return {
    appName: s.meta.appName,
    retention: {
      originalsDays: s.processing.originalsRetentionDays,
      resultsDays: s.processing.resultsRetentionDays,
    },
    payments: { provider: s.payments.provider },
    photoshoots: {
      maxPhotos: s.photoshoots.maxPhotos,
      minAcceptedPhotos: s.photoshoots.minAcceptedPhotos,
      freeRedos: s.photoshoots.freeRedos,
    },
    engine: {
      kind: s.processing.provider === 'studio' ? 'studio' : 'hosted',
      provider: s.processing.provider,
    },
    privacy: privacyMode(s.processing),
    integrations: publicIntegrations(s.integrations),
    mail: { delivered: s.smtp.enabled },
  };
}

/**
 * `GET /api/public/config`: the settings the public pages state (retention periods on /privacy and
 * /terms-of-service, the payment provider) and the photoshoot limits the flow shows. The full
 * settings are superuser-only.
 */
export function bindPublicConfigApi(server: FastifyInstance, app: App): void {
  server.get('/api/public/config', async (req, reply) => sendJson(req, reply, publicConfig(app)));
}
