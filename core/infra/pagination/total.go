package pagination

import (
	"context"

	"github.com/uptrace/bun"
)

// Probe is how many rows to fetch for the page: one more than the limit, so the page tells
// whether more rows follow. Show at most Limit of them.
func (p Page) Probe() int { return p.Limit + 1 }

// KnownTotal reports the total that n rows fetched with Probe already prove: no row beyond the
// page (n ≤ Limit) on the first page or a page with rows ends the list, so the total is the
// offset plus n. Lists use it to skip the count query in the common case of a search with few
// matches.
func (p Page) KnownTotal(n int) (int, bool) {
	if n <= p.Limit && (n > 0 || p.Offset() == 0) {
		return p.Offset() + n, true
	}
	return 0, false
}

// Total is the list's total for n rows fetched with Probe: proven by the page when it can be,
// otherwise asked of count. Callers then show at most Limit rows (Trim).
func (p Page) Total(n int, count func() (int64, error)) (int, error) {
	if t, ok := p.KnownTotal(n); ok {
		return t, nil
	}
	c, err := count()
	return int(c), err
}

// Trim cuts rows fetched with Probe to the page.
func Trim[T any](rows []T, p Page) []T { return rows[:min(len(rows), p.Limit)] }

// TrimTotal takes rows fetched with Probe and returns the page (Trim) and the list's total
// (Total: proven by the rows when it can be, otherwise asked of count).
func TrimTotal[T any](rows []T, p Page, count func() (int64, error)) ([]T, int, error) {
	total, err := p.Total(len(rows), count)
	if err != nil {
		return nil, 0, err
	}
	return Trim(rows, p), total, nil
}

// ScanSearch scans one page of a search plus one probe row into rows (q's model) and returns
// the total: a search's page usually proves it (no row beyond it), otherwise q is counted.
func ScanSearch[T any](ctx context.Context, q *bun.SelectQuery, rows *[]T, p Page) (int, error) {
	if err := q.Limit(int64(p.Probe())).Scan(ctx); err != nil {
		return 0, err
	}
	var total int
	var err error
	*rows, total, err = TrimTotal(*rows, p, func() (int64, error) { return q.Count(ctx) })
	return total, err
}
