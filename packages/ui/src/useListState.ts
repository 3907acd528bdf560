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
 * `alsoClear` lists parameters removed whenever the search changes (search1 clears search2).
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

/** The page sizes a list offers (rows per page); the first is the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListParamsDefaults {
  /** Default sort key and direction (left out of the URL while in effect). */
  sort?: string;
  dir?: 'asc' | 'desc';
  /** Filters by URL parameter name, with their default values (left out of the URL). */
  filters?: Record<string, string>;
}

/**
 * A list's state in the URL (docs/guide.md, "Lists keep their state"): page, size (rows per page),
 * sort and dir, and the list's filters, each left out while at its default. A reload or the Back
 * button brings the same list back. Changing a filter, the sort or the size goes back to page 1;
 * each change is its own history entry (Back undoes it). The search box is `useUrlSearch`, which
 * also drops the page.
 */
export function useListParams(defaults: ListParamsDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const int = (name: string, fallback: number) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  const sizeRaw = int('size', PAGE_SIZES[0]);
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : PAGE_SIZES[0];
  const page = int('page', 1);
  const sort = params.get('sort') || defaults.sort || '';
  const dirRaw = params.get('dir');
  const dir: 'asc' | 'desc' = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : (defaults.dir ?? 'desc');

  const update = (change: Record<string, string | number | null>, keepPage = false) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(change)) {
        if (v === null) next.delete(k);
        else next.set(k, String(v));
      }
      if (!keepPage) next.delete('page');
      return next;
    });

  const filter = (name: string) => params.get(name) ?? defaults.filters?.[name] ?? '';
  return {
    page,
    size,
    sort,
    dir,
    filter,
    setPage: (p: number) => update({ page: p > 1 ? p : null }, true),
    setSize: (n: number) => update({ size: n === PAGE_SIZES[0] ? null : n }),
    setSort: (key: string, d: 'asc' | 'desc') =>
      update({ sort: key === defaults.sort ? null : key, dir: key === defaults.sort && d === (defaults.dir ?? 'desc') ? null : d }),
    // A filter at its default leaves the URL; any other value (an empty "All" too) is kept.
    setFilter: (name: string, value: string) => update({ [name]: value === (defaults.filters?.[name] ?? '') ? null : value }),
  };
}
