import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 for the browser sign-in test. Its
 * login page is a plain HTML form listing the test accounts; the browser picks one and consents,
 * exactly as a person would at a real provider.
 */
export type OidcAccount = { email: string; email_verified: boolean; name: string };

export async function startOidc(redirectURIs: string[]): Promise<{
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
}> {
  const accounts = new Map<string, OidcAccount>();
  const clientId = 'photoshoot-e2e';
  const clientSecret = 'e2e-client-secret-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'e2e-key', use: 'sig', alg: 'RS256' };

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
        redirect_uris: redirectURIs,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-e2e-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ sub: id, ...account }) } : undefined;
    },
  });
  const callback = provider.callback();

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (req.method === 'POST') {
        const accountId = (await readForm(req)).get('account') ?? '';
        if (!accounts.has(accountId)) throw new Error('unknown account');
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const buttons = [...accounts.entries()]
        .map(([id, a]) => `<button name="account" value="${id}">Sign in as ${a.name}</button>`)
        .join('');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><title>Test OpenID</title><h1>Test OpenID sign-in</h1><form method="post">${buttons}</form>`,
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId!,
      clientId: details.params.client_id as string,
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

  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch(() => {
        res.statusCode = 500;
        res.end('interaction failed');
      });
      return;
    }
    callback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
