/**
 * Live settings (GET/PATCH /api/settings), in PocketBase's shape plus our own sections. Defaults
 * make a fresh install work offline: mail goes to the dev outbox, rate limits are on, batch is off.
 * Product sections are registered by their modules (`AppModule.settings`, decision 020): each
 * module adds its section's type to `ModuleSettings` by declaration merging.
 */
import type { SettingsSection } from './settings-section.js';
import { DEFAULT_APP_URL } from './app-url.js';

export type RateLimitRule = {
  label: string;
  maxRequests: number;
  duration: number;
  audience?: '' | '@guest' | '@auth';
};

export type OAuth2ProviderSettings = {
  name: string;
  displayName?: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
  /** OpenID Connect: discovery from the issuer, or explicit endpoints. */
  issuer?: string;
  authURL?: string;
  tokenURL?: string;
  userInfoURL?: string;
  pkce?: boolean;
  scopes?: string[];
};

export type S3Settings = {
  enabled: boolean;
  bucket: string;
  region: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
};

const noS3 = (): S3Settings => ({
  enabled: false,
  bucket: '',
  region: '',
  endpoint: '',
  accessKey: '',
  secret: '',
  forcePathStyle: false,
});

export type PlatformSettings = {
  meta: { appName: string; appURL: string; senderName: string; senderAddress: string; hideControls: boolean };
  smtp: {
    enabled: boolean;
    host: string;
    port: number;
    username: string;
    password: string;
    authMethod: string;
    tls: boolean;
    localName: string;
  };
  /** `s3` is PocketBase's backups store; present for its dashboard, but only `enabled: false` is valid. */
  backups: { cron: string; cronMaxKeep: number; s3: S3Settings };
  s3: S3Settings;
  batch: { enabled: boolean; maxRequests: number; timeout: number; maxBodySize: number };
  rateLimits: { enabled: boolean; rules: RateLimitRule[] };
  trustedProxy: { headers: string[]; useLeftmostIP: boolean };
  logs: { maxDays: number; minLevel: number; logIP: boolean; logAuthId: boolean };
  superuserIPs: string[];
  oauth2: { providers: OAuth2ProviderSettings[] };
  /** One-time passwords by mail; `collections` names the auth collections that offer them. */
  otp: { enabled: boolean; duration: number; length: number; collections: string[] };
  /** Multi-factor sign-in (decision 007): a second, different method within `duration` seconds. */
  mfa: { enabled: boolean; duration: number; collections: string[] };
};

/** Filled by the modules' `declare module` blocks: one key per registered section. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleSettings {}

export type Settings = PlatformSettings & ModuleSettings;

export function defaultSettings(sections: readonly SettingsSection<unknown>[]): Settings {
  const platform: PlatformSettings = {
    meta: {
      appName: 'Photoshoot',
      appURL: DEFAULT_APP_URL,
      senderName: 'Photoshoot',
      senderAddress: 'no-reply@photoshoot.local',
      hideControls: false,
    },
    smtp: {
      enabled: false,
      host: '',
      port: 587,
      username: '',
      password: '',
      authMethod: '',
      tls: false,
      localName: '',
    },
    backups: { cron: '0 3 * * *', cronMaxKeep: 7, s3: noS3() },
    s3: noS3(),
    batch: { enabled: false, maxRequests: 50, timeout: 3, maxBodySize: 0 },
    rateLimits: {
      enabled: true,
      rules: [
        // The most specific label wins (decision 004): token refreshes and the contact form get
        // their own budgets instead of sharing `*:auth` / `*:create`.
        { label: '*:authRefresh', maxRequests: 60, duration: 60, audience: '' },
        { label: '*:auth', maxRequests: 10, duration: 60, audience: '' },
        { label: 'contact_messages:create', maxRequests: 5, duration: 60, audience: '' },
        { label: '*:create', maxRequests: 60, duration: 60, audience: '' },
        { label: '/api/batch', maxRequests: 30, duration: 10, audience: '' },
        { label: '/api/', maxRequests: 600, duration: 10, audience: '' },
      ],
    },
    trustedProxy: { headers: [], useLeftmostIP: false },
    logs: { maxDays: 7, minLevel: 0, logIP: true, logAuthId: true },
    superuserIPs: [],
    oauth2: { providers: [] },
    otp: { enabled: true, duration: 180, length: 8, collections: ['users'] },
    mfa: { enabled: false, duration: 600, collections: ['users'] },
  };
  // Sections of one name are one section that several modules add fields to: defaults merge in order.
  const modules: Record<string, object> = {};
  for (const section of sections) {
    modules[section.name] = { ...modules[section.name], ...(section.defaults() as object) };
  }
  return { ...platform, ...modules } as Settings;
}

/** Paths of secret values: never returned, kept when a PATCH leaves them out or sends "". */
export function secretPaths(sections: readonly SettingsSection<unknown>[]): string[] {
  return [
    'smtp.password',
    's3.secret',
    'backups.s3.secret',
    'oauth2.providers.*.clientSecret',
    ...sections.flatMap((section) => (section.secretFields ?? []).map((f) => `${section.name}.${f}`)),
  ];
}

/**
 * Fills what older saved settings may lack, so the API always shows PocketBase's full shape: each
 * rate-limit rule's `audience` ("" = everyone).
 */
export function normalizeSettings(s: Settings): Settings {
  if (Array.isArray(s.rateLimits?.rules)) {
    for (const rule of s.rateLimits.rules as unknown[]) {
      if (rule && typeof rule === 'object' && !('audience' in rule)) (rule as RateLimitRule).audience = '';
    }
  }
  return s;
}
