package migrations

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/uptrace/bun/migrate"

	"prelaunch/core/platform"
)

// A migration that fails is not recorded as applied: the next start runs it again.
func TestFailedMigrationIsNotMarkedApplied(t *testing.T) {
	ctx := context.Background()
	dsn := "postgres://postgres@127.0.0.1:5432/prelaunch_test_migrations_fail?sslmode=disable"
	admin := platform.OpenDB("postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable")
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS prelaunch_test_migrations_fail WITH (FORCE)`); err != nil {
		t.Fatal(err)
	}
	if err := platform.EnsureDatabase(ctx, dsn); err != nil {
		t.Fatal(err)
	}
	db := platform.OpenDB(dsn)
	defer db.Close()
	// Fails until the table flaky_gate exists.
	ms := migrate.NewMigrations()
	if err := ms.Discover(fstest.MapFS{"20990101000001_flaky.tx.up.sql": {Data: []byte(
		"CREATE TABLE flaky_done (id int);\n--bun:split\nINSERT INTO flaky_gate VALUES (1);\n")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := up(ctx, db, ms); err == nil {
		t.Fatal("a failing migration reported success")
	}
	var marked int
	if err := db.NewRaw("SELECT count(*) FROM bun_migrations WHERE name = '20990101000001'").Scan(ctx, &marked); err != nil || marked != 0 {
		t.Fatalf("failed migration marked applied: %d %v", marked, err)
	}
	if _, err := db.ExecContext(ctx, "CREATE TABLE flaky_gate (id int)"); err != nil {
		t.Fatal(err)
	}
	applied, err := up(ctx, db, ms)
	if err != nil || len(applied) != 1 {
		t.Fatalf("second start: %v %v", applied, err)
	}
	if _, err := db.NewSelect().Table("flaky_done").Count(ctx); err != nil {
		t.Fatalf("the migration did not run on the second start: %v", err)
	}
}
