package purchase

import (
	"context"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/mail"
)

// Notice is what the buyer is told about a review.
type Notice struct {
	PurchaseID  string          `bun:"id"`
	OrderNumber string          `bun:"order_number"`
	Reference   string          `bun:"reference"` // the UTR, empty for a manual payment
	Status      string          `bun:"status"`
	Quantity    decimal.Decimal `bun:"quantity"`
	BuyerID     string          `bun:"user_id"`    // read from the purchase; withSenders completes the rest
	CompanyID   string          `bun:"company_id"` // read from the purchase
	Email       string          `bun:"email"`
	Name        string          `bun:"name"`
	Deleted     bool            `bun:"deleted"`
	Brand       string          `bun:"brand"`
	Symbol      string          `bun:"symbol"`
	Company     string          `bun:"company"`       // the company's name
	CompanyMail string          `bun:"company_email"` // the company's email: the Reply-To of the decision
	Domain      string          `bun:"domain"`        // its first domain ("" for none)
	Reason      string          `bun:"reason"`        // a rejection's reason ("" for none)
	// A refund's notice only:
	Amount          decimal.Decimal `bun:"amount"`           // what the buyer paid (final amount)
	RefundReference string          `bun:"refund_reference"` // the bank's reference of the refund
}

// from is who the notice comes from: the company and its buyer site.
func (s *Service) from(n Notice) mail.From {
	var domains []string
	if n.Domain != "" {
		domains = []string{n.Domain}
	}
	return mail.From{Brand: n.Brand, Company: n.Company, URL: s.Links.SiteURL(n.Symbol, domains), ReplyTo: n.CompanyMail}
}

// noticeTaskID makes queueing a notice idempotent: the review and the sweep may both try.
func noticeTaskID(purchaseID string) string { return "notice:" + purchaseID }

// SendNotice queues the decision email and records that it was queued. A notice already queued
// (same task id) counts as sent. A deleted buyer gets no mail but the notice is settled.
//
// The record commits asynchronously (synchronous_commit off for its one statement): it does not
// wait for its WAL to reach the disk, so the approve cycle has one WAL flush fewer to queue
// behind (docs/performance.md, 2026-11-28). A record lost in a crash only means the sweep
// queues the notice again, which the task id (kept 24 h) turns into a no-op: no second email.
func (s *Service) SendNotice(ctx context.Context, n Notice) error {
	if !n.Deleted && n.Email != "" {
		msg := mail.DecisionMessage(n.Email, n.Name, s.from(n), n.OrderNumber, n.Reference, n.Status, n.Quantity.String(), n.Symbol, n.Reason)
		if err := s.queueMail(ctx, msg, noticeTaskID(n.PurchaseID)); err != nil {
			return fmt.Errorf("queue decision mail: %w", err)
		}
	}
	// One simple query: both statements run in one implicit transaction, which ends with it
	// (committed, or rolled back on an error), so the setting never outlives it.
	_, err := s.DB.ExecContext(ctx, "SET LOCAL synchronous_commit = off; "+
		"UPDATE purchases SET decision_notified_at = now() WHERE id = ? AND decision_notified_at IS NULL", n.PurchaseID)
	return err
}

// NoticeLookback is how far back the sweep looks for decisions whose notice was not queued.
const NoticeLookback = 24 * time.Hour

// SendPendingNotices queues the notices of decisions, and the emails of refunds, made at least a
// minute ago (so the request's own attempt goes first) and not yet queued, at most 200 of each a
// call. It returns how many it queued.
func (s *Service) SendPendingNotices(ctx context.Context, now time.Time) (int, error) {
	sent := 0
	for _, kind := range []struct {
		at, notified string
		send         func(context.Context, Notice) error
	}{
		{"decided_at", "decision_notified_at", s.SendNotice},
		{"refunded_at", "refund_notified_at", s.sendRefundNotice},
	} {
		var rows []Notice
		err := s.DB.NewSelect().TableExpr("purchases AS p").
			ColumnExpr("p.id, p.order_number, COALESCE(p.reference_number, '') AS reference, p.status, p.quantity, COALESCE(p.reject_reason, '') AS reason").
			ColumnExpr("p.final_amount AS amount, COALESCE(p.refund_reference, '') AS refund_reference").
			ColumnExpr("p.user_id, p.company_id").
			Where("p.? IS NULL", bun.Ident(kind.notified)).Where("p.? IS NOT NULL", bun.Ident(kind.at)).
			Where("p.? > ?", bun.Ident(kind.at), now.Add(-NoticeLookback)).Where("p.? <= ?", bun.Ident(kind.at), now.Add(-time.Minute)).
			OrderExpr("p.?", bun.Ident(kind.at)).Limit(200).Scan(ctx, &rows)
		if err != nil {
			return sent, fmt.Errorf("pending notices (%s): %w", kind.notified, err)
		}
		if rows, err = withSenders(ctx, s.DB, rows); err != nil {
			return sent, fmt.Errorf("pending notices (%s): %w", kind.notified, err)
		}
		for _, n := range rows {
			if err := kind.send(ctx, n); err != nil {
				return sent, err
			}
			sent++
		}
	}
	return sent, nil
}
