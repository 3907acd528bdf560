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
