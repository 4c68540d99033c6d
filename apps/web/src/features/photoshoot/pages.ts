/**
 * The flow's pages, each its own lazy chunk. The individual and team flow routes both mount these
 * (`flow-routes.ts`); each page checks the photoshoot's status itself and sends the visitor to the
 * step the lifecycle allows (`lifecycle.ts`).
 */
export const pages = {
  upload: () => import('./pages/upload-page').then((m) => m.default),
  styles: () => import('./pages/styles-page').then((m) => m.default),
  payment: () => import('./pages/payment-page').then((m) => m.default),
  paymentReturn: () => import('./pages/payment-return-page').then((m) => m.default),
  processing: () => import('./pages/processing-page').then((m) => m.default),
  results: () => import('./pages/results-page').then((m) => m.default),
  review: () => import('./pages/review-page').then((m) => m.default),
  sandboxCheckout: () => import('./pages/sandbox-checkout-page').then((m) => m.default),
};
