/**
 * Roots of the query keys: everything a company admin sees lives under `admin`, everything a super
 * admin sees under `super`. Each feature's api builds its keys on these, so "refetch everything
 * this admin sees" (after every admin mutation) is one invalidation of a root.
 */
export const adminRoot = ['admin'] as const;
export const superRoot = ['super'] as const;
