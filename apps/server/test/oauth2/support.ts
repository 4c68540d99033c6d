/** Shared set-up of the OAuth2 tests: the API server, the OpenID provider, and sign-in helpers. */
import type PocketBase from 'pocketbase';
import type { RecordAuthResponse, RecordModel } from 'pocketbase';
import { startServer, type Engine, type TestServer } from '../support/harness.js';
import { startOidcServer, type Account, type OidcServer } from './oidc-server.js';

export type ProviderInfo = {
  name: string;
  displayName: string;
  state: string;
  authURL: string;
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: string;
};

export type OAuth2Env = {
  t: TestServer;
  oidc: OidcServer;
  /** The web app's callback route, registered at the provider. */
  callbackURL: string;
  provider(pb?: PocketBase, name?: string): Promise<ProviderInfo>;
  /** Runs the browser part for `accountId`: the code and state the provider redirected back with. */
  authorize(
    accountId: string,
    pb?: PocketBase,
  ): Promise<{ code: string; state: string; provider: ProviderInfo }>;
  /** The full code flow through the SDK. */
  signIn(
    accountId: string,
    opts?: { pb?: PocketBase; createData?: Record<string, unknown> },
  ): Promise<{ pb: PocketBase; auth: RecordAuthResponse<RecordModel> }>;
  addAccount(id: string, account: Account): void;
  close(): Promise<void>;
};

export async function startOAuth2Env(engine: Engine): Promise<OAuth2Env> {
  const t = await startServer({ engine });
  const callbackURL = `${t.url}/oauth-callback`;
  const oidc = await startOidcServer({ redirectURIs: [callbackURL, `${t.url}/api/oauth2-redirect`] });
  const su = await t.superuser();
  await su.settings.update({
    // note: these tests sign in far more often than the default `*:auth` limit allows.
    rateLimits: { enabled: false },
    oauth2: {
      providers: [
        {
          name: 'oidc',
          displayName: 'Test OpenID',
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          enabled: true,
          issuer: oidc.issuer,
        },
      ],
    },
  });

  const provider = async (pb = t.client(), name = 'oidc') => {
    const methods = await pb.collection('users').listAuthMethods();
    const found = (methods.oauth2.providers as unknown as ProviderInfo[]).find((p) => p.name === name);
    if (!found) throw new Error(`provider ${name} is not listed`);
    return found;
  };
  const authorize = async (accountId: string, pb?: PocketBase) => {
    const p = await provider(pb);
    const { code, state } = await oidc.login(p.authURL + encodeURIComponent(callbackURL), accountId);
    return { code, state, provider: p };
  };
  return {
    t,
    oidc,
    callbackURL,
    provider,
    authorize,
    async signIn(accountId, opts = {}) {
      const pb = opts.pb ?? t.client();
      const { code, provider: p } = await authorize(accountId, pb);
      const auth = await pb
        .collection('users')
        .authWithOAuth2Code('oidc', code, p.codeVerifier, callbackURL, opts.createData);
      return { pb, auth };
    },
    addAccount: (id, account) => void oidc.accounts.set(id, account),
    async close() {
      await t.close();
      await oidc.close();
    },
  };
}

/** How many provider links a record has. */
export async function linkCount(t: TestServer, recordId: string): Promise<number> {
  const row = await t.app.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM "_externalAuths" WHERE "recordRef" = ?`,
    [recordId],
  );
  return Number(row?.n ?? 0);
}

export async function usersWithEmail(t: TestServer, email: string): Promise<number> {
  const row = await t.app.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM "users" WHERE LOWER("email") = LOWER(?)`,
    [email],
  );
  return Number(row?.n ?? 0);
}
