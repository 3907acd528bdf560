import { errorMessage } from '@prelaunch/api';
import { Fragment, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { MISSING_CELL_TEXT, NO_DATA_TEXT, type Column } from './DataTable';

/**
 * DESIGN §16 "Phones" and "Honest states": the one list component of both apps. It is a table
 * where the table fits its box and a grid of cards (one per row: title, status, amount, the other
 * fields, the actions) where it does not: always below 768 px, and wherever the measured table is
 * wider than the space it has (an admin list beside the sidebar at 768-1199 px, say). While
 * loading it shows placeholders, a failed load shows the error with a Retry button, and an empty
 * list says what to do next.
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
  /** A heading above the list. */
  title?: ReactNode;
  columns: ResponsiveColumn<Row>[];
  rows?: Row[] | null;
  rowKey?: (row: Row, index: number) => string | number;
  loading?: boolean;
  /** What the loading placeholder announces to a screen reader. */
  loadingText?: string;
  /** The failed load; shown with a Retry button instead of the rows. */
  error?: unknown;
  errorFallback?: string;
  onRetry?: () => void;
  /** What an empty list says (with what to do next). */
  emptyText?: ReactNode;
  /** The accessible name of the table's scroll region and of the card list. */
  label?: string;
  /**
   * A row's expanded details (e.g. a change's before and after), or null while it is folded: a
   * full-width line under the row in a table, the card's last part on a card. The row's own
   * toggle (a column's button) decides which rows are open.
   */
  detail?: (row: Row, index: number) => ReactNode;
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
export function ListPlaceholder({ rows = 4, text = 'Loading...' }: { rows?: number; text?: string }) {
  return (
    <div className="placeholder-glow py-2" aria-busy="true">
      <span className="visually-hidden" role="status">
        {text}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="mb-3" aria-hidden="true">
          <span className="placeholder col-12 rounded" style={{ height: '1.6rem' }} />
        </div>
      ))}
    </div>
  );
}

/**
 * Whether the list shows cards: below 768 px always; above it when the table, as last measured,
 * was wider than its box. The box's width is watched (ResizeObserver); when it grows to the width
 * the table needed, the table is tried again and measured before it is painted, and when it shrinks
 * below a table that fitted (a window made narrower), the list turns to cards.
 */
function useCards(phone: boolean) {
  const box = useRef<HTMLDivElement>(null);
  // The table's width when it did not fit; null while the table fits (or was never measured).
  const [needs, setNeeds] = useState<number | null>(null);
  const cards = phone || needs !== null;

  // After every render as a table (new rows, columns or widths): does it fit its box? It runs
  // before paint, so no flash; it sets state only when the table overflows, after which it is cards.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately after every render
  useLayoutEffect(() => {
    if (cards) return;
    const scroller = box.current?.querySelector<HTMLElement>('.table-responsive');
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) setNeeds(scroller.scrollWidth);
  });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || phone || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (needs !== null) {
        if (el.clientWidth >= needs) setNeeds(null);
        return;
      }
      // A table that fitted and no longer does (a window made narrower, a tablet turned): cards.
      const scroller = el.querySelector<HTMLElement>('.table-responsive');
      if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) setNeeds(scroller.scrollWidth);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [needs, phone]);

  return { box, cards };
}

export function ResponsiveTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText,
  error,
  errorFallback = 'Failed to load',
  onRetry,
  emptyText,
  label,
  detail,
}: ResponsiveTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const { box, cards } = useCards(phone);
  const list = Array.isArray(rows) ? rows : [];
  const keyOf = (row: Row, i: number) =>
    rowKey ? rowKey(row, i) : ((row as { id?: string | number } | null)?.id ?? i);
  const name = label ?? (typeof title === 'string' ? title : undefined);

  let content: ReactNode;
  if (loading) content = <ListPlaceholder text={loadingText} />;
  else if (error) content = <LoadError error={error} fallback={errorFallback} onRetry={onRetry} />;
  else if (!cards) {
    // The SPEC §2 table; its scroll box is a focusable region so a keyboard can scroll it.
    content = (
      <div className="table-responsive" tabIndex={0} role="region" aria-label={name ?? 'Table'}>
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
              list.map((row, i) => {
                const more = detail?.(row, i);
                return (
                  <Fragment key={keyOf(row, i)}>
                    <tr>
                      {columns.map((c) => (
                        <td key={c.key} className={c.className}>
                          {cell(c, row, i)}
                        </td>
                      ))}
                    </tr>
                    {more ? (
                      <tr className="pl-row-detail">
                        <td colSpan={columns.length}>{more}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </Table>
      </div>
    );
  } else if (list.length === 0) {
    content = <div className="text-center text-body-secondary py-4">{emptyText ?? NO_DATA_TEXT}</div>;
  } else {
    const pick = (role: CardRole) => columns.filter((c) => c.card === role);
    const fields = columns.filter((c) => !c.card || c.card === 'field');
    const labelOf = (c: ResponsiveColumn<Row>) => c.cardLabel ?? (typeof c.header === 'string' ? c.header : c.key);
    content = (
      <ul className="list-unstyled mb-0 pl-cards" aria-label={name}>
        {list.map((row, i) => (
          <li key={keyOf(row, i)} className="card pl-row-card">
            <div className="card-body p-3">
              {pick('title').length || pick('status').length || pick('amount').length ? (
                <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
                  <div className="fw-semibold text-break min-w-0">
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
              ) : null}
              <dl className="small mb-0">
                {fields.map((c, n) => (
                  <div key={c.key} className={`d-flex justify-content-between gap-2 py-1${n > 0 || pick('title').length ? ' border-top' : ''}`}>
                    <dt className="fw-normal text-body-secondary">{labelOf(c)}</dt>
                    <dd className="mb-0 text-end text-break">{cell(c, row, i)}</dd>
                  </div>
                ))}
              </dl>
              {pick('actions').map((c) => (
                <div key={c.key} className="mt-2 pt-2 border-top d-flex flex-wrap gap-2">
                  {cell(c, row, i)}
                </div>
              ))}
              {detail?.(row, i) ? <div className="mt-2 pt-2 border-top pl-card-detail">{detail(row, i)}</div> : null}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div ref={box} className="pl-datatable pl-list" data-mode={cards ? 'cards' : 'table'}>
      {title ? <h2 className="h5 mb-3">{title}</h2> : null}
      {content}
    </div>
  );
}
