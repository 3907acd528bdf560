import { ADMIN_FALLBACK, ADMIN_PAGE_SIZE, type AuditList, type AuditRecord, type ApiResult } from '@prelaunch/api';
import {
  DateRange,
  FilterSelect,
  formatIst,
  JsonDiff,
  ListCard,
  Pagination,
  ResponsiveTable,
  useErrorToast,
  usePage,
  type ResponsiveColumn,
} from '@prelaunch/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { actionLabel, fieldLabel, recordActionLabel, roleLabel, targetText } from '../actions';

export interface ActivityFilters {
  action: string;
  actor: { id: string; name: string } | null;
  from: string;
  to: string;
  companyId: string;
}

export const NO_FILTERS: ActivityFilters = { action: '', actor: null, from: '', to: '', companyId: '' };

/** The query a page of activity is fetched with: the filters that are set, the page. */
export function activityQuery(f: ActivityFilters, page: number) {
  return {
    page,
    limit: ADMIN_PAGE_SIZE,
    action: f.action || undefined,
    actorId: f.actor?.id,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

/** An email that, when it must wrap, wraps before its @ rather than inside a word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Why the dates cannot be asked for (the server refuses a start after the end), or undefined. */
export function rangeProblem(from: string, to: string): string | undefined {
  return from && to && from > to ? 'The start date is after the end date.' : undefined;
}

export interface ActivityListProps {
  filters: ActivityFilters;
  onFilters: (f: ActivityFilters) => void;
  page: number;
  onPage: (page: number) => void;
  list: UseQueryResult<ApiResult<AuditList>>;
  /** The action names the server offers for the filter. */
  actions: string[];
  /** The super admin's company filter; with it the list has a Company column. */
  companyFilter?: ReactNode;
}

/**
 * Activity: who did what to what, when (IST) and from where, newest first; each
 * record's before and after one click away; filters by action, person, dates (and company).
 */
export function ActivityList({ filters, onFilters, page, onPage, list, actions, companyFilter }: ActivityListProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  useErrorToast(list.error, ADMIN_FALLBACK.audit);
  const data = list.data?.data;
  const set = (patch: Partial<ActivityFilters>) => onFilters({ ...filters, ...patch });
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtered = filters.action || filters.actor || filters.from || filters.to || filters.companyId;
  const badRange = rangeProblem(filters.from, filters.to);

  const columns: ResponsiveColumn<AuditRecord>[] = [
    {
      key: 'action',
      header: 'Action',
      card: 'title',
      className: 'text-wrap pl-col-action',
      render: (r) => (
        <span data-action={r.action}>{recordActionLabel(r)}</span>
      ),
    },
    {
      key: 'at',
      header: 'When',
      className: 'text-wrap pl-col-when',
      render: (r) => {
        // "25/11/2026, 02:17:05 pm IST": the day over the time, so the column stays narrow.
        const [day, time] = formatIst(r.at).split(', ');
        return (
          <span className="d-inline-block">
            <span className="text-nowrap">{day}</span> <span className="text-nowrap small text-body-secondary">{time}</span>
          </span>
        );
      },
    },
    {
      key: 'actor',
      header: 'By',
      className: 'text-wrap pl-col-actor',
      render: (r) => (
        <div className="pl-actor">
          {r.actor.id ? (
            <button
              type="button"
              className="btn btn-link p-0 text-start fw-semibold"
              title="Show only this person's activity"
              onClick={() => set({ actor: { id: r.actor.id as string, name: r.actor.name || r.actor.email } })}
            >
              {r.actor.name || r.actor.email}
            </button>
          ) : (
            <span className="fw-semibold">{r.actor.name || roleLabel(r.actor.role)}</span>
          )}
          {r.actor.id ? <span className="badge text-bg-light border ms-1">{roleLabel(r.actor.role)}</span> : null}
          {r.actor.email && r.actor.name ? <div className="small text-body-secondary text-break">{breakableEmail(r.actor.email)}</div> : null}
        </div>
      ),
    },
    {
      key: 'target',
      header: 'Target',
      className: 'text-wrap pl-col-target',
      render: (r) => {
        const t = targetText(r);
        return (
          <span className="d-inline-block">
            <span className="small text-body-secondary">{t.kind}</span> <span className="text-break">{t.name}</span>
            {t.detail ? <span className="d-block small text-body-secondary text-break">{breakableEmail(t.detail)}</span> : null}
          </span>
        );
      },
    },
    ...(companyFilter
      ? [
          {
            key: 'company',
            header: 'Company',
            className: 'text-wrap pl-col-company',
            render: (r: AuditRecord) => {
              // A super admin's own actions carry no company; the server names the company of the rest.
              return r.companyName ?? '—';
            },
          },
        ]
      : []),
    { key: 'ip', header: 'IP', render: (r) => <span className="font-monospace small">{r.ip || '—'}</span> },
    {
      key: 'changes',
      header: <span className="visually-hidden">Changes</span>,
      cardLabel: 'Changes',
      card: 'actions',
      render: (r) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary text-nowrap"
          aria-expanded={open.has(r.id)}
          aria-controls={`activity-${r.id}`}
          onClick={() => toggle(r.id)}
        >
          {open.has(r.id) ? 'Hide changes' : 'Show changes'}
        </button>
      ),
    },
  ];

  return (
    <ListCard
      title={`Activity: ${data ? data.total : '…'}`}
      tools={
        <>
          {companyFilter ?? null}
          <FilterSelect
            label="Action"
            value={filters.action}
            options={[{ value: '', label: 'All actions' }, ...actions.map((a) => ({ value: a, label: actionLabel(a) }))]}
            onChange={(action) => set({ action })}
          />
          <DateRange id="activity-range" from={filters.from} to={filters.to} onChange={(r) => set(r)} />
        </>
      }
    >
      {filters.actor || filtered ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3 small">
          {filters.actor ? (
            <span className="badge rounded-pill text-bg-primary d-inline-flex align-items-center gap-1 fs-6 fw-normal">
              By {filters.actor.name}
              <button
                type="button"
                className="btn-close btn-close-white ms-1"
                style={{ fontSize: '0.6rem' }}
                aria-label={`Show everyone's activity, not only ${filters.actor.name}'s`}
                onClick={() => set({ actor: null })}
              />
            </span>
          ) : null}
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onFilters(NO_FILTERS)}>
            Clear filters
          </button>
        </div>
      ) : null}
      {badRange ? (
        <div className="alert alert-warning py-2" role="alert">
          {badRange}
        </div>
      ) : (
        <>
          <ResponsiveTable
            label="Activity"
            columns={columns}
            rows={data?.records}
            loading={list.isPending}
            error={list.isError ? list.error : undefined}
            errorFallback={ADMIN_FALLBACK.audit}
            onRetry={() => void list.refetch()}
            emptyText={
              filtered
                ? 'No activity matches these filters. Clear them to see everything.'
                : 'No activity yet. Every change an admin makes is recorded here.'
            }
            detail={(r) =>
              open.has(r.id) ? (
                <div id={`activity-${r.id}`}>
                  <JsonDiff before={r.before} after={r.after} label={`Changes: ${recordActionLabel(r)}`} fieldLabel={fieldLabel} />
                </div>
              ) : null
            }
          />
          <Pagination compact page={page} pageCount={data?.lastPage ?? 1} onPageChange={onPage} label="Activity pages" />
        </>
      )}
    </ListCard>
  );
}

/** A page number that returns to 1 whenever the filters change. */
export function useActivityPage(f: ActivityFilters) {
  return usePage(`${f.action}|${f.actor?.id ?? ''}|${f.from}|${f.to}|${f.companyId}`);
}
