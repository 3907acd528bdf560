import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { siteKeys, siteQueryOptions } from './api/site';

/**
 * A suspended company's buyer site answers every call with 423. The app's client
 * reports each 423 here (markSuspended), so every screen knows at once, without waiting for
 * site/get; site/get's `suspended` says the same from the start. No axios here: the login page
 * uses this.
 */
let flaggedAt = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** A call answered 423. */
export function markSuspended() {
  if (flaggedAt) return;
  flaggedAt = Date.now();
  emit();
}

/** Forget a 423 (the site has since said it is not suspended; and between tests). */
export function clearSuspended() {
  if (!flaggedAt) return;
  flaggedAt = 0;
  emit();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** Whether the sale is suspended: site/get says so, or a call answered 423 since. */
export function useSaleSuspended(): boolean {
  const site = useQuery(siteQueryOptions());
  const at = useSyncExternalStore(subscribe, () => flaggedAt);
  return site.data?.suspended === true || at > 0;
}

/**
 * After a 423 the site settings are fetched again (once, by the one notice on the page); when they
 * answer `suspended: false` (the company has been reactivated) the 423 is forgotten.
 */
export function useRecheckAfterSuspension() {
  const site = useQuery(siteQueryOptions());
  const at = useSyncExternalStore(subscribe, () => flaggedAt);
  const qc = useQueryClient();
  const fresh = site.data !== undefined && site.dataUpdatedAt > at;
  useEffect(() => {
    if (at && !fresh) void qc.invalidateQueries({ queryKey: siteKeys.all });
  }, [at, fresh, qc]);
  useEffect(() => {
    if (at && fresh && site.data?.suspended === false) clearSuspended();
  }, [at, fresh, site.data?.suspended]);
}
