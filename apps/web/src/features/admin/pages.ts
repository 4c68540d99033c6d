/** The back office's pages and its layout, each its own lazy chunk. */
export const pages = {
  layout: () => import('./admin-layout').then((m) => m.AdminLayout),
  login: () => import('./admin-login-page').then((m) => m.AdminLoginPage),
  overview: () => import('./overview/overview-page').then((m) => m.OverviewPage),
  photoshoots: () => import('./photoshoots/photoshoots-page').then((m) => m.PhotoshootsPage),
  photoshoot: () => import('./photoshoots/photoshoot-page').then((m) => m.PhotoshootPage),
  review: () => import('./review/review-page').then((m) => m.ReviewPage),
  results: () => import('./results/results-page').then((m) => m.ResultsPage),
  settings: () => import('./settings/settings-page').then((m) => m.SettingsPage),
  styles: () => import('./styles/styles-page').then((m) => m.StylesPage),
  originals: () => import('./originals/originals-page').then((m) => m.OriginalsPage),
  users: () => import('./users/users-page').then((m) => m.UsersPage),
  user: () => import('./users/user-page').then((m) => m.UserPage),
  payments: () => import('./payments/payments-page').then((m) => m.PaymentsPage),
  coupons: () => import('./coupons/coupons-page').then((m) => m.CouponsPage),
  contactMessages: () => import('./contact/contact-messages-page').then((m) => m.ContactMessagesPage),
};
