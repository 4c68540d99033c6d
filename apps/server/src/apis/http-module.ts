/**
 * A product module as the HTTP layer sees it: the core parts (`AppModule`) plus its routes. The
 * module's `index.ts` builds this object; its handlers live in `modules/<area>/http/`.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import type { AppModule } from '../core/module.js';
import type { CspSources } from './web-security-headers.js';

export type RouteBinder = (server: FastifyInstance, app: App) => void | Promise<void>;

export type HttpModule = AppModule & {
  /** Routes at their full path; declare who may call with `config: { access }` (route-access.ts). */
  readonly routes?: RouteBinder;
  /** Routes under `/api/admin`, all behind the one superuser guard; paths are relative to it. */
  readonly adminRoutes?: RouteBinder;
  /** Hosts the web app's pages may load from for this module, under the live settings (CSP). */
  readonly cspSources?: (app: App) => CspSources;
};

export function isHttpModule(module: AppModule): module is HttpModule {
  const m = module as HttpModule;
  return (
    typeof m.routes === 'function' ||
    typeof m.adminRoutes === 'function' ||
    typeof m.cspSources === 'function'
  );
}
