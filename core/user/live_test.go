package user_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"

	"prelaunch/core/infra/platform"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

// The token check's read is a prepared statement (core/infra/prepared, a set per database
// handle): two handles in one process (two servers' Deps in a test binary) reading at once each
// keep theirs, and an unknown user is still sql.ErrNoRows.
func TestLiveWithTwoFactorOnTwoHandles(t *testing.T) {
	d := testkit.Deps(t, "user", 13)
	ctx := context.Background()
	testkit.Seed(t, d, "Admin@12345")
	other := platform.OpenDB(d.Cfg.DatabaseURL)
	defer other.Close()
	var buyer string
	if err := d.DB.NewRaw("SELECT id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(ctx, &buyer); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 400)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			db := d.DB
			if i%2 == 1 {
				db = other
			}
			for j := 0; j < 50; j++ {
				u, _, err := user.LiveWithTwoFactor(ctx, db, buyer)
				if err == nil && u.ID != buyer {
					t.Errorf("read %s, want %s", u.ID, buyer)
				}
				if err != nil {
					errs <- err
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a read failed: %v", err)
	}
	if _, _, err := user.LiveWithTwoFactor(ctx, other, "00000000-0000-4000-8000-000000000000"); !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("unknown user: %v, want sql.ErrNoRows", err)
	}
}
