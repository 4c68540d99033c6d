import { lazyPage } from '../lib/lazy-page';
import { appLayout, authLayout, bareLayout, publicLayout, rootRoute } from '../lib/layout-routes';
import { AuthLayout } from './auth-layout';
import { BareLayout } from './bare-layout';
import { FramedErrorPage, FramedNotFoundPage } from './error-frames';
import { PublicLayout } from './public-layout';

/**
 * The frames of the layout routes (`lib/layout-routes.ts`), attached here before the router is
 * made: the routes themselves sit below `app/` so that each area's `routes.tsx` can name its
 * parent without importing the app.
 */
rootRoute.update({ notFoundComponent: FramedNotFoundPage, errorComponent: FramedErrorPage });
publicLayout.update({ component: PublicLayout });
authLayout.update({ component: AuthLayout });
bareLayout.update({ component: BareLayout });
appLayout.update({ component: lazyPage(() => import('./default-layout').then((m) => m.DefaultLayout)) });

export { appLayout, authLayout, bareLayout, publicLayout, rootRoute };
