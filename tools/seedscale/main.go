// Command seedscale loads the scale data set (the figures docs/performance.md measures at) into a separate database (default
// prelaunch_scale): 3 companies, 1,000,000 users, 5,000,000 purchases, and for the demo company
// 100,000 KYC submissions and 1,000,000 activity records (perf.LoadExtras, added to a database
// loaded before them). It skips when the data is
// already there; -reload empties the database first.
//
//	DATABASE_URL=postgres://postgres@127.0.0.1:5432/prelaunch_scale?sslmode=disable go run ./tools/seedscale
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/infra/config"
	"prelaunch/core/infra/platform"
	"prelaunch/core/runtime"
	"prelaunch/tools/perf"
)

func main() {
	reload := flag.Bool("reload", false, "empty the database and load again")
	users := flag.Int("users", perf.Full.Users, "synthetic users")
	purchases := flag.Int("purchases", perf.Full.Purchases, "purchases in total")
	buyerRows := flag.Int("buyer-rows", perf.Full.BuyerRows, "purchases of buyer@demo.test")
	flag.Parse()
	if os.Getenv("DATABASE_URL") == "" {
		os.Setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/prelaunch_scale?sslmode=disable")
	}
	if os.Getenv("REDIS_URL") == "" {
		os.Setenv("REDIS_URL", "redis://127.0.0.1:6379/13")
	}
	if err := run(*reload, perf.Size{Users: *users, Purchases: *purchases, BuyerRows: *buyerRows}); err != nil {
		fmt.Fprintln(os.Stderr, "seed-scale:", err)
		os.Exit(1)
	}
}

func run(reload bool, sz perf.Size) error {
	ctx := context.Background()
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	if cfg.IsProduction() {
		return fmt.Errorf("never in production")
	}
	pw := os.Getenv("BENCH_PASSWORD")
	if pw == "" {
		pw = "Bench-Password-2026"
	}
	if err := platform.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return err
	}
	d, err := runtime.OpenWith(cfg, "seedscale")
	if err != nil {
		return err
	}
	defer d.Close()
	// The bulk statements (and a new index migration over 5M rows) run for minutes: a connection
	// without the services' short timeouts.
	db := bun.NewDB(sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(cfg.DatabaseURL),
		pgdriver.WithReadTimeout(time.Hour), pgdriver.WithWriteTimeout(time.Hour))), pgdialect.New())
	defer db.Close()
	short := d.DB
	d.DB = db
	err = d.Migrate(ctx)
	d.DB = short
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS scale_meta (users int, purchases int,
		seconds double precision, loaded_at timestamptz DEFAULT now())`); err != nil {
		return err
	}
	var n int
	if err := db.NewRaw("SELECT count(*) FROM scale_meta").Scan(ctx, &n); err != nil {
		return err
	}
	if n > 0 && !reload {
		var u, p int
		var s float64
		_ = db.NewRaw("SELECT users, purchases, seconds FROM scale_meta ORDER BY loaded_at DESC LIMIT 1").Scan(ctx, &u, &p, &s)
		fmt.Printf("seed-scale: already loaded (%d users, %d purchases in %.0f s); -reload to load again\n", u, p, s)
		return perf.LoadExtras(ctx, db, perf.FullExtras, func(f string, a ...any) { fmt.Printf(f+"\n", a...) })
	}
	if _, err := db.ExecContext(ctx, `TRUNCATE companies, tokens, media, users, super_admins, otps,
		beneficiaries, purchases, referral_rewards, audit_log, scale_meta RESTART IDENTITY CASCADE`); err != nil {
		return err
	}
	fmt.Printf("seed-scale: loading %d users and %d purchases into %s\n", sz.Users, sz.Purchases, cfg.DatabaseURL)
	start := time.Now()
	if _, err := perf.Load(ctx, db, sz, pw, func(f string, a ...any) { fmt.Printf(f+"\n", a...) }); err != nil {
		return err
	}
	if err := perf.LoadExtras(ctx, db, perf.FullExtras, func(f string, a ...any) { fmt.Printf(f+"\n", a...) }); err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	if _, err := db.ExecContext(ctx, "INSERT INTO scale_meta (users, purchases, seconds) VALUES (?, ?, ?)", sz.Users, sz.Purchases, secs); err != nil {
		return err
	}
	fmt.Printf("seed-scale: done in %.1f s\n", secs)
	return nil
}
