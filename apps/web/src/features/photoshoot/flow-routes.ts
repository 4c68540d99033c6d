import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { lazyLoaders } from '../../lib/lazy-loaders';
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

/** The path param naming the photoshoot: `$id` in the individual flow, `$photoshootId` in a team's. */
type PhotoshootParam = 'id' | 'photoshootId';

/**
 * The step's loader, keyed by the photoshoot in the path (see `flow-loaders.ts`). The loaders and
 * the data layer they read are a lazy chunk, like the pages: none of it is in the landing bundle.
 */
const flowLoader = lazyLoaders(() => import('./flow-loaders').then((m) => m.flowLoaders));

const loaderOf =
  (name: keyof typeof pages, param: PhotoshootParam) =>
  ({ params }: { params: Record<string, string> }) =>
    flowLoader(name)(params[param] ?? '');

function step<TParent extends AnyRoute, TPath extends string>(
  parent: TParent,
  path: TPath,
  name: keyof typeof pages,
  param: PhotoshootParam,
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    loader: loaderOf(name, param),
    component: flowPage(name),
  });
}

/** The steps every flow has: upload, styles, then processing and the results. */
export function flowSteps<TParent extends AnyRoute>(flow: TParent, param: PhotoshootParam) {
  return [
    step(flow, 'upload', 'upload', param),
    step(flow, 'styles', 'styles', param),
    step(flow, 'processing', 'processing', param),
    step(flow, 'results', 'results', param),
  ] as const;
}

/** The steps of a flow the customer pays for: checkout and its return, and the review of results. */
export function paidFlowSteps<TParent extends AnyRoute>(flow: TParent, param: PhotoshootParam) {
  const paymentStep = <TPath extends string>(path: TPath, name: 'payment' | 'paymentReturn') =>
    createRoute({
      getParentRoute: () => flow,
      path,
      validateSearch: paymentSearch,
      loader: loaderOf(name, param),
      component: flowPage(name),
    });
  return [
    paymentStep('payment', 'payment'),
    paymentStep('payment-return', 'paymentReturn'),
    step(flow, 'review', 'review', param),
  ] as const;
}
