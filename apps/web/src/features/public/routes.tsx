import { createRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { publicLayout } from '../../lib/layout-routes';
import { CrashPage } from '../errors/error-page';
import { HomePage } from './home-page';

/** The public pages (public layout). Only the landing page is in the first bundle. */
const page = lazyPages(() => import('./pages'));

const homeRoute = createRoute({ getParentRoute: () => publicLayout, path: '/', component: HomePage });
const contactRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/contact',
  component: page('contact'),
});
const privacyRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/privacy',
  component: page('privacy'),
});
const termsRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/terms-of-service',
  component: page('terms'),
});
const teamsInfoRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/teams-info',
  component: page('teamsInfo'),
});
// A page that always throws: shows the error page on demand (the end-to-end tests use it). Harmless.
const crashRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/__crash',
  component: CrashPage,
});

export const publicRoutes = [homeRoute, contactRoute, privacyRoute, termsRoute, teamsInfoRoute, crashRoute];
