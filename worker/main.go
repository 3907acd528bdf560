// Command worker runs the background jobs: email:send, purchase:expire and the
// periodic purchase:sweep, on an Asynq server with graceful shutdown.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/runtime"
)

// How often an idle worker looks for new tasks, and how often due scheduled (and retry) tasks are
// moved to their queue: a few cheap Redis calls a second.
const (
	TaskCheckInterval        = 100 * time.Millisecond
	DelayedTaskCheckInterval = time.Second
)

// sweepUniqueTTL keeps several workers' schedulers from piling up sweeps: 5/6 of the interval
// (50 s for the default minute), never under asynq's 1 s minimum.
func sweepUniqueTTL(every time.Duration) time.Duration {
	return max(every*5/6, time.Second)
}

// DeliveryInterval is how often the worker looks at the open token transfers.
const DeliveryInterval = 3 * time.Second

// AllocationInterval is how often the worker looks for rounds sold by requests whose window closed
// (and allocations not ordered in time): one indexed query, so a round is allocated within seconds
// of its close. Every worker does; the round's OPEN → ALLOCATED UPDATE lets one of them do it.
const AllocationInterval = 2 * time.Second

// allocationLoop runs the allocation's Tick every interval until ctx ends.
func allocationLoop(ctx context.Context, h *handlers, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			rounds, lapsed, err := h.allocations.Tick(ctx, h.clock.Now())
			if err != nil && ctx.Err() == nil {
				h.log.Warn("allocation tick failed; the next one tries again", "err", err)
			}
			if rounds > 0 || lapsed > 0 {
				h.log.Info("rounds sold by requests allocated", "rounds", rounds, "lapsed", lapsed)
			}
		}
	}
}

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
	every := d.Cfg.SweepInterval
	mailer, how, err := mail.New(d.Cfg)
	if err != nil {
		return err
	}
	metricsAt, err := d.ServeMetrics("worker", true)
	if err != nil {
		return err
	}
	svc := d.Build()
	// KYC documents stored before they were sealed are encrypted now (issue 27 finding 1).
	if n, err := svc.KYC.SealStoredDocuments(ctx); err != nil {
		d.Log.Error("kyc documents not sealed; the next start tries again", "err", err)
	} else if n > 0 {
		d.Log.Info("kyc documents sealed", "files", n)
	}
	h := &handlers{purchases: svc.Purchases, kyc: svc.KYC, allocations: svc.Allocations, retention: svc.Retention, mailer: mailer, clock: d.Clock, log: d.Log}
	srv := asynq.NewServer(redisOpt, asynq.Config{
		Concurrency:     8,
		Queues:          tasks.Queues,
		ShutdownTimeout: 20 * time.Second,
		Logger:          slogAdapter{d.Log},
		// asynq's defaults (1 s idle poll, 5 s between moves of due scheduled tasks) put an OTP
		// email ~0.5–1.5 s and an expiry up to ~6.5 s behind; the targets are < 1 s and < 5 s.
		TaskCheckInterval:        TaskCheckInterval,
		DelayedTaskCheckInterval: DelayedTaskCheckInterval,
		RetryDelayFunc:           retryDelay,
		IsFailure:                isFailure,
	})
	sched := asynq.NewScheduler(redisOpt, &asynq.SchedulerOpts{Location: time.UTC, Logger: slogAdapter{d.Log}})
	// Unique keeps several workers' schedulers from piling up sweeps; the sweep is idempotent anyway.
	sweepSpec := "@every " + every.String()
	if _, err := sched.Register(sweepSpec, tasks.NewPurchaseSweepTask(), asynq.Unique(sweepUniqueTTL(every))); err != nil {
		return err
	}
	// The retention purge, daily (core/retention; docs/compliance.md).
	if _, err := sched.Register("@every 24h", tasks.NewRetentionPurgeTask(), asynq.Unique(23*time.Hour)); err != nil {
		return err
	}
	if err := srv.Start(newMux(h)); err != nil {
		return err
	}
	if err := sched.Start(); err != nil {
		srv.Shutdown()
		return err
	}
	// Catch up at once on windows that ended while no worker ran.
	if err := h.purchaseSweep(context.Background(), nil); err != nil {
		d.Log.Warn("start-up sweep failed", "err", err)
	}
	// Token delivery: every worker follows the open transfers; the treasury's advisory lock keeps
	// two workers from signing from one treasury at once (core/delivery).
	deliveryCtx, stopDelivery := context.WithCancel(context.Background())
	defer stopDelivery()
	if d.Cfg.Chain.DirectDelivery || !d.Cfg.IsProduction() {
		go svc.Distributor.Loop(deliveryCtx, DeliveryInterval)
	}
	go allocationLoop(deliveryCtx, h, AllocationInterval)
	d.Log.Info("worker started", "types", tasks.Types, "mail", how, "sweep", sweepSpec, "metrics", metricsAt)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	s := <-sig
	d.Log.Info("shutting down", "signal", s.String())
	stopDelivery()
	sched.Shutdown()
	srv.Shutdown() // waits for running tasks up to ShutdownTimeout
	return nil
}
