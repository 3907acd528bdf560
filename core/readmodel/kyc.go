package readmodel

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/kyc"
)

// The KYC list's expiry filters (beside the statuses): EXPIRING, approvals that end within 30
// days; EXPIRED, approvals that ended. APPROVED lists the current approvals only.
const (
	FilterExpiring = "EXPIRING"
	FilterExpired  = "EXPIRED"
)

// KYCFilter is the query of GET /admin/kyc/list.
type KYCFilter struct {
	Page, Limit, Status, Search string
}

// KYC is the company's submissions (GET /admin/kyc/list) of live buyers: PENDING first, oldest
// first (the review queue), then the decided ones, latest decision first; EXPIRING soonest
// expiry first, EXPIRED latest expiry first. Search matches name,
// email, mobile and Member ID (users.search_text). Each record is made by kyc.Service.Records.
func (s *Service) KYC(ctx context.Context, companyID string, f KYCFilter) (pagination.List[kyc.AdminRecord], error) {
	var empty pagination.List[kyc.AdminRecord]
	pg, err := pagination.Parse(f.Page, f.Limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	var rows []kyc.AdminRow
	withUsers := func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("k.*").
			ColumnExpr("u.name AS user_name, u.email AS user_email, u.mobile AS user_mobile").
			ColumnExpr("u.referral_code AS user_referral_code, u.is_approved AS user_is_approved").
			ColumnExpr("u.mobile_verified_at AS user_mobile_verified_at").
			Join("JOIN users AS u ON u.id = k.user_id")
	}
	q := withUsers(s.DB.NewSelect().Model(&rows)).Where("k.company_id = ?", companyID).Where("u.deleted_at IS NULL")
	now := s.now()
	// Each order is that of an index of migration 20261640000100 (the status filters' leading
	// keys are constant, so "PENDING first" and the queue's CASE drop out of them): a page reads
	// its rows in order instead of sorting every submission of the company.
	order := "k.status = 'PENDING' DESC, CASE WHEN k.status = 'PENDING' THEN k.submitted_at END ASC, k.decided_at DESC, k.user_id"
	var conds []cond // on k alone: the total counts them without the users join (kycTotal)
	st := strings.ToUpper(strings.TrimSpace(f.Status))
	switch st {
	case "":
	case kyc.StatusPending:
		conds = append(conds, cond{"k.status = ?", []any{st}})
		order = "k.submitted_at, k.decided_at DESC, k.user_id"
	case kyc.StatusRejected:
		conds = append(conds, cond{"k.status = ?", []any{st}})
		order = "k.decided_at DESC, k.user_id"
	case kyc.StatusApproved: // approvals still current
		conds = append(conds, cond{"k.status = ?", []any{st}}, cond{"k.expires_at > ?", []any{now}})
		order = "k.decided_at DESC, k.user_id"
	case FilterExpiring: // current approvals that end within 30 days, soonest first
		conds = append(conds, cond{"k.status = ?", []any{kyc.StatusApproved}}, cond{"k.expires_at > ?", []any{now}},
			cond{"k.expires_at <= ?", []any{now.Add(kyc.ExpiringWithin)}})
		order = "k.expires_at, k.user_id"
	case FilterExpired: // approvals that ended, latest first (the buyer has not submitted again)
		conds = append(conds, cond{"k.status = ?", []any{kyc.StatusApproved}}, cond{"k.expires_at <= ?", []any{now}})
		order = "k.expires_at DESC, k.user_id"
	default:
		return empty, apperr.Invalid("bad_status", "status must be PENDING, APPROVED, REJECTED, EXPIRING or EXPIRED.")
	}
	for _, c := range conds {
		q = q.Where(c.sql, c.args...)
	}
	q = q.OrderExpr(order).Offset(int64(pg.Offset()))
	var total int
	if cond, args := pagination.Match("u.search_text", f.Search); cond != "" {
		q = q.Where(cond, args...)
		if total, err = pagination.ScanSearch(ctx, q, &rows, pg); err != nil {
			return empty, err
		}
	} else {
		// Without a search the page is found among the submissions alone, the closed accounts'
		// left out by their ids (users_company_closed_idx: a handful), and only the page's rows
		// are joined to their users: joining every row the offset skips cost page 100 (1,000
		// user lookups) 3.7 of its 4.6 ms on 100,000 submissions (docs/performance.md).
		page := s.DB.NewSelect().TableExpr("kyc_submissions AS k").ColumnExpr("k.*").Where("k.company_id = ?", companyID).
			Where("k.user_id NOT IN (SELECT id FROM users WHERE company_id = ? AND deleted_at IS NOT NULL)", companyID)
		for _, c := range conds {
			page = page.Where(c.sql, c.args...)
		}
		page = page.OrderExpr(order).Offset(int64(pg.Offset())).Limit(int64(pg.Probe()))
		if err := withUsers(s.DB.NewSelect().Model(&rows).ModelTableExpr("(?) AS k", page)).OrderExpr(order).Scan(ctx); err != nil {
			return empty, err
		}
		if rows, total, err = pagination.TrimTotal(rows, pg, func() (int64, error) { return s.kycTotal(ctx, companyID, st, conds, now) }); err != nil {
			return empty, err
		}
	}
	recs, err := s.KYCRecords.Records(ctx, s.DB, rows)
	if err != nil {
		return empty, err
	}
	return pagination.NewList(recs, total, pg), nil
}

