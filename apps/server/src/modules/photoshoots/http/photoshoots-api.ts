/** Binds the photoshoots module's endpoints: the public config, and a photoshoot's quote and checkout. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { bindPhotoshootCheckoutApi } from './photoshoot-checkout.js';
import { bindPublicConfigApi } from './public-config.js';

export function bindPhotoshootsApi(server: FastifyInstance, app: App): void {
  bindPublicConfigApi(server, app);
  bindPhotoshootCheckoutApi(server, app);
}
