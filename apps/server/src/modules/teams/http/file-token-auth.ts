/**
 * Lets a plain link carry its caller for a download route (`?token=`, a file token from
 * `POST /api/files/token`), as the photoshoot download does. It only sets who is calling, before
 * the team guard runs; the guard still decides what that caller may do.
 */
import type { FastifyRequest } from 'fastify';
import type { App } from '../../../core/app.js';
import { fileTokenCaller } from '../../../core/files/protected-access.js';
import { realIp } from '../../../apis/real-ip.js';
import { callerOf, queryParam } from '../../../apis/request-caller.js';

export function fileTokenAuth(app: App): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    const token = queryParam(req, 'token');
    if (!token || req.auth) return;
    const settings = app.settings.get();
    const allowList = settings.superuserIPs ?? [];
    const ipOk = allowList.length === 0 || allowList.includes(realIp(req, settings));
    const { method, headers, query } = callerOf(req);
    req.auth = (await fileTokenCaller(app, token, { method, headers, query }, ipOk)).auth;
  };
}
