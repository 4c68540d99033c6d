import { useCallback, useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms`; `flush` takes the current value at once. */
export function useDebouncedValue<T>(value: T, ms: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
