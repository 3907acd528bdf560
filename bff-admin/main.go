// Command bff-admin is the admin and super admin app's server: every call "Admin and
// super admin calls" and the built apps/admin, on one origin (default :8081).
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"prelaunch/core/infra/httpx"
	"prelaunch/core/runtime"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bff-admin:", err)
		os.Exit(1)
	}
}

func run() error {
	d, err := runtime.Open("bff-admin")
	if err != nil {
		return err
	}
	defer d.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	d.Serving = true // the site resolver refreshes in the background and hears changes at once
	app := newServer(d)
	metricsAt, err := d.ServeMetrics("bff-admin", false)
	if err != nil {
		return err
	}
	d.Log.Info("listening", "addr", d.Cfg.AdminAddr, "metrics", metricsAt, "dist", d.Cfg.AdminDist)
	return httpx.Run(app, d.Cfg.AdminAddr, d.Log)
}
