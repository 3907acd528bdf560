package pagination

import "testing"

// FuzzParse: any page/limit text is a valid page or a 422, never a panic; a valid page is 1-based
// with a limit of 1..100. Long run: go test -fuzz=FuzzParse -fuzztime=60s ./core/infra/pagination/
func FuzzParse(f *testing.F) {
	for _, s := range [][2]string{{"", ""}, {"1", "10"}, {"0", "0"}, {"-1", "101"}, {"1e3", "NaN"}, {"9223372036854775808", "1"},
		{" 2 ", " 100 "}, {"0x10", "+5"}, {"１", "٣"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, page, limit string) {
		p, err := Parse(page, limit, DefaultLimit)
		if err != nil {
			return
		}
		if p.Page < 1 || p.Page > 1_000_000 || p.Limit < 1 || p.Limit > MaxLimit || p.Offset() < 0 {
			t.Fatalf("Parse(%q, %q) = %+v", page, limit, p)
		}
	})
}
