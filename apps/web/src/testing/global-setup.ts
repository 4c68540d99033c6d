import type { TestProject } from 'vitest/node';

/**
 * Starts the real Photoshoot server (SQLite in a temp dir, 127.0.0.1, OS-chosen port) for the
 * component tests, through the server's own test harness; tests reach it with `inject('apiUrl')`.
 */
type Harness = {
  startServer(opts: { engine: 'sqlite' }): Promise<{
    url: string;
    superuser(): Promise<{
      collection(name: string): { create(body: object): Promise<unknown> };
      settings: { update(body: object): Promise<unknown> };
      authStore: { token: string };
    }>;
    close(): Promise<void>;
  }>;
};

/** The operator the back-office tests sign in as (a superuser of the test server). */
const OPERATOR = { email: 'web-tests-operator@example.com', password: 'operator-password-456' };

// note: a computed path keeps the web app's type check (DOM lib) out of the server's sources.
const HARNESS = new URL('../../../server/test/support/harness.ts', import.meta.url).pathname;

/** The operator of the second server, where superusers sign in with two factors (MFA + OTP). */
const MFA_OPERATOR = { email: 'web-tests-mfa-operator@example.com', password: 'mfa-operator-pass-1' };

let server: { close(): Promise<void> } | undefined;
let mfaServer: { close(): Promise<void> } | undefined;

export async function setup(project: TestProject): Promise<void> {
  const { startServer } = (await import(/* @vite-ignore */ HARNESS)) as Harness;
  const started = await startServer({ engine: 'sqlite' });
  server = started;
  project.provide('apiUrl', started.url);
  // note: made through the API, so the tests know its password (the harness's own superuser is internal).
  const su = await started.superuser();
  await su.collection('_superusers').create({ ...OPERATOR, passwordConfirm: OPERATOR.password });
  project.provide('operator', OPERATOR);

  // note: MFA is a server-wide setting, so the two-factor sign-in gets a server of its own and every
  // other test's operator keeps signing in with a password alone.
  const second = await startServer({ engine: 'sqlite' });
  mfaServer = second;
  const su2 = await second.superuser();
  await su2.collection('_superusers').create({ ...MFA_OPERATOR, passwordConfirm: MFA_OPERATOR.password });
  await su2.settings.update({
    otp: { enabled: true, collections: ['_superusers'] },
    mfa: { enabled: true, collections: ['_superusers'] },
  });
  project.provide('mfaApiUrl', second.url);
  project.provide('mfaOperator', MFA_OPERATOR);
  // note: every superuser of that server needs two factors; the tests read its mail outbox with this token.
  project.provide('mfaSuperuserToken', su2.authStore.token);
}

export async function teardown(): Promise<void> {
  await server?.close();
  await mfaServer?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    operator: { email: string; password: string };
    mfaApiUrl: string;
    mfaOperator: { email: string; password: string };
    mfaSuperuserToken: string;
  }
}
