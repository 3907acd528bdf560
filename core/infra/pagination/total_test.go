package pagination

import (
	"errors"
	"testing"
)

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

func TestTrimTotalCutsToThePageAndCountsOnlyPastIt(t *testing.T) {
	p := Page{Page: 1, Limit: 3}
	counted := 0
	count := func() (int64, error) { counted++; return 40, nil }
	rows, total, err := TrimTotal([]int{1, 2}, p, count)
	if err != nil || len(rows) != 2 || total != 2 || counted != 0 {
		t.Fatalf("a short page: %v %d %v counted=%d", rows, total, err, counted)
	}
	rows, total, err = TrimTotal([]int{1, 2, 3, 4}, p, count)
	if err != nil || len(rows) != 3 || rows[2] != 3 || total != 40 || counted != 1 {
		t.Fatalf("the probe row came back: %v %d %v counted=%d", rows, total, err, counted)
	}
	failed := errors.New("count failed")
	if _, _, err := TrimTotal([]int{1, 2, 3, 4}, p, func() (int64, error) { return 0, failed }); !errors.Is(err, failed) {
		t.Fatalf("the count's error is returned: %v", err)
	}
}
