import ReactPaginateModule from 'react-paginate';

// react-paginate ships CommonJS; in the production bundle the default import is the module object.
const ReactPaginate: typeof ReactPaginateModule =
  (ReactPaginateModule as unknown as { default?: typeof ReactPaginateModule }).default ?? ReactPaginateModule;

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** SPEC §9 user history: 2 margin pages, 3 around the current one. */
  marginPagesDisplayed?: number;
  pageRangeDisplayed?: number;
  previousLabel?: string;
  nextLabel?: string;
  /** Renders nothing for a single page unless set (SPEC §2: pagination only beyond one page). */
  showSinglePage?: boolean;
  className?: string;
  /** 'sm' for the denser admin tables. */
  size?: 'sm';
  /** The admin lists' pager (SPEC §9): 3 page links, 1 margin page, small, right-aligned. */
  compact?: boolean;
}

/** Bootstrap-styled pagination over react-paginate. */
export function Pagination({ compact = false, ...props }: PaginationProps) {
  const {
    page,
    pageCount,
    onPageChange,
    marginPagesDisplayed = compact ? 1 : 2,
    pageRangeDisplayed = 3,
    previousLabel = 'Prev',
    nextLabel = 'Next',
    showSinglePage = false,
    className = compact ? 'd-flex justify-content-end mt-3' : undefined,
    size = compact ? 'sm' : undefined,
  } = props;
  if (pageCount <= 1 && !showSinglePage) return null;
  return (
    // react-paginate renders its own role="navigation" aria-label="Pagination" list.
    <div className={className}>
      <ReactPaginate
        pageCount={Math.max(pageCount, 1)}
        forcePage={Math.min(Math.max(page, 1), Math.max(pageCount, 1)) - 1}
        onPageChange={({ selected }) => onPageChange(selected + 1)}
        marginPagesDisplayed={marginPagesDisplayed}
        pageRangeDisplayed={pageRangeDisplayed}
        previousLabel={previousLabel}
        nextLabel={nextLabel}
        breakLabel="…"
        containerClassName={`pagination ${size === 'sm' ? 'pagination-sm ' : ''}flex-wrap mb-0`}
        pageClassName="page-item"
        pageLinkClassName="page-link"
        previousClassName="page-item"
        previousLinkClassName="page-link"
        nextClassName="page-item"
        nextLinkClassName="page-link"
        breakClassName="page-item"
        breakLinkClassName="page-link"
        activeClassName="active"
        disabledClassName="disabled"
        renderOnZeroPageCount={null}
      />
    </div>
  );
}
