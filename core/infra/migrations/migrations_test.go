package migrations_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"prelaunch/core/infra/migrations"
	"prelaunch/core/infra/platform"
)

// Several processes starting at once (two BFFs and the worker) must apply the schema once.
func TestConcurrentUpAppliesOnce(t *testing.T) {
	ctx := context.Background()
	dsn := migrations.EmptyDatabaseForTest(t, "migrations")
	var wg sync.WaitGroup
	applied := make([][]string, 3)
	errs := make([]error, 3)
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			db := platform.OpenDB(dsn)
			defer db.Close()
			applied[i], errs[i] = migrations.Up(ctx, db)
		}(i)
	}
	wg.Wait()
	total := 0
	for i := range errs {
		if errs[i] != nil {
			t.Fatalf("Up %d: %v", i, errs[i])
		}
		total += len(applied[i])
	}
	if total != len(migrations.Migrations.Sorted()) {
		t.Fatalf("applied %d migrations in all, want each exactly once (%d)", total, len(migrations.Migrations.Sorted()))
	}
	db := platform.OpenDB(dsn)
	defer db.Close()
	for _, table := range []string{"companies", "tokens", "users", "super_admins", "otps", "media", "beneficiaries", "purchases", "referral_rewards", "audit_log"} {
		if _, err := db.NewSelect().Table(table).Count(ctx); err != nil {
			t.Errorf("table %s: %v", table, err)
		}
	}
}

// A process killed mid-migration leaves the migrator's lock row behind; the next start must not
// wait for it forever (it is stale: every migrating process also holds the advisory lock).
func TestStaleMigratorLockIsCleared(t *testing.T) {
	ctx := context.Background()
	_, dsn, _ := migrations.DSNForTest(t, "migrations")
	if err := platform.EnsureDatabase(ctx, dsn); err != nil {
		t.Fatal(err)
	}
	db := platform.OpenDB(dsn)
	defer db.Close()
	if _, err := migrations.Up(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO bun_migration_locks (table_name) VALUES ('bun_migrations')`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := migrations.Up(ctx, db); err != nil {
		t.Fatalf("Up with a stale lock: %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("Up waited %v behind a stale lock", took)
	}
	var left int
	if err := db.NewRaw("SELECT count(*) FROM bun_migration_locks").Scan(ctx, &left); err != nil || left != 0 {
		t.Fatalf("locks left: %d %v", left, err)
	}
}
