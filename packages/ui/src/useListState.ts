import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounce } from './useDebounce';

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

/**
 * A search box value that is debounced (1000 ms) into a query parameter, e.g. ?search=.
 * `alsoClear` lists parameters removed whenever the search changes (SPEC §2: search1 clears search2).
 * Returns the live input value, its setter and the committed (debounced) term used for fetching.
 */
export function useUrlSearch(param: string, alsoClear: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const committed = params.get(param) ?? '';
  const [input, setInput] = useState(committed);
  const debounced = useDebounce(input);

  // Runs when the debounced input settles, not when the URL changes (back/forward keeps its term).
  useEffect(() => {
    const term = debounced.trim();
    if (term === committed) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (term) next.set(param, term);
        else next.delete(param);
        for (const p of alsoClear) next.delete(p);
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return { input, setInput, term: committed };
}
