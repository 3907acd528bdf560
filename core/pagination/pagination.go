// Package pagination parses page and limit and shapes list answers (DESIGN §7).
package pagination

import (
	"strconv"
	"strings"

	"prelaunch/core/apperr"
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
