/**
 * The auth options blocks of an auth collection as PocketBase's collections API shows them
 * (PocketBase's collections API). Our sign-in settings live in `settings.otp`, `settings.mfa` and
 * `settings.oauth2`, which name the collections they apply to; token lifetimes and rules live in
 * the collection definition. Secrets (token keys, OAuth2 client secrets) are never included.
 */
import { presetOf } from '../oauth2/presets.js';
import { oauth2Applies } from '../oauth2/providers.js';
import type { MailMeta, RenderedMail } from '../mail/layout.js';
import {
  emailChangeMail,
  loginAlertMail,
  otpMail,
  passwordResetMail,
  verificationMail,
} from '../mail/templates.js';
import type { CollectionDef } from '../schema/collection.js';
import type { Settings } from '../settings/settings.js';

type Template = { subject: string; body: string };

/** Placeholders where the real mail has a per-recipient value, as PocketBase's templates show them. */
const TOKEN = '{TOKEN}';
const OTP = '{OTP}';
const ALERT_INFO = '{ALERT_INFO}';

const template = (mail: RenderedMail): Template => ({ subject: mail.subject, body: mail.html });

function offers(list: { enabled: boolean; collections: string[] }, c: CollectionDef): boolean {
  return list.enabled === true && Array.isArray(list.collections) && list.collections.includes(c.name);
}

function oauth2Block(c: CollectionDef, settings: Settings) {
  const configured = oauth2Applies(c) ? settings.oauth2.providers.filter((p) => p.enabled) : [];
  const hasName = c.fields.some((f) => f.name === 'name' && f.type === 'text');
  return {
    // note: sign-up through a provider fills `name` only (core/oauth2/link-account.ts).
    mappedFields: { id: '', name: hasName && oauth2Applies(c) ? 'name' : '', username: '', avatarURL: '' },
    providers: configured.map((p) => {
      const preset = presetOf(p.name);
      return {
        name: p.name,
        displayName: p.displayName || preset?.displayName || p.name,
        clientId: p.clientId,
        authURL: p.authURL || preset?.authURL || '',
        tokenURL: p.tokenURL || preset?.tokenURL || '',
        userInfoURL: p.userInfoURL || preset?.userInfoURL || '',
        pkce: p.pkce ?? preset?.pkce ?? null,
        extra: {},
      };
    }),
    enabled: configured.length > 0,
  };
}

export function authOptionsJson(c: CollectionDef, settings: Settings): Record<string, unknown> {
  const auth = c.auth!;
  const meta: MailMeta = settings.meta;
  const { otp, mfa } = settings;
  return {
    authRule: auth.authRule,
    manageRule: auth.manageRule,
    authAlert: { enabled: false, emailTemplate: template(loginAlertMail(meta, ALERT_INFO)) },
    oauth2: oauth2Block(c, settings),
    passwordAuth: {
      enabled: auth.passwordAuth.enabled,
      identityFields: [...auth.passwordAuth.identityFields],
    },
    mfa: { enabled: offers(mfa, c), duration: mfa.duration, rule: '' },
    otp: {
      enabled: offers(otp, c),
      duration: otp.duration,
      length: otp.length,
      emailTemplate: template(otpMail(meta, OTP, otp.duration)),
    },
    authToken: { duration: auth.authTokenDuration },
    passwordResetToken: { duration: auth.passwordResetTokenDuration },
    emailChangeToken: { duration: auth.emailChangeTokenDuration },
    verificationToken: { duration: auth.verificationTokenDuration },
    fileToken: { duration: auth.fileTokenDuration },
    verificationTemplate: template(verificationMail(meta, TOKEN, auth.verificationTokenDuration)),
    resetPasswordTemplate: template(passwordResetMail(meta, TOKEN, auth.passwordResetTokenDuration)),
    confirmEmailChangeTemplate: template(
      emailChangeMail(meta, TOKEN, '{NEW_EMAIL}', auth.emailChangeTokenDuration),
    ),
  };
}
