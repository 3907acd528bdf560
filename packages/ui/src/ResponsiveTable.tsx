import { errorMessage } from '@prelaunch/api';
import { useSyncExternalStore, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { MISSING_CELL_TEXT, NO_DATA_TEXT, type Column } from './DataTable';

/**
 * DESIGN §16 "Phones" and "Honest states": one list that is a table from 768 px and a stack of
 * cards below it, with placeholders while loading, the error and a Retry button when the load
 * failed, and an empty state that says what to do next.
 */

/** Where a column goes on a phone card. */
export type CardRole = 'title' | 'status' | 'amount' | 'actions' | 'hidden' | 'field';

export interface ResponsiveColumn<Row> extends Column<Row> {
  /** Phone card placement; a plain label/value line when not set. */
  card?: CardRole;
  /** The label on the card when the header is not plain text. */
  cardLabel?: string;
}

export interface ResponsiveTableProps<Row> {
  columns: ResponsiveColumn<Row>[];
  rows?: Row[] | null;
  rowKey?: (row: Row, index: number) => string | number;
  loading?: boolean;
  /** The failed load; shown with a Retry button instead of the rows. */
  error?: unknown;
  errorFallback?: string;
  onRetry?: () => void;
  /** What an empty list says (with what to do next). */
  emptyText?: ReactNode;
  /** An accessible name of the card list on phones. */
  label?: string;
}

export const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(query: string) {
  return (onChange: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
    const mql = window.matchMedia(query);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  };
}

/** Whether a media query matches now (false where matchMedia is missing, e.g. tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function cell<Row>(c: Column<Row>, row: Row, i: number): ReactNode {
  const value = c.render ? c.render(row, i) : (row as Record<string, unknown> | null)?.[c.key];
  return isMissing(value) ? MISSING_CELL_TEXT : (value as ReactNode);
}

/** The failed-load state: the message(s) and a Retry button. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mb-0" role="alert">
      <span className="me-auto">{errorMessage(error, fallback).join(' ')}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

/** Grey bars in place of rows while the list loads (never a zero or an empty message). */
export function ListPlaceholder({ rows = 4 }: { rows?: number }) {
  return (
    <div className="placeholder-glow py-2" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading...
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="mb-3" aria-hidden="true">
          <span className="placeholder col-12 rounded" style={{ height: '1.6rem' }} />
        </div>
      ))}
    </div>
  );
}

export function ResponsiveTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  errorFallback = 'Failed to load',
  onRetry,
  emptyText,
  label,
}: ResponsiveTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (loading) return <ListPlaceholder />;
  if (error) return <LoadError error={error} fallback={errorFallback} onRetry={onRetry} />;
  const list = Array.isArray(rows) ? rows : [];
  const keyOf = (row: Row, i: number) =>
    rowKey ? rowKey(row, i) : ((row as { id?: string | number } | null)?.id ?? i);
  if (!phone) {
    // The SPEC §2 table; its scroll box is a focusable region so a keyboard can scroll it.
    return (
      <div className="pl-datatable">
        <div className="table-responsive" tabIndex={0} role="region" aria-label={label ?? 'Table'}>
          <Table hover className="align-middle mb-0">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.className}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="text-center text-body-secondary py-4 text-wrap">
                    {emptyText ?? NO_DATA_TEXT}
                  </td>
                </tr>
              ) : (
                list.map((row, i) => (
                  <tr key={keyOf(row, i)}>
                    {columns.map((c) => (
                      <td key={c.key} className={c.className}>
                        {cell(c, row, i)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      </div>
    );
  }

  if (list.length === 0) return <p className="text-center text-body-secondary py-4 mb-0">{emptyText ?? NO_DATA_TEXT}</p>;
  const pick = (role: CardRole) => columns.filter((c) => c.card === role);
  const fields = columns.filter((c) => !c.card || c.card === 'field');
  const labelOf = (c: ResponsiveColumn<Row>) => c.cardLabel ?? (typeof c.header === 'string' ? c.header : c.key);

  return (
    <ul className="list-unstyled mb-0 pl-cards" aria-label={label}>
      {list.map((row, i) => (
        <li key={keyOf(row, i)} className="card mb-2 pl-row-card">
          <div className="card-body p-3">
            <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
              <div className="fw-semibold text-break">
                {pick('title').map((c) => (
                  <div key={c.key}>{cell(c, row, i)}</div>
                ))}
              </div>
              <div className="text-end flex-shrink-0">
                {pick('status').map((c) => (
                  <div key={c.key}>{cell(c, row, i)}</div>
                ))}
                {pick('amount').map((c) => (
                  <div key={c.key} className="fw-bold">
                    <span className="visually-hidden">{labelOf(c)}: </span>
                    {cell(c, row, i)}
                  </div>
                ))}
              </div>
            </div>
            <dl className="row small mb-0 g-0">
              {fields.map((c) => (
                <div key={c.key} className="col-12 d-flex justify-content-between gap-2 py-1 border-top">
                  <dt className="fw-normal text-body-secondary">{labelOf(c)}</dt>
                  <dd className="mb-0 text-end text-break">{cell(c, row, i)}</dd>
                </div>
              ))}
            </dl>
            {pick('actions').map((c) => (
              <div key={c.key} className="mt-2 pt-2 border-top">
                {cell(c, row, i)}
              </div>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
