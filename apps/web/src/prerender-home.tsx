import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createAppRouter } from './router';

/**
 * The landing page as HTML, rendered at build time into `dist/home.html`, so a phone paints the
 * hero before any script has loaded. The app then renders over it (same markup, signed-in state
 * and catalogue filled in).
 */
export async function renderHome(): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
