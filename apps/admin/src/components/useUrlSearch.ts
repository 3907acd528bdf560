import { useDebounce } from '@prelaunch/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search box value that is debounced (1000 ms) into a query parameter, e.g. ?search=.
 * `alsoClear` lists parameters removed whenever the search changes (SPEC §2: search1 clears search2).
 * Returns the live input value, its setter and the committed (debounced) term used for fetching.
 */
export function useUrlSearch(param: string, alsoClear: string[] = []) {
  const [params, setParams] = useSearchParams();
  const committed = params.get(param) ?? '';
  const [input, setInput] = useState(committed);
  const debounced = useDebounce(input);

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
