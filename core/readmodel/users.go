package readmodel

import (
	"context"
	"strings"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/kyc"
	"prelaunch/core/stats"
	"prelaunch/core/user"
)

// userRow is a user with their KYC status (kyc.StatusSQL: EXPIRED once an approval ends) and whether their
// two-factor sign-in is locked.
type userRow struct {
	user.User       `bun:",extend"`
	KYCStatus       string `bun:"kyc_status"`
	TwoFactorLocked bool   `bun:"two_factor_locked"`
}

const twoFactorLockedSQL = "EXISTS (SELECT 1 FROM admin_two_factor AS tf WHERE tf.user_id = u.id AND tf.locked_at IS NOT NULL) AS two_factor_locked"

func userRecordOf(r *userRow) user.UserRecord {
	u := &r.User
	return user.UserRecord{ID: u.ID, Name: u.Name, Mobile: u.Mobile, Email: u.Email, Role: u.Role,
		ReferralCode: u.ReferralCode, IsApproved: u.IsApproved, Status: u.Status,
		StockBalance: u.StockBalance, CreatedAt: u.CreatedAt, KYCStatus: r.KYCStatus, TwoFactorLocked: r.TwoFactorLocked}
}

// Users lists (GET /admin/auth/list) the company's live buyers (or, with Role ADMIN, its admins), newest first or by
// name, optionally searched (name, email, mobile, referral code — the trigram-indexed
// users.search_text) and filtered by approval.
func (s *Service) Users(ctx context.Context, companyID string, f user.ListFilter) (pagination.List[user.UserRecord], error) {
	var empty pagination.List[user.UserRecord]
	pg, err := pagination.Parse(f.Page, f.Limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	sort, err := pagination.ParseSort(f.Sort, f.Dir, "date", "name")
	if err != nil {
		return empty, err
	}
	role := strings.ToUpper(strings.TrimSpace(f.Role))
	if role == "" {
		role = user.RoleUser
	}
	if role != user.RoleUser && role != user.RoleAdmin {
		return empty, apperr.Invalid("bad_role", "role must be USER or ADMIN.")
	}
	var users []userRow
	q := s.DB.NewSelect().Model(&users).
		Column("id", "name", "mobile", "email", "role", "referral_code", "is_approved", "status", "stock_balance", "created_at").
		ColumnExpr(kyc.StatusSQL+" AS kyc_status", s.now()).ColumnExpr(twoFactorLockedSQL).
		Where("company_id = ?", companyID).Where("deleted_at IS NULL").Where("role = ?", role)
	switch strings.ToLower(strings.TrimSpace(f.IsApproved)) {
	case "":
	case "true":
		q = q.Where("is_approved")
	case "false":
		q = q.Where("NOT is_approved")
	default:
		return empty, apperr.Invalid("bad_filter", "isApproved must be true or false.")
	}
	term := pagination.SearchPattern(f.Search)
	if term != "" {
		cond, args := pagination.Match("search_text", f.Search)
		q = q.Where(cond, args...)
	}
	if sort.Key == "name" {
		// users_company_name_idx (migration 20261250000100) keeps this order on an index.
		q = q.OrderExpr("lower(name) " + sort.Dir() + ", id " + sort.Dir())
	} else {
		q = q.OrderExpr("created_at " + sort.Dir() + ", id " + sort.Dir())
	}
	q = q.Limit(int64(pg.Limit)).Offset(int64(pg.Offset()))
	var total int
	if term != "" {
		var err error
		if total, err = pagination.ScanSearch(ctx, q, &users, pg); err != nil {
			return empty, err
		}
	} else {
		// Without a search the exact total is kept in step by triggers (core/stats) instead of
		// counting the company's accounts (~333k at scale) on every page.
		if err := q.Scan(ctx); err != nil {
			return empty, err
		}
		st, err := stats.For(ctx, s.DB, companyID)
		if err != nil {
			return empty, err
		}
		// Buyers are the USER figures; admins are every live account less the buyers.
		all, approved := st.UsersTotal, st.UsersApproved
		if role == user.RoleAdmin {
			all, approved = st.AccountsTotal-st.UsersTotal, st.AccountsApproved-st.UsersApproved
		}
		switch strings.ToLower(strings.TrimSpace(f.IsApproved)) {
		case "true":
			total = int(approved)
		case "false":
			total = int(all - approved)
		default:
			total = int(all)
		}
	}
	recs := make([]user.UserRecord, len(users))
	for i := range users {
		recs[i] = userRecordOf(&users[i])
	}
	return pagination.NewList(recs, int(total), pg), nil
}
