import type { ReactNode } from 'react';
import { Pagination } from './Pagination';
import { PAGE_SIZES } from './useListState';

/**
 * The chrome around every list of both apps: a search box, filter selects, the card that holds
 * title, tools and table (admin lists), and Pagination (./Pagination).
 */

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The accessible name (visually hidden). */
  label?: string;
  id?: string;
  className?: string;
}

export function SearchBox({
  value,
  onChange,
  placeholder = 'Search',
  label = 'Search',
  id = 'pl-search-input',
  className = 'pl-search',
}: SearchBoxProps) {
  return (
    <div className={className}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export interface FilterOption {
  value: string | number;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string | number;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  /** With an id the label is shown above the select; without, it is the select's aria-label. */
  id?: string;
}

/** A list filter (status, page size). */
export function FilterSelect({ label, value, options, onChange, id }: FilterSelectProps) {
  const select = (
    <select
      id={id}
      className={id ? 'form-select' : 'form-select w-auto'}
      aria-label={id ? undefined : label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.label} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  if (!id) return select;
  return (
    <>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      {select}
    </>
  );
}

/** The white card that wraps a page's list: header row (title, filters, actions), table, pagination. */
export function ListCard({ title, tools, children }: { title: ReactNode; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="card border-0 shadow-sm">
      <div className="card-body">
        <div className="pl-list-tools d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{title}</h2>
          {tools}
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * Under a list: how many rows a page holds (10, 25, 50 or 100) and the pages. The size select
 * shows whenever there are rows, the pager only beyond one page.
 */
export function ListPager({
  page,
  pageCount,
  onPageChange,
  size,
  onSizeChange,
  total,
  id = 'pl-page-size',
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  size: number;
  onSizeChange: (size: number) => void;
  /** The rows in the whole list, when known (hides the size select for an empty list). */
  total?: number;
  id?: string;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-end gap-2 mt-3">
      {total === undefined || total > 0 ? (
        <div className="d-flex align-items-center gap-2 me-auto small">
          <label htmlFor={id} className="text-body-secondary text-nowrap">
            Rows per page
          </label>
          <select id={id} className="form-select form-select-sm w-auto" value={size} onChange={(e) => onSizeChange(Number(e.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Pagination compact className="" page={page} pageCount={pageCount} onPageChange={onPageChange} />
    </div>
  );
}
