import ReactPaginateModule from 'react-paginate';

// react-paginate ships CommonJS; in the production bundle the default import is the module object.
const ReactPaginate: typeof ReactPaginateModule =
  (ReactPaginateModule as unknown as { default?: typeof ReactPaginateModule }).default ?? ReactPaginateModule;

export interface AdminPaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** SPEC §2/§9 admin lists: Prev and Next, 3 page links, 1 margin page. */
export function AdminPagination({ page, pageCount, onPageChange }: AdminPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="d-flex justify-content-end mt-3">
      <ReactPaginate
        pageCount={pageCount}
        forcePage={Math.min(Math.max(page, 1), pageCount) - 1}
        onPageChange={({ selected }) => onPageChange(selected + 1)}
        pageRangeDisplayed={3}
        marginPagesDisplayed={1}
        previousLabel="Prev"
        nextLabel="Next"
        breakLabel="…"
        containerClassName="pagination pagination-sm flex-wrap mb-0"
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
      />
    </nav>
  );
}
