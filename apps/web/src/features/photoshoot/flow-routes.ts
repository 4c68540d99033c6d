import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import type { pages } from './pages';

/**
 * The flow's step routes under a flow's layout route: the individual flow (`routes.tsx`) and a
 * team member's (`teams/routes.tsx`) mount the same pages, each under its own base path.
 */
export const flowPage = lazyPages(() => import('./pages'));

/** `?payment=` names the payment whose outcome the payment and return pages show. */
const paymentSearch = (s: Record<string, unknown>): { payment?: string } => ({
  payment: typeof s.payment === 'string' && s.payment ? s.payment : undefined,
});

function step<TParent extends AnyRoute, TPath extends string>(
  parent: TParent,
  path: TPath,
  name: keyof typeof pages,
) {
  return createRoute({ getParentRoute: () => parent, path, component: flowPage(name) });
}

/** The steps every flow has: upload, styles, then processing and the results. */
export function flowSteps<TParent extends AnyRoute>(flow: TParent) {
  return [
    step(flow, 'upload', 'upload'),
    step(flow, 'styles', 'styles'),
    step(flow, 'processing', 'processing'),
    step(flow, 'results', 'results'),
  ] as const;
}

/** The steps of a flow the customer pays for: checkout and its return, and the review of results. */
export function paidFlowSteps<TParent extends AnyRoute>(flow: TParent) {
  const paymentStep = <TPath extends string>(path: TPath, name: 'payment' | 'paymentReturn') =>
    createRoute({
      getParentRoute: () => flow,
      path,
      validateSearch: paymentSearch,
      component: flowPage(name),
    });
  return [
    paymentStep('payment', 'payment'),
    paymentStep('payment-return', 'paymentReturn'),
    step(flow, 'review', 'review'),
  ] as const;
}
