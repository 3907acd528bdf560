package kyc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/user"
)

// How long an approval lasts (docs/compliance.md, "KYC refresh"): 12 months, 6 for a buyer the
// admin marks high-risk. Months are added by Postgres (31 Aug + 6 months = 28 Feb).
const (
	ValidMonths         = 12
	HighRiskValidMonths = 6
)

// Reminder windows: the worker emails the buyer this many days before the expiry, each once.
const (
	FirstReminder  = 30 * 24 * time.Hour
	SecondReminder = 7 * 24 * time.Hour
)

// ExpiringWithin is the admin list's "expiring" filter: approvals that end within 30 days.
const ExpiringWithin = FirstReminder

func validMonths(highRisk bool) int {
	if highRisk {
		return HighRiskValidMonths
	}
	return ValidMonths
}

// Current reports whether an APPROVED submission still holds at now (its expiry is later).
func Current(status string, expiresAt *time.Time, now time.Time) bool {
	return status == StatusApproved && expiresAt != nil && expiresAt.After(now)
}

// Approved reports whether the user's KYC is APPROVED and not expired at now; db may be the
// order's transaction. An expired approval counts as none (limits.kycRequiredAbove).
func Approved(ctx context.Context, db bun.IDB, userID string, now time.Time) (bool, error) {
	var row struct {
		Status    string     `bun:"status"`
		ExpiresAt *time.Time `bun:"expires_at"`
	}
	err := db.NewSelect().Model((*Submission)(nil)).Column("status", "expires_at").Where("user_id = ?", userID).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("kyc status: %w", err)
	}
	return Current(row.Status, row.ExpiresAt, now), nil
}

// RiskInput is the body of POST /admin/kyc/risk.
type RiskInput struct {
	UserID   string `json:"userId"`
	HighRisk *bool  `json:"highRisk"`
}

type riskAudit struct {
	HighRisk  bool       `json:"highRisk"`
	ExpiresAt *time.Time `json:"expiresAt"`
}

