// Package migrations holds the SQL schema and runs it with Bun's migrator under its lock.
package migrations

import (
	"context"
	"embed"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"
)

//go:embed *.sql
var sqlFiles embed.FS

// Migrations is the set of every migration of the schema.
var Migrations = migrate.NewMigrations()

func init() {
	if err := Migrations.Discover(sqlFiles); err != nil {
		panic(err)
	}
}

// Up applies every pending migration. Concurrent callers wait on the migrator's lock, so several
// processes starting at once apply each migration exactly once.
func Up(ctx context.Context, db *bun.DB) (applied []string, err error) {
	return up(ctx, db, Migrations)
}

func up(ctx context.Context, db *bun.DB, ms *migrate.Migrations) (applied []string, err error) {
	// Creating the migrator's own tables is not safe to race, so processes starting together
	// queue on a session advisory lock first; the migrator's lock then guards the migrations.
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate connect: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(7262000)"); err != nil {
		return nil, fmt.Errorf("migrate advisory lock: %w", err)
	}
	defer func() { _, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(7262000)") }()
	// Bun's default marks a migration applied before running it: one that failed, or whose
	// process was killed, would count as applied with its schema missing. Mark on success only.
	m := migrate.NewMigrator(db, ms, migrate.WithMarkAppliedOnSuccess(true))
	if err := m.Init(ctx); err != nil {
		return nil, fmt.Errorf("migrate init: %w", err)
	}
	// Every migrating process holds the advisory lock (released by Postgres when its session
	// ends), so a migrator lock row found now was left by a process killed mid-migration: clear
	// it, or no process could ever migrate (or start) again.
	if err := m.Unlock(ctx); err != nil {
		return nil, fmt.Errorf("migrate clear stale lock: %w", err)
	}
	if err := lockWithRetry(ctx, m); err != nil {
		return nil, err
	}
	defer func() { _ = m.Unlock(context.WithoutCancel(ctx)) }()
	group, err := m.Migrate(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	for _, mg := range group.Migrations {
		applied = append(applied, mg.Name)
	}
	return applied, nil
}
