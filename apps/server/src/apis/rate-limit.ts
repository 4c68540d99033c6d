/**
 * Rate limits (PocketBase's HTTP conventions, decision 004) as three hooks: the per-IP check runs on request,
 * before any body is read, so a limited client costs almost nothing; the per-account (for a
 * password, per account and address) check of sign-in guessing needs the parsed body and runs before the handler; the outcome (failed
 * attempt or success) is recorded after the response. Must be bound after auth loading.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import type { RateLimitRule } from '../core/settings/settings.js';
import { lockoutSubject, RateLimiter } from '../core/ratelimit/rate-limiter.js';
import { describeRequest, type RequestTarget } from '../core/ratelimit/request-target.js';
import { realIp } from './real-ip.js';
import { isObjectLike } from '../tools/object-kinds.js';

type Pending = { rule: RateLimitRule; target: RequestTarget; account?: string };

function tooMany(reply: FastifyReply, retryAfterSec: number): ApiError {
  reply.header('Retry-After', String(retryAfterSec));
  return ApiError.tooManyRequests();
}

function accountOf(
  req: FastifyRequest,
  field: NonNullable<RequestTarget['accountField']>,
): string | undefined {
  const value = isObjectLike(req.body) ? req.body[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function bindRateLimits(server: FastifyInstance, app: App): void {
  const limiter = new RateLimiter();
  const pending = new WeakMap<FastifyRequest, Pending>();

  // note: the hooks are callbacks, not async functions: they run on every request and never wait,
  // and an async hook costs a promise and a microtask each (decision 028). A throw inside one is
  // passed on by Fastify's hook runner as the request's error, as a rejection was.
  server.addHook('onRequest', (req, reply, done) => {
    const settings = app.settings.get();
    if (!settings.rateLimits.enabled || req.auth?.collection.name === '_superusers') return done();
    const target = describeRequest(app.registry, req.method, req.url);
    const rule = limiter.ruleFor(settings.rateLimits, target, req.auth ? '@auth' : '@guest');
    if (!rule) return done();
    const state = limiter.hitIp(rule, realIp(req, settings));
    if (!state.allowed) return done(tooMany(reply, state.retryAfterSec));
    if (target.accountField) pending.set(req, { rule, target });
    done();
  });

  server.addHook('preHandler', (req, reply, done) => {
    const p = pending.get(req);
    if (!p?.target.accountField) return done();
    const identity = accountOf(req, p.target.accountField);
    if (!identity) return done();
    const account = lockoutSubject(p.target, identity, realIp(req, app.settings.get()));
    const state = limiter.reserveAccount(p.rule, p.target, account);
    if (!state.allowed) {
      pending.delete(req);
      return done(tooMany(reply, state.retryAfterSec));
    }
    p.account = account;
    done();
  });

  server.addHook('onResponse', (req, reply, done) => {
    const p = pending.get(req);
    if (!p?.account) return done();
    // A wrong password or code answers 400; an MFA step (401) or a server error is not a guess
    // that failed.
    const status = reply.statusCode;
    limiter.settleAccount(
      p.rule,
      p.target,
      p.account,
      status === 400 ? 'failed' : status < 300 ? 'succeeded' : 'neutral',
    );
    done();
  });
}
