import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * A list page's search box: the typed text, and `commit` with the trimmed text once typing has
 * settled (300 ms) and differs from `current`, the search the URL holds.
 */
export function useSearchText(current: string, commit: (q: string) => void): [string, (q: string) => void] {
  const [q, setQ] = useState(current);
  const [debouncedQ] = useDebouncedValue(q, 300);
  useEffect(() => {
    if (debouncedQ.trim() !== current) commit(debouncedQ.trim());
    // note: only a settled change of the typed text moves the URL.
  }, [debouncedQ]);
  return [q, setQ];
}
