// Package prepared runs the hottest reads as server-side prepared statements. Bun sends every
// query as text with its arguments written in, so Postgres plans it afresh on each call; for a
// short read that is most of its cost (buyer transaction/list: planning 0.45 ms, running 0.4 ms
// at 5M purchases; docs/performance.md). A statement prepared once per pooled connection is
// planned once for all its calls (after five, Postgres keeps a generic plan when it costs no
// more than the custom ones).
package prepared

import (
	"context"
	"database/sql"
	"sync"

	"github.com/uptrace/bun"
)

// Statements is a set of prepared statements, by database handle and SQL ($1, $2, … for the
// arguments). database/sql prepares each on a connection the first time it runs there and again
// after a reconnect. Each handle keeps its own set: two handles in one process (two servers' Deps
// in a test binary) use one Statements at once without closing each other's statements. The
// zero value is ready to use; it must not be copied after first use.
type Statements struct {
	mu    sync.Mutex
	stmts map[*bun.DB]map[string]*sql.Stmt
}

// Observe, when set, is told each query a Statements runs and its arguments, before it runs
// (tools/perf's plan test checks their generic plans). Set it before any Statements runs.
var Observe func(query string, args []any)

// Scan runs query with args on db and scans its rows into dest as bun.DB.ScanRows does (a slice
// of models, or columns).
func (s *Statements) Scan(ctx context.Context, db *bun.DB, dest any, query string, args ...any) error {
	if Observe != nil {
		Observe(query, args)
	}
	stmt, err := s.stmt(ctx, db, query)
	if err != nil {
		return err
	}
	rows, err := stmt.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	return db.ScanRows(ctx, rows, dest)
}

func (s *Statements) stmt(ctx context.Context, db *bun.DB, query string) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stmts == nil {
		s.stmts = map[*bun.DB]map[string]*sql.Stmt{}
	}
	byQuery := s.stmts[db]
	if byQuery == nil {
		byQuery = map[string]*sql.Stmt{}
		s.stmts[db] = byQuery
	}
	if st, ok := byQuery[query]; ok {
		return st, nil
	}
	st, err := db.DB.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	byQuery[query] = st
	return st, nil
}