// SetRisk sets or clears the buyer's high-risk flag on their KYC (any status; an approval made
// later lasts HighRiskValidMonths), audited as kyc.risk. The current approval's expiry is
// recomputed from its approval time, and its reminders start over when the expiry moves.
func (s *Service) SetRisk(ctx context.Context, actor audit.Actor, companyID string, in RiskInput) (*AdminRecord, error) {
	userID := strings.TrimSpace(in.UserID)
	var v apperr.Validation
	v.CheckField(userID != "", "userId", "userId is required.")
	v.CheckField(in.HighRisk != nil, "highRisk", "highRisk is required (true or false).")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !fields.UUID(userID) {
		return nil, errNotFound()
	}
	high := *in.HighRisk
	var rec *AdminRecord
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var k Submission
		err := tx.NewSelect().Model(&k).Where("user_id = ?", userID).Where("company_id = ?", companyID).
			For("UPDATE").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotFound()
		}
		if err != nil {
			return fmt.Errorf("kyc risk: %w", err)
		}
		before := riskAudit{HighRisk: k.HighRisk, ExpiresAt: k.ExpiresAt}
		q := tx.NewUpdate().Model((*Submission)(nil)).Set("high_risk = ?", high).Set("updated_at = now()").
			Where("user_id = ?", userID).Returning("expires_at")
		if k.Status == StatusApproved && k.ApprovedAt != nil && k.HighRisk != high {
			q = q.Set("expires_at = approved_at + make_interval(months => ?)", validMonths(high)).
				Set("reminded_30_at = NULL").Set("reminded_7_at = NULL")
		}
		var expires *time.Time
		if _, err := q.Exec(ctx, &expires); err != nil {
			return fmt.Errorf("kyc risk: %w", err)
		}
		if err := audit.Write(ctx, tx, actor, "kyc.risk", "user", userID, before,
			riskAudit{HighRisk: high, ExpiresAt: expires}); err != nil {
			return err
		}
		rec, err = s.record(ctx, tx, companyID, userID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// record is one buyer's review record, read in tx.
func (s *Service) record(ctx context.Context, tx bun.IDB, companyID, userID string) (*AdminRecord, error) {
	var row AdminRow
	if err := tx.NewSelect().Model(&row.Submission).Where("k.user_id = ?", userID).Where("k.company_id = ?", companyID).
		Scan(ctx); err != nil {
		return nil, fmt.Errorf("kyc record of %s: %w", userID, err)
	}
	u, err := user.RevieweeOf(ctx, tx, userID)
	if err != nil {
		return nil, fmt.Errorf("kyc record of %s: %w", userID, err)
	}
	if u.Deleted {
		return nil, errNotFound()
	}
	row.fill(u)
	recs, err := s.Records(ctx, tx, []AdminRow{row})
	if err != nil {
		return nil, err
	}
	return &recs[0], nil
}

// reminder is an approval whose expiry reminder is due, with what its email needs.
type reminder struct {
	notice
	ExpiresAt time.Time `bun:"expires_at"`
}

// SendExpiryReminders queues the emails of approvals that expire within 30 days (first
// reminder) or 7 days (second), each once: the row records the reminder in the transaction that
// queues it, and the task id names the approval's expiry, so a retry or a restart sends no
// second mail. An approval already inside 7 days gets only the second. At most 200 a call; it
// returns how many it queued.
func (s *Service) SendExpiryReminders(ctx context.Context, now time.Time) (int, error) {
	var due []struct {
		UserID string `bun:"user_id"`
	}
	err := s.DB.NewSelect().Model((*Submission)(nil)).Column("user_id").
		Where("status = ?", StatusApproved).Where("expires_at > ?", now).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("expires_at <= ? AND reminded_30_at IS NULL AND reminded_7_at IS NULL", now.Add(FirstReminder)).
				WhereOr("expires_at <= ? AND reminded_7_at IS NULL", now.Add(SecondReminder))
		}).OrderExpr("expires_at").Limit(200).Scan(ctx, &due)
	if err != nil {
		return 0, fmt.Errorf("kyc expiry reminders: %w", err)
	}
	sent := 0
	for _, d := range due {
		ok, err := s.remind(ctx, d.UserID, now)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// remind queues one buyer's reminder and records it, in one transaction (the row locked, so two
// workers racing send one). It reports whether it queued a mail.
func (s *Service) remind(ctx context.Context, userID string, now time.Time) (bool, error) {
	queued := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var r reminder
		var r30, r7 *time.Time
		err := tx.NewRaw(`SELECT k.user_id, k.status, k.reason, k.decided_at, k.expires_at, k.reminded_30_at, k.reminded_7_at
			FROM kyc_submissions AS k WHERE k.user_id = ? AND k.status = ? AND k.expires_at > ? FOR UPDATE`,
			userID, StatusApproved, now).Scan(ctx, &r.UserID, &r.Status, &r.Reason, &r.DecidedAt, &r.ExpiresAt, &r30, &r7)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("kyc reminder: %w", err)
		}
		left := r.ExpiresAt.Sub(now)
		which := ""
		switch {
		case left <= SecondReminder && r7 == nil:
			which = "7"
		case left <= FirstReminder && r30 == nil && r7 == nil:
			which = "30"
		default:
			return nil
		}
		set := "reminded_30_at = ?"
		if which == "7" { // the second reminder settles the first too
			set = "reminded_7_at = ?, reminded_30_at = COALESCE(reminded_30_at, ?)"
		}
		args := []any{now}
		if which == "7" {
			args = append(args, now)
		}
		if _, err := tx.NewUpdate().Model((*Submission)(nil)).Set(set, args...).Where("user_id = ?", userID).Exec(ctx); err != nil {
			return fmt.Errorf("kyc reminder: %w", err)
		}
		ns, err := withSenders(ctx, tx, []notice{r.notice})
		if err != nil {
			return fmt.Errorf("kyc reminder: %w", err)
		}
		if len(ns) != 1 || ns[0].Deleted || ns[0].Email == "" {
			return nil // recorded: a closed account is not mailed
		}
		n := ns[0]
		var domains []string
		if n.Domain != "" {
			domains = []string{n.Domain}
		}
		from := mail.From{Brand: n.Brand, Company: n.Company, URL: s.Links.SiteURL(n.Symbol, domains)}
		task, err := tasks.NewEmailSendTask(mail.KYCExpiryMessage(n.Email, n.Name, from, r.ExpiresAt))
		if err != nil {
			return err
		}
		id := fmt.Sprintf("kyc-expiry:%s:%d:%s", userID, r.ExpiresAt.Unix(), which)
		_, err = s.Tasks.EnqueueContext(ctx, task, asynq.TaskID(id), asynq.Retention(24*time.Hour))
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
			return fmt.Errorf("queue kyc reminder: %w", err)
		}
		queued = err == nil
		return nil
	})
	return queued, err
}
