/**
 * Loopback stand-ins for GitHub's and Microsoft Graph's documented OAuth2 endpoints, which cannot
 * run here, and for a provider that accepts client credentials only in the form body (as some
 * enforce per client). They answer in the real services' shapes, including GitHub's habit of
 * refusing a code with a 200 and an `error` field, and check PKCE and client credentials.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export type StandIn = {
  url: string;
  /** Registers a code as if the user had approved the app; the PKCE challenge comes from the verifier. */
  issueCode(code: string, verifier: string): void;
  close(): Promise<void>;
};

const CLIENT = { id: 'standin-client', secret: 'standin-secret' };

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

export async function startStandIn(): Promise<StandIn> {
  const codes = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const bearer = req.headers.authorization ?? '';
    const path = req.url ?? '';
    void (async () => {
      if (
        req.method === 'POST' &&
        ['/github/login/oauth/access_token', '/ms/token', '/strict/token'].includes(path)
      ) {
        if (path === '/strict/token' && req.headers.authorization)
          return json(401, { error: 'invalid_client' });
        const form = await readForm(req);
        const code = form.get('code') ?? '';
        const challenge = codes.get(code);
        codes.delete(code);
        const verifier = form.get('code_verifier') ?? '';
        const ok =
          form.get('client_id') === CLIENT.id &&
          form.get('client_secret') === CLIENT.secret &&
          challenge !== undefined &&
          createHash('sha256').update(verifier).digest('base64url') === challenge;
        if (path.startsWith('/github')) {
          return ok
            ? json(200, { access_token: 'gho_standin', token_type: 'bearer', scope: 'read:user,user:email' })
            : json(200, {
                error: 'bad_verification_code',
                error_description: 'The code passed is incorrect or expired.',
              });
        }
        if (path === '/strict/token')
          return ok
            ? json(200, { access_token: 'strict_standin', token_type: 'Bearer' })
            : json(400, { error: 'invalid_grant' });
        return ok
          ? json(200, {
              access_token: 'ms_standin',
              token_type: 'Bearer',
              expires_in: 3600,
              refresh_token: 'ms_refresh',
            })
          : json(400, { error: 'invalid_grant', error_description: 'AADSTS70000: secret detail' });
      }
      if (path === '/strict/huge-userinfo')
        return json(200, { sub: 'huge', padding: 'x'.repeat(2 * 1024 * 1024) });
      if (path === '/strict/userinfo' && bearer === 'Bearer strict_standin') {
        return json(200, {
          sub: 'strict-1',
          email: 'strict@example.com',
          email_verified: 'true',
          name: 'Strict',
        });
      }
      if (path === '/github/user' && bearer === 'Bearer gho_standin') {
        return json(200, {
          id: 4242,
          login: 'octocat',
          name: 'Octo Cat',
          email: null,
          avatar_url: 'https://avatars.example/4242',
        });
      }
      if (path === '/github/user/emails' && bearer === 'Bearer gho_standin') {
        return json(200, [
          { email: 'octo-old@example.com', primary: true, verified: false, visibility: 'private' },
          { email: 'octo@example.com', primary: false, verified: true, visibility: null },
        ]);
      }
      if (path === '/ms/me' && bearer === 'Bearer ms_standin') {
        return json(200, {
          id: 'ms-0001',
          displayName: 'Mia Soft',
          mail: 'mia@example.com',
          userPrincipalName: 'mia@contoso.example',
        });
      }
      json(401, { message: 'Bad credentials' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    issueCode: (code, verifier) =>
      void codes.set(code, createHash('sha256').update(verifier).digest('base64url')),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export { CLIENT as STANDIN_CLIENT };
