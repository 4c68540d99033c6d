import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createAppRouter } from './router';

/**
 * The landing page as HTML, rendered at build time into `dist/home.html`, so a phone paints the
 * hero before any script has loaded. The app then hydrates it (`start-app.tsx`): the first client
 * render must produce this very markup, so everything that differs on the client (the signed-in
 * header, the catalogue, the year) switches after hydration.
 */
export async function renderHome(): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }), { isServer: true });
  await router.load();
  // note: the router's scroll-restoration snippet is an inline script, which the CSP would block;
  // the client restores scrolling itself, and renders nothing in that place when hydrating.
  return renderToString(<RouterProvider router={router} />).replace(
    /<script\b[^>]*>[\s\S]*?<\/script>/gi,
    '',
  );
}
