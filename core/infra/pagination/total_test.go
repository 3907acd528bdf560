package pagination

import "testing"

func TestKnownTotal(t *testing.T) {
	if p := (Page{Page: 2, Limit: 10}); p.Probe() != 11 {
		t.Fatalf("probe %d", p.Probe())
	}
	for _, c := range []struct {
		page, limit, n, total int
		ok                    bool
	}{
		{1, 10, 0, 0, true},   // nothing at all
		{1, 10, 4, 4, true},   // a short first page
		{1, 10, 10, 10, true}, // exactly one full page: the probe row is missing
		{3, 10, 4, 24, true},  // a short later page
		{1, 10, 11, 0, false}, // the probe row came back: more follow
		{3, 10, 0, 0, false},  // past the end: the total is unknown (≤ 20)
	} {
		got, ok := Page{Page: c.page, Limit: c.limit}.KnownTotal(c.n)
		if got != c.total || ok != c.ok {
			t.Errorf("page %d limit %d n %d: got %d %v, want %d %v", c.page, c.limit, c.n, got, ok, c.total, c.ok)
		}
	}
}
