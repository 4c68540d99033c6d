import { useEffect } from 'react';

/** Sets the document title as "<page> — Photoshoot" (the home page passes its full title). */
export function useTitle(title: string, full = false): void {
  useEffect(() => {
    document.title = full ? title : `${title} — Photoshoot`;
  }, [title, full]);
}
