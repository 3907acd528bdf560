package pagination

import (
	"strings"
	"testing"
	"unicode/utf8"

	"prelaunch/core/infra/apperr"
)

func TestParseDefaultsAndBounds(t *testing.T) {
	p, err := Parse("", "", 10)
	if err != nil || p.Page != 1 || p.Limit != 10 || p.Offset() != 0 {
		t.Fatalf("defaults: %+v %v", p, err)
	}
	p, err = Parse("3", "25", 10)
	if err != nil || p.Offset() != 50 {
		t.Fatalf("offset: %+v %v", p, err)
	}
	for _, bad := range [][2]string{{"0", "10"}, {"-1", ""}, {"x", ""}, {"1", "101"}, {"1", "0"}, {"1", "1e3"}, {"99999999999999999999", ""}} {
		if _, err := Parse(bad[0], bad[1], 10); !apperr.Is(err, apperr.KindInvalid) {
			t.Errorf("%v: want 422, got %v", bad, err)
		}
	}
}

func TestNewListLastPage(t *testing.T) {
	l := NewList([]int(nil), 0, Page{Page: 1, Limit: 10})
	if l.LastPage != 1 || l.Records == nil {
		t.Fatalf("empty list: %+v", l)
	}
	if l := NewList([]int{1}, 21, Page{Page: 1, Limit: 10}); l.LastPage != 3 {
		t.Fatalf("lastPage %d", l.LastPage)
	}
}

func TestSearchPatternEscapesAndCutsOnRuneBoundaries(t *testing.T) {
	cases := map[string]string{
		"":            "",
		"   ":         "",
		" Asha ":      "%asha%",
		`50%_off\x`:   `%50\%\_off\\x%`,
		"O'Brien; --": "%o'brien; --%",
	}
	for in, want := range cases {
		if got := SearchPattern(in); got != want {
			t.Errorf("SearchPattern(%q) = %q, want %q", in, got, want)
		}
	}
	long := strings.Repeat("é", 80) // 160 bytes; byte 100 falls inside a character
	got := SearchPattern(long)
	if !utf8.ValidString(got) || len(got) > MaxSearchBytes+2 {
		t.Fatalf("cut search %q is not valid UTF-8 or too long", got)
	}
}

func TestTotalCountsOnlyWhenThePageCannotProveIt(t *testing.T) {
	p := Page{Page: 1, Limit: 10}
	counted := 0
	count := func() (int64, error) { counted++; return 57, nil }
	if n, err := p.Total(4, count); err != nil || n != 4 || counted != 0 {
		t.Fatalf("a short first page proves its total: %d %v counted=%d", n, err, counted)
	}
	if n, err := p.Total(11, count); err != nil || n != 57 || counted != 1 {
		t.Fatalf("a full page with a row beyond must count: %d %v", n, err)
	}
	if n, _ := (Page{Page: 3, Limit: 10}).Total(0, count); n != 57 || counted != 2 {
		t.Fatal("an empty later page proves nothing")
	}
	if got := Trim([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, p); len(got) != 10 {
		t.Fatalf("trim: %d", len(got))
	}
}

func TestParseSort(t *testing.T) {
	cases := []struct {
		key, dir string
		want     Sort
		bad      bool
	}{
		{"", "", Sort{"date", true}, false},
		{"date", "asc", Sort{"date", false}, false},
		{"name", "", Sort{"name", false}, false},
		{"amount", "DESC", Sort{"amount", true}, false},
		{"price", "", Sort{}, true},
		{"name", "up", Sort{}, true},
	}
	for _, c := range cases {
		got, err := ParseSort(c.key, c.dir, "date", "name", "amount")
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("ParseSort(%q, %q) = %+v, %v", c.key, c.dir, got, err)
		}
	}
}

func TestMatchProbesWithTheLongestDigitRun(t *testing.T) {
	cases := []struct {
		search, sql string
		args        []any
	}{
		{"", "", nil},
		{" Asha ", "t LIKE ?", []any{"%asha%"}},
		{"4242", "t LIKE ?", []any{"%4242%"}},           // the run is the whole term
		{"reddy 424", "t LIKE ?", []any{"%reddy 424%"}}, // too short a run
		{"reddy 4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "reddy 4242"}}, // a space before: the run alone
		{"User4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%r4242%", "user4242"}},    // the letter before the run
		{"USER4242@SCALE", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%r4242%", "user4242@scale"}},
		{"r4242", "t LIKE ?", []any{"%r4242%"}},                                      // the probe is the whole term
		{" R4242 ", "t LIKE ?", []any{"%r4242%"}},                                    // the same, trimmed and lower-cased
		{"r424", "t LIKE ?", []any{"%r424%"}},                                        // too short a run: no probe
		{"ab12cd", "t LIKE ?", []any{"%ab12cd%"}},                                    // too short a run
		{"4242user", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "4242user"}}, // a letter after only
		{"x1234y567890", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%y567890%", "x1234y567890"}},
		{"a1234b5678", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%a1234%", "a1234b5678"}}, // the first longest run
		{"Reddy 12 4242x99", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "reddy 12 4242x99"}},
		{"50%_off 12345", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%12345%", "50%_off 12345"}},
		{"user%4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "user%4242"}}, // a metacharacter before: the run alone
		{"user_4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "user_4242"}},
		{`user\4242`, "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", `user\4242`}},
		{"o'neil4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%l4242%", "o'neil4242"}},
		{"o'4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "o'4242"}},
		{"RÉDDY é4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%4242%", "réddy é4242"}}, // not an ASCII letter
		{"Émile4242", "(t LIKE ? AND strpos(t, ?) > 0)", []any{"%e4242%", "émile4242"}},
	}
	for _, c := range cases {
		sql, args := Match("t", c.search)
		if sql != c.sql || len(args) != len(c.args) {
			t.Errorf("%q: %q %v, want %q %v", c.search, sql, args, c.sql, c.args)
			continue
		}
		for i := range args {
			if args[i] != c.args[i] {
				t.Errorf("%q: arg %d = %v, want %v", c.search, i, args[i], c.args[i])
			}
		}
	}
}
