package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"prelaunch/core/clock"
	"prelaunch/core/mail"
	"prelaunch/core/media"
	"prelaunch/core/purchase"
	"prelaunch/core/tasks"
)

// handlers are the worker's jobs and what they need.
type handlers struct {
	db     *bun.DB
	mailer mail.Mailer
	clock  clock.Clock
	log    *slog.Logger
	tasks  tasks.Enqueuer // for notices the review could not queue
}

// newMux registers a handler for every task type of core/tasks.
func newMux(h *handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc(tasks.TypeEmailSend, h.emailSend)
	mux.HandleFunc(tasks.TypePurchaseExpire, h.purchaseExpire)
	mux.HandleFunc(tasks.TypePurchaseSweep, h.purchaseSweep)
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
		return err
	}
	// The recipient is logged, never the body (it may carry a code).
	h.log.Info("email sent", "to", p.To, "subject", p.Subject)
	return nil
}

// purchaseExpire ends one order's payment window (idempotent: anything but an INITIATED order
// whose window is over is left alone).
func (h *handlers) purchaseExpire(ctx context.Context, t *asynq.Task) error {
	var p tasks.PurchaseExpirePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || !media.ValidID(p.PurchaseID) {
		return fmt.Errorf("purchase:expire: bad payload %q: %w", t.Payload(), asynq.SkipRetry)
	}
	done, err := purchase.Expire(ctx, h.db, p.PurchaseID, h.clock.Now())
	if err != nil {
		return err
	}
	if done {
		h.log.Info("purchase expired", "purchase", p.PurchaseID)
	}
	return nil
}

// purchaseSweep expires every order whose window is over and whose task was lost.
func (h *handlers) purchaseSweep(ctx context.Context, _ *asynq.Task) error {
	n, err := purchase.Sweep(ctx, h.db, h.clock.Now())
	if err != nil {
		return err
	}
	if n > 0 {
		h.log.Info("purchase sweep expired orders", "count", n)
	}
	if h.tasks == nil {
		return nil
	}
	sent, err := purchase.SendPendingNotices(ctx, h.db, h.tasks, h.clock.Now())
	if sent > 0 {
		h.log.Info("purchase sweep queued decision notices", "count", sent)
	}
	return err
}
