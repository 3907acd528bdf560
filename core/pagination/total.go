package pagination

// KnownTotal reports the total that a page of n rows already proves: a page that is not full
// (and is the first page, or has rows) ends the list, so the total is its offset plus n. Lists
// use it to skip the count query in the common case of a search with few matches.
func (p Page) KnownTotal(n int) (int, bool) {
	if n < p.Limit && (n > 0 || p.Offset() == 0) {
		return p.Offset() + n, true
	}
	return 0, false
}
