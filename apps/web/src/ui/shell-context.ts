import { createContext, useContext } from 'react';

/**
 * Whether a page is already inside a layout's frame. The error and not-found pages can show up at
 * the root (no frame yet) or inside a layout's outlet; they add the public frame only in the first
 * case, so there is never a second header.
 */
export const InShellContext = createContext(false);

export function useInShell(): boolean {
  return useContext(InShellContext);
}
