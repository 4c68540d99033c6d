/** Settings checks for `oauth2.providers`: names, credentials, and where each provider's endpoints come from. */
import type { OAuth2ProviderSettings } from '../settings/settings.js';
import { presetOf } from './presets.js';

type Add = (field: string, code: string, message: string) => void;

const URL_KEYS = ['issuer', 'authURL', 'tokenURL', 'userInfoURL'] as const;

function isHttpUrl(v: unknown): boolean {
  try {
    return typeof v === 'string' && ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

export function validateOAuth2Providers(providers: OAuth2ProviderSettings[], add: Add): void {
  const seen = new Set<string>();
  providers.forEach((p, i) => {
    const at = `providers.${i}`;
    if (!p || typeof p.name !== 'string' || !/^[a-z0-9_-]+$/.test(p.name)) {
      add(`${at}.name`, 'validation_invalid_value', 'Must be a lower-case provider name.');
      return;
    }
    if (seen.has(p.name)) add(`${at}.name`, 'validation_not_unique', 'Another provider has this name.');
    seen.add(p.name);
    if (p.enabled !== undefined && typeof p.enabled !== 'boolean') {
      add(`${at}.enabled`, 'validation_invalid_value', 'Must be true or false.');
    }
    for (const key of URL_KEYS) {
      if (p[key] !== undefined && p[key] !== '' && !isHttpUrl(p[key])) {
        add(`${at}.${key}`, 'validation_is_url', 'Must be a valid url.');
      }
    }
    if (p.pkce !== undefined && typeof p.pkce !== 'boolean') {
      add(`${at}.pkce`, 'validation_invalid_value', 'Must be true or false.');
    }
    if (
      p.scopes !== undefined &&
      !(Array.isArray(p.scopes) && p.scopes.every((s) => typeof s === 'string' && /^\S+$/.test(s)))
    ) {
      add(`${at}.scopes`, 'validation_invalid_value', 'Must be a list of scopes without spaces.');
    }
    if (!p.enabled) return;
    if (!p.clientId || !p.clientSecret) {
      add(at, 'validation_required', 'An enabled provider needs a client id and secret.');
    } else if (!presetOf(p.name) && !p.issuer && !(p.authURL && p.tokenURL && p.userInfoURL)) {
      add(at, 'validation_required', 'Set the OpenID issuer, or the authURL, tokenURL and userInfoURL.');
    }
  });
}
