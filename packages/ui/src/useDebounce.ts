import { useEffect, useState } from 'react';

/** Search debounce 1000 ms. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** The value, once it has stopped changing for `delay` ms. */
export function useDebounce<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
