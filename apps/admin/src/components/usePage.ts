import { useState } from 'react';

/** A 1-based page that resets to 1 whenever `key` (search, filters) changes. */
export function usePage(key: string) {
  const [page, setPage] = useState(1);
  const [lastKey, setLastKey] = useState(key);
  if (lastKey !== key) {
    setLastKey(key);
    setPage(1);
  }
  return [lastKey !== key ? 1 : page, setPage] as const;
}
