export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** User history: 2 margin pages, 3 around the current one. */
  marginPagesDisplayed?: number;
  pageRangeDisplayed?: number;
  previousLabel?: string;
  nextLabel?: string;
  /** Renders nothing for a single page unless set (pagination only beyond one page). */
  showSinglePage?: boolean;
  className?: string;
  /** 'sm' for the denser admin tables. */
  size?: 'sm';
  /** The admin lists' pager: 3 page links, 1 margin page, small, right-aligned. */
  compact?: boolean;
  /** The navigation's accessible name, to tell two pagers on one screen apart. */
  label?: string;
}

export type PageItem = { page: number } | { gap: 'back' | 'forward'; jumpTo: number };

/**
 * Which page links to show (1-based): `margin` pages at each end, `range` pages around the current
 * one, and a gap (…) for each run left out; a gap that would hide a single page shows that page.
 */
export function pageItems(pageCount: number, current: number, range: number, margin: number): PageItem[] {
  const selected = current - 1;
  if (pageCount <= range) return Array.from({ length: pageCount }, (_, i) => ({ page: i + 1 }));
  let left = range / 2;
  let right = range - left;
  if (selected > pageCount - range / 2) {
    right = pageCount - selected;
    left = range - right;
  } else if (selected < range / 2) {
    left = selected;
    right = range - left;
  }
  const adjustedRight = selected === 0 && range > 1 ? right - 1 : right;
  const raw: ({ page: number } | { gapAt: number })[] = [];
  for (let index = 0; index < pageCount; index++) {
    const page = index + 1;
    const shown =
      page <= margin || page > pageCount - margin || (index >= selected - left && index <= selected + adjustedRight);
    if (shown) raw.push({ page });
    else if (raw.length > 0 && !('gapAt' in raw[raw.length - 1])) raw.push({ gapAt: index });
  }
  return raw.map((item, i) => {
    if ('page' in item) return item;
    const before = raw[i - 1];
    const after = raw[i + 1];
    if (before && 'page' in before && after && 'page' in after && after.page - before.page <= 2) return { page: item.gapAt + 1 };
    const back = item.gapAt < selected;
    const jumpTo = back ? Math.max(1, current - range) : Math.min(pageCount, current + range);
    return { gap: back ? 'back' : 'forward', jumpTo };
  });
}

/** Bootstrap pagination: Prev, the page links of pageItems, Next. */
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
    label = 'Pagination',
  } = props;
  if (pageCount <= 1 && !showSinglePage) return null;
  const count = Math.max(pageCount, 1);
  const current = Math.min(Math.max(page, 1), count);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= count) onPageChange(p);
  };
  return (
    <nav className={className} aria-label={label}>
      <ul className={`pagination ${size === 'sm' ? 'pagination-sm ' : ''}flex-wrap mb-0`}>
        <li className={`page-item ${current === 1 ? 'disabled' : ''}`}>
          <button type="button" className="page-link" disabled={current === 1} onClick={() => go(current - 1)}>
            {previousLabel}
          </button>
        </li>
        {pageItems(count, current, pageRangeDisplayed, marginPagesDisplayed).map((item) =>
          'page' in item ? (
            <li key={item.page} className={`page-item ${item.page === current ? 'active' : ''}`}>
              <button
                type="button"
                className="page-link"
                aria-label={item.page === current ? `Page ${item.page} is your current page` : `Page ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => go(item.page)}
              >
                {item.page}
              </button>
            </li>
          ) : (
            <li key={`gap-${item.gap}`} className="page-item">
              <button
                type="button"
                className="page-link"
                aria-label={item.gap === 'back' ? 'Jump backward' : 'Jump forward'}
                onClick={() => go(item.jumpTo)}
              >
                …
              </button>
            </li>
          ),
        )}
        <li className={`page-item ${current === count ? 'disabled' : ''}`}>
          <button type="button" className="page-link" disabled={current === count} onClick={() => go(current + 1)}>
            {nextLabel}
          </button>
        </li>
      </ul>
    </nav>
  );
}
