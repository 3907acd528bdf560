// Package pagination parses page and limit and shapes list answers.
package pagination

import (
	"strconv"
	"strings"

	"prelaunch/core/infra/apperr"
)

const (
	DefaultLimit = 10
	MaxLimit     = 100
)

type Page struct {
	Page  int
	Limit int
}

func (p Page) Offset() int { return (p.Page - 1) * p.Limit }

// Parse reads 1-based page and limit 1..100; empty means the default, anything else is a 422.
func Parse(pageStr, limitStr string, defaultLimit int) (Page, error) {
	if defaultLimit <= 0 {
		defaultLimit = DefaultLimit
	}
	p := Page{Page: 1, Limit: defaultLimit}
	var v apperr.Validation
	if s := strings.TrimSpace(pageStr); s != "" {
		n, err := strconv.Atoi(s)
		v.Check(err == nil && n >= 1 && n <= 1_000_000, "page must be a whole number from 1.")
		if err == nil {
			p.Page = n
		}
	}
	if s := strings.TrimSpace(limitStr); s != "" {
		n, err := strconv.Atoi(s)
		v.Check(err == nil && n >= 1 && n <= MaxLimit, "limit must be a whole number from 1 to 100.")
		if err == nil {
			p.Limit = n
		}
	}
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	return p, nil
}

// List is the data of every list answer.
type List[T any] struct {
	Records  []T `json:"records"`
	Total    int `json:"total"`
	Page     int `json:"page"`
	Limit    int `json:"limit"`
	LastPage int `json:"lastPage"`
}

func NewList[T any](records []T, total int, p Page) List[T] {
	if records == nil {
		records = []T{}
	}
	last := (total + p.Limit - 1) / p.Limit
	if last < 1 {
		last = 1
	}
	return List[T]{Records: records, Total: total, Page: p.Page, Limit: p.Limit, LastPage: last}
}

// MaxSearchBytes is how much of a search term is used; longer input is cut on a rune boundary.
const MaxSearchBytes = 100

