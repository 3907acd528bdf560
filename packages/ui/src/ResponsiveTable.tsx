import { errorMessage } from '@prelaunch/api';
import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

/**
 * The one list component of both apps (docs/accessibility.md, "Lists"). It is a table from 768 px
 * up, whatever the table's width (a wide table scrolls inside its own focusable box; it never turns
 * into cards at a desk), and a card per row below 768 px (title, status, amount, the other fields,
 * the actions). While loading it shows placeholders, a failed load shows the error with a Retry
 * button, and an empty list says what to do next. Rows can be selected (a checkbox per row and one
 * for the page) for bulk work, and columns can be sortable (the caller keeps the order, e.g. in
 * the URL, and fetches the rows in it).
 */

export const NO_DATA_TEXT = 'No data available.';
export const MISSING_CELL_TEXT = 'N/A';

export type SortDir = 'asc' | 'desc';

export interface Column<Row> {
  /** Stable key; also the row property read when no render function is given. */
  key: string;
  header: ReactNode;
  render?: (row: Row, index: number) => ReactNode;
  className?: string;
  /** The sort key this column's header sets (see `sort`); not sortable without it. */
  sortKey?: string;
}

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
  /**
   * Row selection for bulk work: the selected rows' keys (rowKey), the new set on every change,
   * and each row's name for its checkbox ("Select PUR-1"). Rows `selectable` refuses get no box.
   */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (next: Set<string>) => void;
    rowLabel: (row: Row) => string;
    selectable?: (row: Row) => boolean;
  };
  /** The order on screen, and what a sortable header (a column's sortKey) asks for. */
  sort?: { key: string; dir: SortDir; onChange: (key: string, dir: SortDir) => void };
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

/** The failed-load state: the message(s) and a Retry button (solid: an outline button on the red alert fails contrast). */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mb-0" role="alert">
      <span className="me-auto">{errorMessage(error, fallback).join(' ')}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm btn-danger" onClick={onRetry}>
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
  selection,
  sort,
}: ResponsiveTableProps<Row>) {
  const cards = useMediaQuery(PHONE_QUERY);
  const list = Array.isArray(rows) ? rows : [];
  const keyOf = (row: Row, i: number) =>
    rowKey ? rowKey(row, i) : ((row as { id?: string | number } | null)?.id ?? i);
  const name = label ?? (typeof title === 'string' ? title : undefined);

  // Selection: a checkbox column first; the header's box selects or clears the page's rows.
  const canSelect = (row: Row) => (selection?.selectable ? selection.selectable(row) : true);
  const pageKeys = selection ? list.filter(canSelect).map((r, i) => String(keyOf(r, i))) : [];
  const allOn = pageKeys.length > 0 && pageKeys.every((k) => selection?.selected.has(k));
  const someOn = pageKeys.some((k) => selection?.selected.has(k));
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const k of pageKeys) {
      if (allOn) next.delete(k);
      else next.add(k);
    }
    selection.onChange(next);
  };
  const toggle = (k: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(k)) next.delete(k);
    else next.add(k);
    selection.onChange(next);
  };
  const rowBox = (row: Row, i: number) => {
    if (!selection || !canSelect(row)) return null;
    const k = String(keyOf(row, i));
    return (
      <input
        type="checkbox"
        className="form-check-input pl-select"
        aria-label={`Select ${selection.rowLabel(row)}`}
        checked={selection.selected.has(k)}
        onChange={() => toggle(k)}
      />
    );
  };
  const allBox = selection ? (
    <input
      type="checkbox"
      className="form-check-input pl-select"
      aria-label="Select all on this page"
      checked={allOn}
      ref={(el) => {
        if (el) el.indeterminate = someOn && !allOn;
      }}
      disabled={pageKeys.length === 0}
      onChange={toggleAll}
    />
  ) : null;
  const head = (c: Column<Row>) => {
    if (!sort || !c.sortKey) return c.header;
    const on = sort.key === c.sortKey;
    const next: SortDir = on && sort.dir === 'desc' ? 'asc' : on ? 'desc' : c.sortKey === 'name' ? 'asc' : 'desc';
    return (
      <button type="button" className="btn btn-link p-0 pl-sort text-reset fw-semibold text-decoration-none" onClick={() => sort.onChange(c.sortKey!, next)}>
        {c.header}
        <span aria-hidden="true">{on ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    );
  };
  const ariaSort = (c: Column<Row>) =>
    sort && c.sortKey ? (sort.key === c.sortKey ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined;
  const span = columns.length + (selection ? 1 : 0);
  // The actions column stays in view at the right edge while a wide table scrolls.
  const colClass = (c: ResponsiveColumn<Row>) => [c.className, c.card === 'actions' ? 'pl-col-sticky' : ''].filter(Boolean).join(' ') || undefined;

  let content: ReactNode;
  if (loading) content = <ListPlaceholder text={loadingText} />;
  else if (error) content = <LoadError error={error} fallback={errorFallback} onRetry={onRetry} />;
  else if (!cards) {
    // The table; its scroll box is a focusable region so a keyboard can scroll it.
    content = (
      <div className="table-responsive" tabIndex={0} role="region" aria-label={name ?? 'Table'}>
        <Table hover className="align-middle mb-0">
          <thead>
            <tr>
              {selection ? (
                <th scope="col" className="pl-col-select">
                  {allBox}
                </th>
              ) : null}
              {columns.map((c) => (
                <th key={c.key} scope="col" className={colClass(c)} aria-sort={ariaSort(c)}>
                  {head(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.length === 0 ? (
              <tr>
                <td colSpan={span} className="text-center text-body-secondary py-4 text-wrap">
                  {emptyText ?? NO_DATA_TEXT}
                </td>
              </tr>
            ) : (
              list.map((row, i) => {
                const more = detail?.(row, i);
                return (
                  <Fragment key={keyOf(row, i)}>
                    <tr>
                      {selection ? <td className="pl-col-select">{rowBox(row, i)}</td> : null}
                      {columns.map((c) => (
                        <td key={c.key} className={colClass(c)}>
                          {cell(c, row, i)}
                        </td>
                      ))}
                    </tr>
                    {more ? (
                      <tr className="pl-row-detail">
                        <td colSpan={span}>{more}</td>
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
      <>
      {selection && pageKeys.length > 0 ? (
        <label className="d-flex align-items-center gap-2 small mb-2">
          {allBox} Select all on this page
        </label>
      ) : null}
      <ul className="list-unstyled mb-0 pl-cards" aria-label={name}>
        {list.map((row, i) => (
          <li key={keyOf(row, i)} className="card pl-row-card">
            <div className="card-body p-3">
              {selection || pick('title').length || pick('status').length || pick('amount').length ? (
                <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
                  <div className="fw-semibold text-break min-w-0 d-flex gap-2 align-items-start">
                    {rowBox(row, i)}
                    <div className="min-w-0">
                    {pick('title').map((c) => (
                      <div key={c.key}>{cell(c, row, i)}</div>
                    ))}
                    </div>
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
      </>
    );
  }

  return (
    <div className="pl-datatable pl-list" data-mode={cards ? 'cards' : 'table'}>
      {title ? <h2 className="h5 mb-3">{title}</h2> : null}
      {content}
    </div>
  );
}
