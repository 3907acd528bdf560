// Command bff-user is the buyer app's server: every call and the built
// apps/user, on one origin (default :8080).
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
		fmt.Fprintln(os.Stderr, "bff-user:", err)
		os.Exit(1)
	}
}

func run() error {
	d, err := runtime.Open("bff-user")
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
	metricsAt, err := d.ServeMetrics("bff-user", false)
	if err != nil {
		return err
	}
	d.Log.Info("listening", "addr", d.Cfg.UserAddr, "metrics", metricsAt, "dist", d.Cfg.UserDist)
	return httpx.Run(app, d.Cfg.UserAddr, d.Log)
}
