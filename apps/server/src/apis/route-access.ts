/**
 * Who may call a route, declared with the route (`config: { access: 'superuser' }`) and checked by
 * one hook, so no handler writes its own guard. Runs before the body is read: a guest's body for a
 * route that would refuse them is not worth parsing.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireSuperuser } from './guards.js';
import { refuseUnread } from './json-body.js';

export type RouteAccess = 'auth' | 'superuser';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function bindRouteAccess(server: FastifyInstance): void {
  // note: a callback, not async: it runs on every request and never waits (decision 028).
  server.addHook('preParsing', (req, reply, payload, done) => {
    const access = req.routeOptions.config.access;
    try {
      if (access === 'superuser') requireSuperuser(req);
      else if (access === 'auth') requireAuth(req);
    } catch (err) {
      refuseUnread(req, reply);
      return done(err as Error);
    }
    done(null, payload);
  });
}

/** `/api/admin/*`: the back office. One superuser guard for every route the modules add here. */
export async function bindAdminGroup(
  server: FastifyInstance,
  bind: (group: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await server.register(
    async (group) => {
      group.addHook('preParsing', async (req, reply, payload) => {
        try {
          requireSuperuser(req);
        } catch (err) {
          refuseUnread(req, reply);
          throw err;
        }
        return payload;
      });
      await bind(group);
    },
    { prefix: '/api/admin' },
  );
}
