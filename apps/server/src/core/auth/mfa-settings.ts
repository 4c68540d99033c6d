/**
 * The `mfa` settings section: checks that keep an MFA-protected collection usable. A collection
 * under MFA needs a second sign-in method besides the password (OTP by mail, or an OAuth2
 * provider for `users`); otherwise every sign-in would stop at the first factor for good.
 */
import type { Settings } from '../settings/settings.js';

type Add = (field: string, code: string, message: string) => void;

/** Longest MFA window: a pending first factor is a half-open door, so it stays short. */
export const MFA_MAX_DURATION = 3600;

export function validateMfaSettings(s: Settings, add: Add): void {
  const mfa = s.mfa;
  if (typeof mfa.enabled !== 'boolean') add('enabled', 'validation_invalid_value', 'Must be true or false.');
  if (!Number.isInteger(mfa.duration) || mfa.duration < 30 || mfa.duration > MFA_MAX_DURATION) {
    add('duration', 'validation_invalid_value', `Must be 30 to ${MFA_MAX_DURATION} seconds.`);
  }
  if (!Array.isArray(mfa.collections) || !mfa.collections.every((c) => typeof c === 'string')) {
    add('collections', 'validation_invalid_value', 'Must be a list of auth collection names.');
    return;
  }
  if (mfa.enabled !== true) return;
  const otpFor = (name: string) =>
    s.otp.enabled === true && Array.isArray(s.otp.collections) && s.otp.collections.includes(name);
  const oauth2For = (name: string) =>
    name === 'users' && Array.isArray(s.oauth2.providers) && s.oauth2.providers.some((p) => p?.enabled);
  const stuck = mfa.collections.filter((name) => !otpFor(name) && !oauth2For(name));
  if (stuck.length) {
    add(
      'enabled',
      'validation_mfa_second_method',
      `MFA needs a second sign-in method (OTP or an OAuth2 provider) for: ${stuck.join(', ')}.`,
    );
  }
}
