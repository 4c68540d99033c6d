import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { importWithReload } from '../../lib/chunk-reload';

/**
 * The flow's pages, each a lazy chunk (none weighs on the landing page; a stale chunk after a
 * deploy reloads once). The individual and team flow routes both point at these components; each
 * page checks the photoshoot's status itself and sends the visitor to the step the lifecycle
 * allows (`lifecycle.ts`).
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazyRouteComponent(importWithReload(load));

export const flowPages = {
  upload: page(() => import('./pages/upload-page')),
  styles: page(() => import('./pages/styles-page')),
  payment: page(() => import('./pages/payment-page')),
  paymentReturn: page(() => import('./pages/payment-return-page')),
  processing: page(() => import('./pages/processing-page')),
  results: page(() => import('./pages/results-page')),
  review: page(() => import('./pages/review-page')),
  sandboxCheckout: page(() => import('./pages/sandbox-checkout-page')),
};
