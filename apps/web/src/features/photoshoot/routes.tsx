import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { importWithReload } from '../../lib/chunk-reload';

/**
 * The photoshoot flow's routes under the signed-in layout `parent`. Every page is a lazy chunk, so
 * none of the flow's code weighs on the landing page (a stale chunk after a deploy reloads once);
 * each page checks the photoshoot's status itself and sends the visitor to the step the lifecycle
 * allows (see `lifecycle.ts`).
 */
export function photoshootRoutes(parent: AnyRoute): AnyRoute[] {
  const page = (path: string, load: () => Promise<{ default: ComponentType }>) =>
    createRoute({
      getParentRoute: () => parent,
      path,
      component: lazyRouteComponent(importWithReload(load)),
    }) as unknown as AnyRoute;

  return [
    page('/photoshoot/$id/upload', () => import('./pages/upload-page')),
    page('/photoshoot/$id/styles', () => import('./pages/styles-page')),
    page('/photoshoot/$id/payment', () => import('./pages/payment-page')),
    page('/photoshoot/$id/payment-return', () => import('./pages/payment-return-page')),
    page('/photoshoot/$id/processing', () => import('./pages/processing-page')),
    page('/photoshoot/$id/results', () => import('./pages/results-page')),
    page('/photoshoot/$id/review', () => import('./pages/review-page')),
    page('/sandbox/checkout/$paymentId', () => import('./pages/sandbox-checkout-page')),
  ];
}
