/**
 * The mailed account flows and impersonation (PocketBase's account flows). Handlers only read the body and
 * answer; the rules live in core/auth. Every request-* answers the same whether or not the address
 * exists.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { confirmEmailChange, requestEmailChange } from '../core/auth/email-change.js';
import { impersonate } from '../core/auth/impersonate.js';
import { authenticateWithOtp, requestOtp } from '../core/auth/otp.js';
import { confirmPasswordReset, requestPasswordReset } from '../core/auth/password-reset.js';
import { confirmVerification, requestVerification } from '../core/auth/verification.js';
import { readBody } from './body.js';
import { authCollectionOf, authRouteBody, mfaIdOf, sendSignIn } from './record-auth.js';
import { SIGN_IN_BODY } from './route-body.js';
import { callerOf, queryParam } from './request-caller.js';
import { sendJson } from './respond.js';

/** A body value as text; form bodies turn digit strings into numbers, which we turn back. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

async function bodyOf(req: FastifyRequest): Promise<Record<string, unknown>> {
  return (await readBody(req)).body;
}

const noContent = (reply: FastifyReply) => reply.code(204).send();

/**
 * The answer to a request that mails a link: PocketBase's empty 204 while mail flows; while it is
 * delayed (the queue's state, the same for every address), 200 with `{mailDelayed: true}`, so the
 * person waiting for the link learns it may come late, as request-otp's `mailDelayed` tells of a
 * code. The official SDK's methods resolve to `true` either way.
 */
async function mailedLinkAnswer(app: App, req: FastifyRequest, reply: FastifyReply) {
  if (await app.mailer.isDelayed()) return sendJson(req, reply, { mailDelayed: true });
  return noContent(reply);
}

export function bindRecordAuthFlowsApi(server: FastifyInstance, app: App): void {
  const route = (action: string) => `/api/collections/:collection/${action}`;
  const signIn = authRouteBody(app, SIGN_IN_BODY);

  server.post(route('request-verification'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    await requestVerification(app, collection, text((await bodyOf(req)).email).trim());
    return mailedLinkAnswer(app, req, reply);
  });

  server.post(route('confirm-verification'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    await confirmVerification(app, collection, text((await bodyOf(req)).token));
    return noContent(reply);
  });

  server.post(route('request-password-reset'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    await requestPasswordReset(app, collection, text((await bodyOf(req)).email).trim());
    return mailedLinkAnswer(app, req, reply);
  });

  server.post(route('confirm-password-reset'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    const body = await bodyOf(req);
    await confirmPasswordReset(app, collection, {
      token: text(body.token),
      password: text(body.password),
      passwordConfirm: text(body.passwordConfirm),
    });
    return noContent(reply);
  });

  // note: the access check comes first, so even a wrong collection path answers 401 to a guest.
  server.post(
    route('request-email-change'),
    { config: { access: 'auth', body: SIGN_IN_BODY } },
    async (req, reply) => {
      const auth = req.auth!;
      const path = (req.params as { collection: string }).collection;
      if (path !== auth.collection.id && path !== auth.collection.name) {
        throw ApiError.forbidden('The authorized record is not allowed to perform this action.');
      }
      await requestEmailChange(app, auth.collection, auth.record, text((await bodyOf(req)).newEmail).trim());
      return noContent(reply);
    },
  );

  server.post(route('confirm-email-change'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    const body = await bodyOf(req);
    await confirmEmailChange(app, collection, { token: text(body.token), password: text(body.password) });
    return noContent(reply);
  });

  server.post(route('request-otp'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    const otpId = await requestOtp(app, collection, text((await bodyOf(req)).email).trim());
    // note: an extra field beside PocketBase's `otpId`, the same for every address (the queue's
    // state, not this account's), so the person waiting for the code learns it may come late.
    const mailDelayed = await app.mailer.isDelayed();
    return sendJson(req, reply, { otpId, mailDelayed });
  });

  server.post(route('auth-with-otp'), signIn, async (req, reply) => {
    const collection = authCollectionOf(app, req);
    const body = await bodyOf(req);
    const record = await authenticateWithOtp(app, collection, text(body.otpId), text(body.password));
    const caller = callerOf(req, 'otp');
    const factor = { method: 'otp' as const, mfaId: mfaIdOf(req, body) };
    return sendSignIn(
      req,
      reply,
      await app.auth.signIn(collection, record, caller, factor, { expand: queryParam(req, 'expand') }),
    );
  });

  server.post(
    route('impersonate/:id'),
    { config: { access: 'superuser', body: SIGN_IN_BODY } },
    async (req, reply) => {
      const collection = authCollectionOf(app, req);
      const id = (req.params as { id: string }).id;
      const body = await bodyOf(req);
      const response = await impersonate(app, collection, id, body.duration, callerOf(req), {
        expand: queryParam(req, 'expand'),
      });
      return sendJson(req, reply, response);
    },
  );
}
