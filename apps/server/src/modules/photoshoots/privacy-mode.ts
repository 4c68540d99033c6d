/**
 * Whether customers' photos stay on the operator's own machines: `local` when the provider is
 * one that runs there (the studio engine, the operator's ComfyUI servers) and no hosted service
 * even has a key (a key could be switched on at any time, and the public pages must not promise
 * more than the settings guarantee); `hosted` otherwise. The public pages word their privacy
 * promise from it (http/public-config.ts). It reads the `processing` settings section through the
 * platform's settings, as the rest of the public config does, not the processing module: that
 * module moves photoshoots through their lifecycle, so it sits above this one.
 */
import type { Settings } from '../../core/settings/settings.js';

export type PrivacyMode = 'local' | 'hosted';

/** Providers that run on machines the operator runs. */
export const LOCAL_PROVIDERS: readonly string[] = ['studio', 'comfyui'];

export function privacyMode(p: Settings['processing']): PrivacyMode {
  const hostedKey = Boolean(p.fal.apiKey || p.replicate.apiToken || p.astria.apiKey);
  return LOCAL_PROVIDERS.includes(p.provider) && !hostedKey ? 'local' : 'hosted';
}
