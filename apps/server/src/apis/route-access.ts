/**
 * Who may call a route, declared with the route (`config: { access: 'superuser' }`) and checked by
 * one hook, so no handler writes its own guard. Runs where the handler's check used to: after the
 * body is parsed, before the handler.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireSuperuser } from './guards.js';

export type RouteAccess = 'auth' | 'superuser';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function bindRouteAccess(server: FastifyInstance): void {
  // note: a callback, not async: it runs on every request and never waits (decision 028).
  server.addHook('preHandler', (req, _reply, done) => {
    const access = req.routeOptions.config.access;
    try {
      if (access === 'superuser') requireSuperuser(req);
      else if (access === 'auth') requireAuth(req);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/** `/api/admin/*`: the back office. One superuser guard for every route the modules add here. */
export async function bindAdminGroup(
  server: FastifyInstance,
  bind: (group: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await server.register(
    async (group) => {
      group.addHook('preHandler', async (req) => {
        requireSuperuser(req);
      });
      await bind(group);
    },
    { prefix: '/api/admin' },
  );
}
