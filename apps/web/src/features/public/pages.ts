// Public pages other than the landing page, one lazy chunk.
export { ContactPage } from './contact-page';
export { PrivacyPage, TermsPage } from './legal-pages';
export { TeamsInfoPage } from './teams-info-page';
