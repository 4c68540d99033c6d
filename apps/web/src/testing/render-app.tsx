import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '../router';

/** Renders the whole app (real router, real pages) at `url`, in memory. */
export function renderApp(url: string) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(history);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, history };
}
