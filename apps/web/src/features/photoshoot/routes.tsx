import { createRoute } from '@tanstack/react-router';
import { appLayout } from '../../lib/layout-routes';
import { IndividualFlowLayout } from './flow-layouts';
import { flowPages } from './flow-pages';

/** A customer's own photoshoot flow, `/photoshoot/{id}/…`, inside the signed-in layout. */
const individualFlowRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/photoshoot/$id',
  component: IndividualFlowLayout,
});

/** `?payment=` names the payment whose outcome the payment and return pages show. */
const paymentSearch = (s: Record<string, unknown>): { payment?: string } => ({
  payment: typeof s.payment === 'string' && s.payment ? s.payment : undefined,
});

const uploadRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'upload',
  component: flowPages.upload,
});
const stylesRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'styles',
  component: flowPages.styles,
});
const paymentRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'payment',
  validateSearch: paymentSearch,
  component: flowPages.payment,
});
const paymentReturnRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'payment-return',
  validateSearch: paymentSearch,
  component: flowPages.paymentReturn,
});

const processingRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'processing',
  component: flowPages.processing,
});
const resultsRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'results',
  component: flowPages.results,
});
const reviewRoute = createRoute({
  getParentRoute: () => individualFlowRoute,
  path: 'review',
  component: flowPages.review,
});

const sandboxCheckoutRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/sandbox/checkout/$paymentId',
  component: flowPages.sandboxCheckout,
});

export const photoshootRoutes = [
  individualFlowRoute.addChildren([
    uploadRoute,
    stylesRoute,
    paymentRoute,
    paymentReturnRoute,
    processingRoute,
    resultsRoute,
    reviewRoute,
  ]),
  sandboxCheckoutRoute,
];
