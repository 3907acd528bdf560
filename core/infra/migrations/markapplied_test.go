package migrations

import (
	"context"
	"net/url"
	"os"
	"testing"
	"testing/fstest"

	"github.com/uptrace/bun/migrate"

	"prelaunch/core/infra/platform"
)

// DSNForTest names the test database <TEST_DATABASE_URL's database>_<name> (as testkit does, so
// engineers sharing a server do not collide) and returns its URL and the URL of that server's
// postgres database, for dropping it.
func DSNForTest(t testing.TB, name string) (admin, dsn, db string) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/prelaunch_test?sslmode=disable"
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	u.Path = u.Path + "_" + name
	db, dsn = u.Path[1:], u.String()
	u.Path = "/postgres"
	return u.String(), dsn, db
}

// EmptyDatabaseForTest makes DSNForTest's database afresh (dropped if it is there, then created
// empty) and returns its URL.
func EmptyDatabaseForTest(t testing.TB, name string) string {
	ctx := context.Background()
	adminDSN, dsn, db := DSNForTest(t, name)
	admin := platform.OpenAdminDB(adminDSN)
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+db+` WITH (FORCE)`); err != nil {
		t.Fatal(err)
	}
	if err := platform.EnsureDatabase(ctx, dsn); err != nil {
		t.Fatal(err)
	}
	return dsn
}

// A migration that fails is not recorded as applied: the next start runs it again.
func TestFailedMigrationIsNotMarkedApplied(t *testing.T) {
	ctx := context.Background()
	dsn := EmptyDatabaseForTest(t, "migrations_fail")
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
