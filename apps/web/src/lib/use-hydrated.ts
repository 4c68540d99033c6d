import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the landing page is prerendered and while the app hydrates that markup, true from
 * then on (and at once on pages rendered from scratch). Whatever the build could not know (the
 * visitor, today's date) renders only once this is true, so hydration meets the markup it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
