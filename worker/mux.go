package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"prelaunch/core/allocation"
	"prelaunch/core/fields"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/metrics"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/retention"
)

// handlers are the worker's jobs and what they need: the purchase rules (expiry, the sweep and
// the decision notices it catches up on) and the mailer. The worker runs no SQL of its own.
type handlers struct {
	purchases *purchase.Service
	kyc       *kyc.Service
	// allocations allocates the rounds sold by requests whose window closed, and lapses the
	// allocations not ordered in time, at every sweep.
	allocations *allocation.Service
	retention   *retention.Service
	mailer      mail.Mailer
	clock       clock.Clock
	log         *slog.Logger
}

// newMux registers a handler for every task type of core/infra/tasks.
func newMux(h *handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc(tasks.TypeEmailSend, h.emailSend)
	mux.HandleFunc(tasks.TypePurchaseExpire, h.purchaseExpire)
	mux.HandleFunc(tasks.TypePurchaseSweep, h.purchaseSweep)
	mux.HandleFunc(tasks.TypeRetentionPurge, h.retentionPurge)
	return mux
}

// emailSend delivers one email. A payload that cannot be a message is not retried.
func (h *handlers) emailSend(ctx context.Context, t *asynq.Task) error {
	var p tasks.EmailSendPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("email:send: bad payload: %v: %w", err, asynq.SkipRetry)
	}
	if strings.TrimSpace(p.To) == "" || strings.TrimSpace(p.Subject) == "" || (p.Text == "" && p.HTML == "") {
		return fmt.Errorf("email:send: payload needs to, subject and a body: %w", asynq.SkipRetry)
	}
	if err := h.mailer.Send(ctx, p); err != nil {
		metrics.EmailsFailed.Inc()
		return err
	}
	metrics.EmailsSent.Inc()
	// The recipient is logged, never the body (it may carry a code).
	h.log.Info("email sent", "to", p.To, "subject", p.Subject)
	return nil
}

// purchaseExpire ends one order's payment window (idempotent: anything but an INITIATED order
// whose window is over is left alone).
func (h *handlers) purchaseExpire(ctx context.Context, t *asynq.Task) error {
	var p tasks.PurchaseExpirePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || !fields.UUID(p.PurchaseID) {
		return fmt.Errorf("purchase:expire: bad payload %q: %w", t.Payload(), asynq.SkipRetry)
	}
	now := h.clock.Now()
	done, err := h.purchases.Expire(ctx, p.PurchaseID, now)
	if err != nil {
		return err
	}
	if done {
		h.log.Info("purchase expired", "purchase", p.PurchaseID)
		return nil
	}
	// Not expired: already paid or gone (done with it), or, with clocks apart, not due yet —
	// then run again at the deadline (notDue: retryDelay waits for it, and it is no failure).
	due, open, err := h.purchases.Deadline(ctx, p.PurchaseID)
	if err != nil {
		return err
	}
	if open && due.After(now) {
		return notDue{until: due, now: now}
	}
	return nil
}

// notDue is an expire task that ran before its order's deadline.
type notDue struct{ until, now time.Time }

func (e notDue) Error() string {
	return fmt.Sprintf("purchase:expire: not due for %v", e.until.Sub(e.now).Round(time.Millisecond))
}

// retryDelay runs a task that was not due again at its deadline (rounded up to the second, as
// asynq keeps whole seconds), and anything else with asynq's backoff.
func retryDelay(n int, err error, t *asynq.Task) time.Duration {
	var nd notDue
	if errors.As(err, &nd) {
		return tasks.ExpireAt(nd.until).Sub(nd.now) + time.Second
	}
	return asynq.DefaultRetryDelayFunc(n, err, t)
}

// isFailure does not count a not-due run against the task's retries.
func isFailure(err error) bool { return !errors.As(err, new(notDue)) }

// purchaseSweep expires every order whose window is over and whose task was lost, queues the
// emails (purchase decisions, refunds, KYC decisions) whose queueing failed, and the KYC expiry
// reminders that are due.
func (h *handlers) purchaseSweep(ctx context.Context, _ *asynq.Task) error {
	var allocErr error
	if h.allocations != nil {
		rounds, lapsed, err := h.allocations.Tick(ctx, h.clock.Now())
		if rounds > 0 || lapsed > 0 {
			h.log.Info("purchase sweep allocated rounds sold by requests", "rounds", rounds, "lapsed", lapsed)
		}
		allocErr = err
	}
	n, err := h.purchases.Sweep(ctx, h.clock.Now())
	if err != nil {
		return err
	}
	if n > 0 {
		h.log.Info("purchase sweep expired orders", "count", n)
	}
	sent, err := h.purchases.SendPendingNotices(ctx, h.clock.Now())
	if sent > 0 {
		h.log.Info("purchase sweep queued decision and refund notices", "count", sent)
	}
	kycSent, kycErr := h.kyc.SendPendingNotices(ctx, h.clock.Now())
	if kycSent > 0 {
		h.log.Info("purchase sweep queued kyc decision notices", "count", kycSent)
	}
	// KYC expiry reminders, 30 and 7 days before, each once (core/kyc/expiry.go).
	reminded, remindErr := h.kyc.SendExpiryReminders(ctx, h.clock.Now())
	if reminded > 0 {
		h.log.Info("purchase sweep queued kyc expiry reminders", "count", reminded)
	}
	return errors.Join(err, kycErr, allocErr, remindErr)
}

// retentionPurge purges the records of buyers whose account closed 5 years ago (core/retention),
// logging first what it will remove (the dry run's report) and then what it removed.
func (h *handlers) retentionPurge(ctx context.Context, _ *asynq.Task) error {
	if h.retention == nil {
		return nil
	}
	plan, err := h.retention.Run(ctx, true)
	if err != nil {
		return err
	}
	h.log.Info(plan.String())
	if plan.Accounts == 0 {
		return nil
	}
	done, err := h.retention.Run(ctx, false)
	if err != nil {
		return err
	}
	h.log.Info(done.String())
	return nil
}
