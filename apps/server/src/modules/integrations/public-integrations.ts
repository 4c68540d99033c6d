/**
 * What a visitor's browser needs to load the configured integrations: the chosen providers and
 * their public ids, nothing for a provider that is off (so an unconfigured install loads nothing).
 */
import type { IntegrationsSettings } from './integrations-settings.js';

export type PublicChat =
  { provider: 'crisp'; websiteId: string } | { provider: 'tawk'; propertyId: string; widgetId: string };

export type PublicAnalytics =
  { provider: 'plausible'; domain: string } | { provider: 'ga4'; measurementId: string };

export type PublicIntegrations = { chat: PublicChat | null; analytics: PublicAnalytics | null };

export function publicIntegrations(s: IntegrationsSettings): PublicIntegrations {
  const chat: PublicChat | null =
    s.chat === 'crisp'
      ? { provider: 'crisp', websiteId: s.crispWebsiteId }
      : s.chat === 'tawk'
        ? { provider: 'tawk', propertyId: s.tawkPropertyId, widgetId: s.tawkWidgetId }
        : null;
  const analytics: PublicAnalytics | null =
    s.analytics === 'plausible'
      ? { provider: 'plausible', domain: s.plausibleDomain }
      : s.analytics === 'ga4'
        ? { provider: 'ga4', measurementId: s.ga4MeasurementId }
        : null;
  return { chat, analytics };
}
