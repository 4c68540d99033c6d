/**
 * The back office's pages, each its own lazy chunk. They are imported from here, itself a lazy
 * chunk, rather than from routes.tsx: every dynamic import carries a list of the chunks it needs,
 * and those lists would otherwise weigh on the landing page's bundle.
 */
export const screens = {
  overview: () => import('./overview/overview-page'),
  photoshoots: () => import('./photoshoots/photoshoots-page'),
  photoshoot: () => import('./photoshoots/photoshoot-page'),
  review: () => import('./review/review-page'),
  results: () => import('./results/results-page'),
  settings: () => import('./settings/settings-page'),
  styles: () => import('./styles/styles-page'),
  originals: () => import('./originals/originals-page'),
  users: () => import('./users/users-page'),
  user: () => import('./users/user-page'),
  payments: () => import('./payments/payments-page'),
  coupons: () => import('./coupons/coupons-page'),
  contactMessages: () => import('./contact/contact-messages-page'),
};

export type Screens = typeof screens;
