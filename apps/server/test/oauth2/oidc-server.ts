/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port for the OAuth2 tests and the
 * browser's sign-in test (apps/web/e2e/auth.spec.ts): one confidential client that must use PKCE,
 * an in-memory account store, and two ways through its login page. A scripted browser (`login`)
 * names the account by `login_hint`, walks the authorization endpoint, the login and consent
 * interactions and stops at the redirect back to the client, returning its `code` and `state`. A
 * real browser without a hint gets a form listing the accounts and picks one, as a person would.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export type Account = { email: string; email_verified: boolean; name?: string; picture?: string };

export type OidcServer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Account>;
  /** How often the discovery document was fetched. */
  discoveryFetches(): number;
  /** Follows the flow for `accountId` from an authorization URL; the redirect's query comes back. */
  login(authURL: string, accountId: string): Promise<{ location: string; code: string; state: string }>;
  close(): Promise<void>;
};

/** The login page a person sees: one button per test account. */
function loginPage(accounts: Map<string, Account>): string {
  const buttons = [...accounts.entries()]
    .map(([id, a]) => `<button name="account" value="${id}">Sign in as ${a.name ?? id}</button>`)
    .join('');
  return `<!doctype html><title>Test OpenID</title><h1>Test OpenID sign-in</h1><form method="post">${buttons}</form>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        return (
          (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) ||
          (k.toLowerCase() === 'max-age' && Number(v) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function startOidcServer(opts: { redirectURIs: string[] }): Promise<OidcServer> {
  const accounts = new Map<string, Account>();
  const clientId = 'photoshoot-test';
  const clientSecret = 'test-client-secret-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectURIs,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const callback = provider.callback();

  // The "user" of the login page: the account named by login_hint, or the one a browser picked on
  // the page, who then consents to everything asked.
  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const hint = details.params.login_hint;
      if (hint === undefined && req.method !== 'POST') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(loginPage(accounts));
        return;
      }
      const accountId = hint ?? (await readForm(req)).get('account') ?? '';
      if (!accounts.has(accountId)) throw new Error(`unknown test account ${accountId}`);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId!,
      clientId: details.params.client_id!,
    });
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims as string[]);
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  let discoveryFetches = 0;
  handler = (req, res) => {
    if (req.url === '/.well-known/openid-configuration') discoveryFetches++;
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch(() => {
        res.statusCode = 500;
        res.end('interaction failed');
      });
      return;
    }
    callback(req, res);
  };

  async function login(authURL: string, accountId: string) {
    const jar = new CookieJar();
    const url = new URL(authURL);
    url.searchParams.set('login_hint', accountId);
    let next = url.toString();
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.store(res);
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${res.status}: ${await res.text()}`);
      const target = new URL(location, next);
      if (opts.redirectURIs.some((r) => target.href.startsWith(r))) {
        const error = target.searchParams.get('error');
        if (error)
          throw new Error(
            `the provider refused: ${error} ${target.searchParams.get('error_description') ?? ''}`,
          );
        return {
          location: target.href,
          code: target.searchParams.get('code') ?? '',
          state: target.searchParams.get('state') ?? '',
        };
      }
      next = target.href;
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    discoveryFetches: () => discoveryFetches,
    login,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
