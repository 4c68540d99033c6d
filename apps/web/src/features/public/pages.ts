/** Public pages other than the landing page, each its own lazy chunk. */
export const pages = {
  contact: () => import('./contact-page').then((m) => m.ContactPage),
  privacy: () => import('./legal-pages').then((m) => m.PrivacyPage),
  terms: () => import('./legal-pages').then((m) => m.TermsPage),
  teamsInfo: () => import('./teams-info-page').then((m) => m.TeamsInfoPage),
};
