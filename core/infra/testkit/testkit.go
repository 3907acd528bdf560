// Package testkit gives tests real dependencies: a Postgres database of their own (created and
// migrated on first use, truncated between tests) and a Redis database, never mocks.
package testkit

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"prelaunch/core/auth"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/platform"
	"prelaunch/core/runtime"
	"prelaunch/core/seed"
)

var (
	mu       sync.Mutex
	prepared = map[string]bool{}
)

// Deps opens dependencies for the test package named name: database prelaunch_test_<name>
// (from TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/prelaunch_test) and Redis
// database redisDB (from TEST_REDIS_URL, default redis://127.0.0.1:6379). Each package picks its
// own name and Redis database so packages can run in parallel. The tables start empty.
func Deps(t testing.TB, name string, redisDB int) *runtime.Deps {
	t.Helper()
	auth.Cost = bcrypt.MinCost
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/prelaunch_test?sslmode=disable"
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	u.Path = u.Path + "_" + strings.ReplaceAll(name, "-", "_")
	redisBase := os.Getenv("TEST_REDIS_URL")
	if redisBase == "" {
		redisBase = "redis://127.0.0.1:6379"
	}
	cfg := config.Config{
		Env: config.EnvTest, DatabaseURL: u.String(), RedisURL: fmt.Sprintf("%s/%d", strings.TrimSuffix(redisBase, "/"), redisDB),
		JWTSecret: "test-secret-test-secret-test-secret-0123", JWTTTL: time.Hour,
		MailFrom: "test@prelaunch.test", MailOutbox: t.TempDir() + "/outbox.jsonl", StorageURL: "file://" + t.TempDir(),
		UserAddr: "127.0.0.1:0", AdminAddr: "127.0.0.1:0", BodyLimit: 6 * 1024 * 1024,
		TokenSymbol: config.DefaultTokenSymbol, SweepInterval: config.DefaultSweepInterval,
		TwoFAKey: []byte("test-twofa-key-test-twofa-key-32"), PIIKey: []byte("test-pii-key-test-pii-key-test32"),
		Verify: config.Verification{SMSOutbox: t.TempDir() + "/sms.jsonl"},
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	mu.Lock()
	if !prepared[cfg.DatabaseURL] {
		if err := platform.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
			mu.Unlock()
			t.Fatalf("ensure test database: %v", err)
		}
	}
	d, err := runtime.OpenWith(cfg, "test")
	if err != nil {
		mu.Unlock()
		t.Fatal(err)
	}
	if !prepared[cfg.DatabaseURL] {
		if err := d.Migrate(ctx); err != nil {
			mu.Unlock()
			t.Fatalf("migrate test database: %v", err)
		}
		prepared[cfg.DatabaseURL] = true
	}
	mu.Unlock()
	Truncate(t, d)
	if err := d.Redis.FlushDB(ctx).Err(); err != nil {
		t.Fatalf("flush test redis db %d: %v", redisDB, err)
	}
	t.Cleanup(d.Close)
	return d
}

// Truncate empties every table of the schema.
func Truncate(t testing.TB, d *runtime.Deps) {
	t.Helper()
	_, err := d.DB.ExecContext(context.Background(), `TRUNCATE companies, tokens, media, users, super_admins, otps,
		beneficiaries, purchases, referral_rewards, token_rounds, audit_log, reconcile_imports, reconcile_lines RESTART IDENTITY CASCADE`)
	if err != nil {
		t.Fatalf("truncate: %v", err)
	}
}

// Seed loads the demo data (Demo Company, ACW, beneficiary, admin and buyer with password pw,
// super admin) and returns the company id.
func Seed(t testing.TB, d *runtime.Deps, pw string) string {
	t.Helper()
	res, err := seed.Run(context.Background(), d.DB, pw, nil)
	if err != nil {
		t.Fatalf("seed: %v", err)
	}
	return res.CompanyID
}
