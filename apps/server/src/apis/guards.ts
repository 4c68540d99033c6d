import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.js';
import type { AuthState } from '../core/records/caller.js';

/** 401 without a valid token, 403 for a token that is not a superuser's. */
export function requireSuperuser(req: FastifyRequest): AuthState {
  if (!req.auth) throw ApiError.unauthorized('The request requires valid record authorization token.');
  if (req.auth.collection.name !== '_superusers') {
    throw ApiError.forbidden('The authorized record is not allowed to perform this action.');
  }
  return req.auth;
}

/** 401 without a valid auth record token. */
export function requireAuth(req: FastifyRequest): AuthState {
  if (!req.auth) throw ApiError.unauthorized('The request requires valid record authorization token.');
  return req.auth;
}
