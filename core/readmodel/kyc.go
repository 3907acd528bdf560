package readmodel

import (
	"context"
	"strings"

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
	q := s.DB.NewSelect().Model(&rows).ColumnExpr("k.*").
		ColumnExpr("u.name AS user_name, u.email AS user_email, u.mobile AS user_mobile").
		ColumnExpr("u.referral_code AS user_referral_code, u.is_approved AS user_is_approved").
		Join("JOIN users AS u ON u.id = k.user_id").
		Where("k.company_id = ?", companyID).Where("u.deleted_at IS NULL")
	now := s.now()
	order := "k.status = 'PENDING' DESC, CASE WHEN k.status = 'PENDING' THEN k.submitted_at END ASC, k.decided_at DESC, k.user_id"
	switch st := strings.ToUpper(strings.TrimSpace(f.Status)); st {
	case "":
	case kyc.StatusPending, kyc.StatusRejected:
		q = q.Where("k.status = ?", st)
	case kyc.StatusApproved: // approvals still current
		q = q.Where("k.status = ?", st).Where("k.expires_at > ?", now)
	case FilterExpiring: // current approvals that end within 30 days, soonest first
		q = q.Where("k.status = ?", kyc.StatusApproved).Where("k.expires_at > ?", now).
			Where("k.expires_at <= ?", now.Add(kyc.ExpiringWithin))
		order = "k.expires_at, k.user_id"
	case FilterExpired: // approvals that ended, latest first (the buyer has not submitted again)
		q = q.Where("k.status = ?", kyc.StatusApproved).Where("k.expires_at <= ?", now)
		order = "k.expires_at DESC, k.user_id"
	default:
		return empty, apperr.Invalid("bad_status", "status must be PENDING, APPROVED, REJECTED, EXPIRING or EXPIRED.")
	}
	if cond, args := pagination.Match("u.search_text", f.Search); cond != "" {
		q = q.Where(cond, args...)
	}
	q = q.OrderExpr(order).Offset(int64(pg.Offset()))
	total, err := pagination.ScanSearch(ctx, q, &rows, pg)
	if err != nil {
		return empty, err
	}
	recs, err := s.KYCRecords.Records(ctx, s.DB, rows)
	if err != nil {
		return empty, err
	}
	return pagination.NewList(recs, total, pg), nil
}
