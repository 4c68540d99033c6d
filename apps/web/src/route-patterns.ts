import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from './router';

/**
 * The path patterns of every page route (`/teams/$id`), read from the route tree itself so the
 * list can never drift from the router. The build writes them to `dist/routes.json`; the server
 * answers 404 for paths that match none (while still showing the app's own 404 page).
 */
export function routePatterns(): string[] {
  const router = createAppRouter(createMemoryHistory());
  const paths = new Set<string>();
  for (const fullPath of Object.keys(router.routesByPath)) {
    paths.add(fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath);
  }
  return [...paths].sort();
}
