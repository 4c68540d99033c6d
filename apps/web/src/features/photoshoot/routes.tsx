import { createRoute } from '@tanstack/react-router';
import { appLayout } from '../../lib/layout-routes';
import { IndividualFlowLayout } from './flow-layouts';
import { flowPage, flowSteps, paidFlowSteps } from './flow-routes';

/** A customer's own photoshoot flow, `/photoshoot/{id}/…`, inside the signed-in layout. */
const individualFlowRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/photoshoot/$id',
  component: IndividualFlowLayout,
});

const sandboxCheckoutRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/sandbox/checkout/$paymentId',
  component: flowPage('sandboxCheckout'),
});

export const photoshootRoutes = [
  individualFlowRoute.addChildren([
    ...flowSteps(individualFlowRoute, 'id'),
    ...paidFlowSteps(individualFlowRoute, 'id'),
  ]),
  sandboxCheckoutRoute,
];
