import {
  ADMIN_FALLBACK,
  ADMIN_PAGE_SIZE,
  type MatchStatus,
  type ReconcileApproveResult,
  type ReconcileGetQuery,
  type ReconcileImport,
  type ReconcileListQuery,
} from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const reconcileKeys = {
  all: [...adminRoot, 'reconcile'] as const,
  list: (q: ReconcileListQuery) => [...adminRoot, 'reconcile', 'list', q] as const,
  imports: () => [...adminRoot, 'reconcile', 'import'] as const,
  detail: (q: ReconcileGetQuery) => [...adminRoot, 'reconcile', 'import', q] as const,
};

/** GET /api/v1/admin/reconcile/list: the company's imports, newest first. */
export const importsQueryOptions = (q: ReconcileListQuery) =>
  queryOptions({
    queryKey: reconcileKeys.list(q),
    queryFn: () => api.reconcileList({ limit: ADMIN_PAGE_SIZE, ...q }),
    placeholderData: keepPreviousData,
  });

/** GET /api/v1/admin/reconcile/get: one import and a page of its lines (optionally of one status). */
export const importQueryOptions = (q: ReconcileGetQuery) =>
  queryOptions({
    queryKey: reconcileKeys.detail(q),
    queryFn: () => api.reconcileGet({ limit: ADMIN_PAGE_SIZE, ...q }),
    // Another page or status of the same import keeps its rows on screen; another import does not.
    placeholderData: (prev) => (prev?.data.import.id === q.id ? prev : undefined),
  });

/** The match statuses in the order of then UNREADABLE, with their labels. */
export const MATCH_STATUSES: ReadonlyArray<{
  value: MatchStatus;
  label: string;
  count: 'matched' | 'amountMismatch' | 'decided' | 'notFound' | 'noUtr' | 'repeated' | 'unreadable';
}> = [
  { value: 'MATCHED', label: 'Matched', count: 'matched' },
  { value: 'AMOUNT_MISMATCH', label: 'Amount mismatch', count: 'amountMismatch' },
  { value: 'DECIDED', label: 'Decided', count: 'decided' },
  { value: 'NOT_FOUND', label: 'Not found', count: 'notFound' },
  { value: 'NO_UTR', label: 'No UTR', count: 'noUtr' },
  { value: 'REPEATED', label: 'Repeated', count: 'repeated' },
  { value: 'UNREADABLE', label: 'Unreadable', count: 'unreadable' },
];

export function isMatchStatus(v: string | null | undefined): v is MatchStatus {
  return MATCH_STATUSES.some((s) => s.value === v);
}

/** "Approved 3, skipped 1" (the result of "Approve N matched"). */
export function approveResultText(r: ReconcileApproveResult): string {
  return `Approved ${r.approved}, skipped ${r.skipped}`;
}

// An approval changes purchases, the dashboard and the import's counts: refetch everything.
const refetch = [adminRoot];

/** POST /api/v1/admin/reconcile/approve {id}. */
export const useApproveMatched = (o?: AdminMutationOptions<{ data: ReconcileApproveResult; message: string | string[] }>) =>
  useAdminMutation((id: string) => api.reconcileApprove(id), ADMIN_FALLBACK.reconcileApprove, refetch, o);

/** How far back "Open the earlier import" looks: this many pages of 100 imports. */
const FIND_PAGES = 10;

/**
 * The 409 on a repeated file names the earlier import ("This statement was already imported on
 * 2 Jan 2026 at 15:04 IST as “april.csv”.") but not its id: find it in the history by its name and,
 * when several imports share the name, by the minute it was made (IST).
 */
export function earlierImportOf(message: string): { fileName: string; when: string } | null {
  const m = /already imported on (.+?) as “(.+)”\.?$/s.exec(message.trim());
  return m ? { when: m[1], fileName: m[2] } : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The server's wording of an import's time (Go's "2 Jan 2006 at 15:04 IST"). */
export function istMinute(iso: string): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const d = new Date(t + IST_OFFSET_MS);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} at ${hh}:${mm} IST`;
}

export async function findEarlierImport(ref: { fileName: string; when: string }): Promise<ReconcileImport | null> {
  let byName: ReconcileImport | null = null;
  for (let page = 1; page <= FIND_PAGES; page++) {
    const { data } = await api.reconcileList({ page, limit: 100 });
    for (const r of data.records) {
      if (r.fileName !== ref.fileName) continue;
      if (istMinute(r.createdAt) === ref.when) return r;
      byName ??= r;
    }
    if (page >= data.lastPage) break;
  }
  return byName;
}
