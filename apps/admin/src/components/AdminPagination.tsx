import { Pagination } from '@prelaunch/ui';

export interface AdminPaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** SPEC §2/§9 admin lists: Prev and Next, 3 page links, 1 margin page. */
export function AdminPagination({ page, pageCount, onPageChange }: AdminPaginationProps) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      pageRangeDisplayed={3}
      marginPagesDisplayed={1}
      size="sm"
      className="d-flex justify-content-end mt-3"
    />
  );
}
