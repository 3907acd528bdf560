// Command prelaunch runs the operator tasks: ensure-db, migrate, seed and wait.
//
//	go run ./core/cmd/prelaunch wait       # Postgres and Redis answer, or a clear message
//	go run ./core/cmd/prelaunch ensure-db  # create the database when missing
//	go run ./core/cmd/prelaunch migrate    # apply SQL migrations under the migrator's lock
//	go run ./core/cmd/prelaunch seed       # demo data (development and test only)
//	go run ./core/cmd/prelaunch chain-dev  # tokens and treasuries on the development chain
//	go run ./core/cmd/prelaunch ekyc-sample --name "Asha Verma" --out ekyc.zip  # a development e-KYC file
//	go run ./core/cmd/prelaunch retention --dry-run  # what the retention purge would remove (without --dry-run: purge)
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"prelaunch/core/infra/config"
	"prelaunch/core/infra/platform"
	"prelaunch/core/runtime"
	"prelaunch/core/seed"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: prelaunch wait|ensure-db|migrate|seed|chain-dev|ekyc-sample|retention [--dry-run]")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "prelaunch "+os.Args[1]+": "+err.Error())
		os.Exit(1)
	}
}

func run(cmd string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	switch cmd {
	case "wait":
		return wait(ctx, cfg)
	case "chain-dev":
		return chainDev(ctx, cfg)
	case "ekyc-sample":
		return ekycSample(cfg, os.Args[2:])
	case "retention":
		dry := len(os.Args) > 2 && os.Args[2] == "--dry-run"
		if len(os.Args) > 2 && !dry {
			return fmt.Errorf("usage: prelaunch retention [--dry-run]")
		}
		d, err := runtime.OpenWith(cfg, "prelaunch")
		if err != nil {
			return err
		}
		defer d.Close()
		if err := d.Migrate(ctx); err != nil {
			return err
		}
		r, err := d.Build().Retention.Run(ctx, dry)
		if err != nil {
			return err
		}
		fmt.Println(r.String())
		return nil
	case "ensure-db":
		return platform.EnsureDatabase(ctx, cfg.DatabaseURL)
	case "migrate", "seed":
		d, err := runtime.OpenWith(cfg, "prelaunch")
		if err != nil {
			return err
		}
		defer d.Close()
		if err := d.Migrate(ctx); err != nil {
			return err
		}
		if cmd == "migrate" {
			fmt.Println("migrations: up to date")
			return nil
		}
		if cfg.IsProduction() {
			return fmt.Errorf("the demo seed never runs in production")
		}
		res, err := seed.Run(ctx, d.DB, cfg.SeedAdminPassword, cfg.SuperAdminEmails)
		if err != nil {
			return err
		}
		fmt.Printf("seed: Demo Company %s ready\n", res.CompanyID)
		if res.AdminPassword != "" {
			fmt.Printf("seed: admin %s password %s (random; set SEED_ADMIN_PASSWORD to choose)\n", seed.DemoAdminEmail, res.AdminPassword)
		}
		return nil
	}
	return fmt.Errorf("unknown command %q", cmd)
}

// wait checks that Postgres and Redis answer within 10 seconds each.
func wait(ctx context.Context, cfg config.Config) error {
	deadline := time.Now().Add(10 * time.Second)
	var pgErr, rdErr error
	for {
		func() {
			c, cancel := context.WithTimeout(ctx, 2*time.Second)
			defer cancel()
			db := platform.OpenDB(adminDSN(cfg.DatabaseURL))
			defer db.Close()
			pgErr = db.PingContext(c)
			rdb, err := platform.OpenRedis(cfg.RedisURL)
			if err != nil {
				rdErr = err
				return
			}
			defer rdb.Close()
			rdErr = rdb.Ping(c).Err()
		}()
		if pgErr == nil && rdErr == nil {
			return nil
		}
		if time.Now().After(deadline) {
			msg := "services not answering:"
			if pgErr != nil {
				msg += fmt.Sprintf("\n  PostgreSQL at %s: %v", cfg.DatabaseURL, pgErr)
			}
			if rdErr != nil {
				msg += fmt.Sprintf("\n  Redis at %s: %v", cfg.RedisURL, rdErr)
			}
			return fmt.Errorf("%s", msg)
		}
		time.Sleep(500 * time.Millisecond)
	}
}