// SearchPattern is the one rule for list searches: trimmed, lower-cased, cut to 100 bytes without
// splitting a character, with %, _ and \ escaped so they match literally, wrapped as '%term%'
// for LIKE/ILIKE against lower-cased (trigram-indexed) text. "" means no search.
func SearchPattern(search string) string {
	s := strings.ToLower(strings.TrimSpace(search))
	if s == "" {
		return ""
	}
	if len(s) > MaxSearchBytes {
		s = strings.ToValidUTF8(s[:MaxSearchBytes], "")
	}
	return "%" + likeEscaper.Replace(s) + "%"
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Sort is a list's order: one of the list's sort keys and a direction.
type Sort struct {
	Key  string
	Desc bool
}

// ParseSort reads ?sort= and ?dir= against the keys a list allows (the first is the default,
// newest first). dir is asc or desc (any case; empty: desc for the default key, asc for the
// others, e.g. a name A→Z). Anything else is a 422 naming what is allowed.
func ParseSort(key, dir string, allowed ...string) (Sort, error) {
	key = strings.TrimSpace(key)
	dir = strings.ToLower(strings.TrimSpace(dir))
	s := Sort{Key: allowed[0], Desc: true}
	if key != "" {
		found := false
		for _, a := range allowed {
			if a == key {
				found = true
			}
		}
		if !found {
			return Sort{}, apperr.Invalid("bad_sort", "sort must be one of "+strings.Join(allowed, ", ")+".")
		}
		s = Sort{Key: key, Desc: key == allowed[0]}
	}
	switch dir {
	case "":
	case "asc":
		s.Desc = false
	case "desc":
		s.Desc = true
	default:
		return Sort{}, apperr.Invalid("bad_sort", "dir must be asc or desc.")
	}
	return s, nil
}

// Dir is the SQL direction of the sort.
func (s Sort) Dir() string {
	if s.Desc {
		return "DESC"
	}
	return "ASC"
}

// MaxSelected is how many rows one bulk action may name (the largest page of a list).
const MaxSelected = MaxLimit

// Selected checks the ids of a bulk action's rows: 1..MaxSelected ids, blanks and duplicates
// dropped (the first kept, in order); otherwise a 422.
func Selected(ids []string) ([]string, error) {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	if len(out) == 0 {
		return nil, apperr.Invalid("ids_required", "Select at least one row.")
	}
	if len(out) > MaxSelected {
		return nil, apperr.Invalid("too_many", "At most 100 rows can be decided at once.")
	}
	return out, nil
}

// MinProbeDigits is the shortest run of digits a search probes the trigram index with.
const MinProbeDigits = 4

// Match is the one condition for a list search over col, a lower-cased, trigram-indexed text
// column: col contains the search term (SearchPattern's rule; "" SQL for no search).
//
// A trigram index answers LIKE '%term%' by intersecting the lists of rows holding each of the
// term's trigrams, and the cost is that of the longest lists: in a million users' texts "use" of
// user@…, "gma" of gmail or the letters of a common surname are in most rows, so a search such
// as "user4242" read the index for 25 ms, while "r4242" took under 1 ms. Digits are spread over
// a thousand trigrams (mobiles, member ids, numbers in mail addresses), so a term with a run of
// MinProbeDigits or more digits probes the index with its longest run (every row holding the
// term holds that run) and the whole term is checked on the rows found (strpos, which no index
// serves, so the planner cannot fold it back into the probe). The rows matched are exactly those
// of col LIKE '%term%'.
//
// When an ASCII letter comes right before the run, the probe keeps it ("user4242" probes
// "r4242"): one trigram more ("r42"), whose list is short next to those of the digits, cuts the
// rows to recheck — at scale 622 rows on 415 heap pages for "4242", 112 on 30 for "r4242", and
// the users probe's Postgres CPU from 1.2 to 0.7 ms (docs/performance.md, "The admin searches").
// A space or other separator before the run is left out: it makes the run a word start, whose
// trigrams ("  4", " 42") list every word beginning with those digits, and the probe costs more.
func Match(col, search string) (string, []any) {
	pat := SearchPattern(search)
	if pat == "" {
		return "", nil
	}
	if like, term, ok := ProbeArgs(search); ok {
		return "(" + col + " LIKE ? AND strpos(" + col + ", ?) > 0)", []any{like, term}
	}
	return col + " LIKE ?", []any{pat}
}

// ProbeArgs are Match's two arguments when it probes by digits (a run of MinProbeDigits or more
// in the term): the LIKE pattern of the probe and the whole term, for "col LIKE $like AND
// strpos(col, $term) > 0". ok is false for any other search. Such a search finds few rows
// whatever its digits, so a prepared statement may keep one plan for all of them
// (core/readmodel's purchase search).
func ProbeArgs(search string) (like, term string, ok bool) {
	if SearchPattern(search) == "" {
		return "", "", false
	}
	term = searchTerm(search)
	probe := digitProbe(term)
	if len(probe) < MinProbeDigits || probe == term {
		return "", "", false
	}
	return "%" + probe + "%", term, true
}

// digitProbe is the part of term a search probes the trigram index with: its first longest run
// of ASCII digits, with the ASCII letter right before it when there is one ("" when the term
// has no digit). Only letters and digits: nothing to escape for LIKE.
func digitProbe(term string) string {
	run, at := longestDigitRun(term)
	if len(run) < MinProbeDigits {
		return run
	}
	if at > 0 && term[at-1] >= 'a' && term[at-1] <= 'z' {
		return term[at-1 : at+len(run)]
	}
	return run
}

// searchTerm is the term SearchPattern matches, unescaped.
func searchTerm(search string) string {
	s := strings.ToLower(strings.TrimSpace(search))
	if len(s) > MaxSearchBytes {
		s = strings.ToValidUTF8(s[:MaxSearchBytes], "")
	}
	return s
}

// longestDigitRun is the first longest run of ASCII digits in s and where it starts.
func longestDigitRun(s string) (string, int) {
	best, at, start := "", -1, -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start > len(best) {
			best, at = s[start:i], start
		}
		start = -1
	}
	return best, at
}
