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
  server.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === 'superuser') requireSuperuser(req);
    else if (access === 'auth') requireAuth(req);
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
