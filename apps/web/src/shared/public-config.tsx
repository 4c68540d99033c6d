/**
 * The public settings (GET /api/public/config) for any page, and the photoshoot limits the flow
 * states. They come from the server's live settings: an operator's change shows without a release.
 */
import type { ReactNode } from 'react';
import { loadShared, useLoad } from '../lib/use-load';
import { Alert, LoadingBlock } from '../ui';
import { fetchPublicConfig } from './public-catalog-api';
import type { PublicConfig } from './records';

export type PhotoshootLimits = PublicConfig['photoshoots'];

// note: useLoad, not TanStack Query: the landing page reads it too and must not carry Query.
export const usePublicConfig = () => useLoad('public-config', fetchPublicConfig);

/** The same answer outside React (one request for the page and the integrations). */
export const loadPublicConfig = () => loadShared('public-config', fetchPublicConfig);

/** Renders its children with the limits once known; a spinner before, an alert if they failed. */
export function WithLimits({ children }: { children: (limits: PhotoshootLimits) => ReactNode }) {
  const config = usePublicConfig();
  if (config.isPending) return <LoadingBlock />;
  if (config.isError)
    return <Alert tone="error">The photoshoot settings could not be loaded. Please reload the page.</Alert>;
  return <>{children(config.data.photoshoots)}</>;
}
