import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError, ValidationErrors } from '../core/errors.js';
import type { CollectionDef } from '../core/schema/collection.js';
import type { SignInResult } from '../core/auth/auth-service.js';
import { mfaEnabled } from '../core/auth/mfa.js';
import { otpEnabled } from '../core/auth/otp.js';
import { oauth2Methods } from '../core/oauth2/auth-methods.js';
import { safeReason } from '../core/oauth2/provider-http.js';
import { readBody } from './body.js';
import { callerOf, queryParam } from './request-caller.js';
import { sendJson } from './respond.js';
import { NO_BODY, SIGN_IN_BODY } from './route-body.js';

/** The auth collection of the path; 404 with the protocol's message for anything else. */
export function authCollectionOf(app: App, req: FastifyRequest): CollectionDef {
  const c = app.registry.find((req.params as { collection: string }).collection);
  if (!c || c.type !== 'auth') throw ApiError.notFound('Missing or invalid auth collection context.');
  return c;
}

/** The client's MFA session: `?mfaId=` (where the SDK puts it), else the body's `mfaId`. */
export function mfaIdOf(req: FastifyRequest, body: Record<string, unknown>): string {
  const value = queryParam(req, 'mfaId') || body.mfaId;
  return typeof value === 'string' ? value.trim() : '';
}

/** A sign-in's answer: the auth response, or 401 `{mfaId}`, which is deliberately not an error object. */
export function sendSignIn(req: FastifyRequest, reply: FastifyReply, result: SignInResult): FastifyReply {
  if ('mfaId' in result) return reply.code(401).type('application/json').send(JSON.stringify(result));
  return sendJson(req, reply, result.auth);
}

/**
 * Route options of an auth collection's POST route: a path naming no auth collection is a 404
 * before the body is read, and the body may be `bytes` long.
 */
export function authRouteBody(app: App, bytes: number) {
  return {
    config: {
      body: (req: FastifyRequest) => {
        authCollectionOf(app, req);
        return bytes;
      },
    },
  };
}

/** auth-with-password, auth-refresh and auth-methods (PocketBase's auth endpoints). */
export function bindRecordAuthApi(server: FastifyInstance, app: App): void {
  server.post(
    '/api/collections/:collection/auth-with-password',
    authRouteBody(app, SIGN_IN_BODY),
    async (req, reply) => {
      const collection = authCollectionOf(app, req);
      const { passwordAuth } = collection.auth!;
      if (!passwordAuth.enabled) {
        throw ApiError.forbidden('The collection is not configured to allow password authentication.');
      }
      const { body } = await readBody(req);
      const identity = typeof body.identity === 'string' ? body.identity.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const identityField = typeof body.identityField === 'string' ? body.identityField : '';
      const errors = new ValidationErrors();
      if (!identity) errors.add('identity', 'validation_required', 'Cannot be blank.');
      if (!password) errors.add('password', 'validation_required', 'Cannot be blank.');
      if (identityField && !passwordAuth.identityFields.includes(identityField)) {
        errors.add('identityField', 'validation_in_invalid', 'Must be a valid value.');
      }
      errors.throwIfAny('An error occurred while validating the submitted data.');
      const record = await app.auth.withPassword(collection, identity, password, identityField || undefined);
      const caller = callerOf(req, 'password');
      const factor = { method: 'password' as const, mfaId: mfaIdOf(req, body) };
      return sendSignIn(
        req,
        reply,
        await app.auth.signIn(collection, record, caller, factor, { expand: queryParam(req, 'expand') }),
      );
    },
  );

  server.post(
    '/api/collections/:collection/auth-refresh',
    authRouteBody(app, NO_BODY),
    async (req, reply) => {
      const collection = authCollectionOf(app, req);
      const auth = req.auth;
      if (!auth) throw ApiError.unauthorized('The request requires valid record authorization token.');
      if (auth.collection.id !== collection.id) {
        throw ApiError.forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
      }
      const caller = callerOf(req);
      const token = auth.refreshable ? undefined : auth.token;
      return sendJson(
        req,
        reply,
        await app.auth.authResponse(collection, auth.record, caller, {
          token,
          expand: queryParam(req, 'expand'),
        }),
      );
    },
  );

  server.get('/api/collections/:collection/auth-methods', async (req, reply) => {
    const collection = authCollectionOf(app, req);
    const pw = collection.auth!.passwordAuth;
    const body: Record<string, unknown> = {
      password: { identityFields: pw.enabled ? pw.identityFields : [], enabled: pw.enabled },
      oauth2: await oauth2Methods(app, collection, (provider, err) =>
        req.log.warn({ provider, reason: safeReason(err) }, 'OAuth2 provider unavailable'),
      ),
      mfa: mfaEnabled(app, collection)
        ? { enabled: true, duration: app.settings.get().mfa.duration }
        : { enabled: false, duration: 0 },
      otp: otpEnabled(app, collection)
        ? { enabled: true, duration: app.settings.get().otp.duration }
        : { enabled: false, duration: 0 },
    };
    if (queryParam(req, 'fields') === undefined) {
      // Legacy keys that pre-0.23 SDKs read when no field list is requested.
      body.authProviders = (body.oauth2 as { providers: unknown[] }).providers;
      body.usernamePassword = false;
      body.emailPassword = pw.enabled && pw.identityFields.includes('email');
    }
    return sendJson(req, reply, body);
  });
}
