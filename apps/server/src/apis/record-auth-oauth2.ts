/** `POST /api/collections/{collection}/auth-with-oauth2` (PocketBase's auth-with-oauth2). */
import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { watchAccountLinks } from '../core/oauth2/link-cleanup.js';
import { safeReason } from '../core/oauth2/provider-http.js';
import { signInWithOAuth2, type OAuth2SignInResult } from '../core/oauth2/sign-in.js';
import { readBody } from './body.js';
import { authCollectionOf, authRouteBody, mfaIdOf, sendSignIn } from './record-auth.js';
import { DEFAULT_BODY } from './route-body.js';
import { callerOf, queryParam } from './request-caller.js';

function metaOf({ user, tokens, isNew }: OAuth2SignInResult): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatarURL: user.avatarURL,
    avatarUrl: user.avatarURL,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiry: tokens.expiry,
    rawUser: user.rawUser,
    isNew,
  };
}

export function bindRecordAuthOAuth2Api(server: FastifyInstance, app: App): void {
  watchAccountLinks(app);
  server.post(
    '/api/collections/:collection/auth-with-oauth2',
    authRouteBody(app, DEFAULT_BODY),
    async (req, reply) => {
      const collection = authCollectionOf(app, req);
      const { body } = await readBody(req);
      const str = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
      const createData = body.createData ?? {};
      if (typeof createData !== 'object' || createData === null || Array.isArray(createData)) {
        throw ApiError.badRequest('An error occurred while loading the submitted data.', {
          createData: { code: 'validation_invalid_value', message: 'Must be an object.' },
        });
      }
      const provider = str('provider');
      let result: OAuth2SignInResult;
      try {
        result = await signInWithOAuth2(app, collection, {
          provider,
          code: str('code'),
          codeVerifier: str('codeVerifier'),
          redirectURL: str('redirectURL') || str('redirectUrl'),
          createData: createData as Record<string, unknown>,
          signedIn: req.auth && req.auth.collection.id === collection.id ? req.auth.record : null,
          caller: { ...callerOf(req, 'oauth2'), auth: null },
        });
      } catch (err) {
        const cause = (err as Error).cause;
        // The reason is for operators; the client only ever sees the protocol's message.
        if (cause) req.log.warn({ provider, reason: safeReason(cause) }, 'OAuth2 sign-in failed');
        throw err;
      }
      const meta = metaOf(result);
      const caller = callerOf(req, 'oauth2');
      const factor = { method: 'oauth2' as const, mfaId: mfaIdOf(req, body) };
      return sendSignIn(
        req,
        reply,
        await app.auth.signIn(collection, result.record, caller, factor, {
          expand: queryParam(req, 'expand'),
          meta,
        }),
      );
    },
  );
}
