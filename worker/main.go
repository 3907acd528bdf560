// Command worker runs the background jobs (DESIGN §3, §5): email:send, purchase:expire and the
// periodic purchase:sweep, on an Asynq server with graceful shutdown.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"prelaunch/core/runtime"
	"prelaunch/core/tasks"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

func run() error {
	d, err := runtime.Open("worker")
	if err != nil {
		return err
	}
	defer d.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	redisOpt, err := asynq.ParseRedisURI(d.Cfg.RedisURL)
	if err != nil {
		return err
	}
	srv := asynq.NewServer(redisOpt, asynq.Config{
		Concurrency:     8,
		Queues:          tasks.Queues,
		ShutdownTimeout: 20 * time.Second,
		Logger:          slogAdapter{d.Log},
	})
	mux := newMux(d)
	d.Log.Info("worker started", "types", tasks.Types)
	// Run blocks until SIGINT/SIGTERM, then waits for running tasks to finish.
	return srv.Run(mux)
}