type cond struct {
	sql  string
	args []any
}

// kycTotal is the number of the company's submissions meeting the filter st (conds) whose buyer
// is live. All, PENDING, REJECTED and APPROVED start from the counts the triggers keep per
// company and status (kyc.CountByStatus: a read of a few rows, where counting the company's
// submissions took 61 ms at 100,000; docs/performance.md); APPROVED (current approvals) also
// takes off the approvals that ended, counted on kyc_submissions_company_expires_idx. EXPIRING
// and EXPIRED are counted exactly, on the same index. Each then takes off the submissions of
// closed accounts (users.deleted_at set) meeting the filter: a submission's company is its
// buyer's (kyc.Service writes it from the buyer), so they are found from the company's closed
// accounts (users_company_closed_idx), a handful, instead of joining every submission to its
// user (1.2 s at 100,000 submissions).
func (s *Service) kycTotal(ctx context.Context, companyID, st string, conds []cond, now time.Time) (int64, error) {
	rows := func() *bun.SelectQuery {
		q := s.DB.NewSelect().TableExpr("kyc_submissions AS k").ColumnExpr("1").Where("k.company_id = ?", companyID)
		for _, c := range conds {
			q = q.Where(c.sql, c.args...)
		}
		return q
	}
	closed := rows().Where("k.user_id IN (SELECT id FROM users WHERE company_id = ? AND deleted_at IS NOT NULL)", companyID)
	var n int64
	switch st {
	case "", kyc.StatusPending, kyc.StatusRejected, kyc.StatusApproved:
	default:
		err := s.DB.NewSelect().ColumnExpr("(SELECT count(*) FROM (?) a) - (SELECT count(*) FROM (?) c)", rows(), closed).Scan(ctx, &n)
		return n, err
	}
	counts, err := kyc.CountByStatus(ctx, s.DB, companyID)
	if err != nil {
		return 0, err
	}
	kept := counts.All()
	if st != "" {
		kept = counts.Of(st)
	}
	// ended is what the kept count has beyond the filter's rows: for APPROVED, the approvals no
	// longer current (an approval without an expiry is not current either).
	ended := s.DB.NewSelect().ColumnExpr("0")
	if st == kyc.StatusApproved {
		ended = s.DB.NewSelect().TableExpr("kyc_submissions AS k").ColumnExpr("count(*)").
			Where("k.company_id = ? AND k.status = ?", companyID, kyc.StatusApproved).
			Where("(k.expires_at <= ? OR k.expires_at IS NULL)", now)
	}
	err = s.DB.NewSelect().ColumnExpr("(SELECT count(*) FROM (?) c) + (?)", closed, ended).Scan(ctx, &n)
	return kept - n, err
}
