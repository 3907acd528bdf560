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
		ColumnExpr(userListColumns).
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
	if like, word, probed := pagination.ProbeArgs(f.Search); probed && sort.Key == "date" {
		// A term probed by its digits, as a prepared statement (see purchaseSearchSQL).
		var approved any // NULL: either
		if v := strings.ToLower(strings.TrimSpace(f.IsApproved)); v != "" {
			approved = v == "true"
		}
		if err := s.stmts.Scan(ctx, s.DB, &users, userSearchSQL(sort), s.now(), companyID, like, word, role,
			approved, pg.Probe(), pg.Offset()); err != nil {
			return empty, err
		}
		var err error
		if users, total, err = pagination.TrimTotal(users, pg, func() (int64, error) { return q.Count(ctx) }); err != nil {
			return empty, err
		}
	} else if term != "" {
		var err error
		if total, err = pagination.ScanSearch(ctx, q, &users, pg); err != nil {
			return empty, err
		}
	} else {
		// Without a search the exact total is kept in step by triggers (core/stats) instead of
		// counting the company's accounts (~333k at scale) on every page. The page itself, newest
		// or oldest first without an approval filter (the list as an admin opens it), is a
		// prepared statement (userPageSQL).
		var err error
		if sort.Key == "date" && strings.TrimSpace(f.IsApproved) == "" {
			err = s.stmts.Scan(ctx, s.DB, &users, userPageSQL(sort), s.now(), companyID, role, pg.Limit, pg.Offset())
		} else {
			err = q.Scan(ctx)
		}
		if err != nil {
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

// userPageSQL is Users without a search or filter, newest or oldest first: $1 now (KYC expiry),
// $2 company, $3 role, $4 limit, $5 offset.
func userPageSQL(sort pagination.Sort) string {
	return "SELECT " + userListColumns + ", " + kycStatusAt1 + " AS kyc_status, " +
		twoFactorLockedSQL + " FROM users AS u WHERE u.company_id = $2 AND u.deleted_at IS NULL AND u.role = $3 " +
		"ORDER BY u.created_at " + sort.Dir() + ", u.id " + sort.Dir() + " LIMIT $4 OFFSET $5"
}

// kycStatusAt1 is kyc.StatusSQL for a prepared statement whose $1 is now (the KYC expiry).
var kycStatusAt1 = strings.Replace(kyc.StatusSQL, "?", "$1::timestamptz", 1)

// userListColumns are the columns of users a list's record shows (userRecordOf).
const userListColumns = "u.id, u.name, u.mobile, u.email, u.role, u.referral_code, u.is_approved, u.status, u.stock_balance, u.created_at"

// userSearchSQL is Users with a term probed by its digits, newest or oldest first: $1 now (KYC
// expiry), $2 company, $3 $4 the probe and term (pagination.ProbeArgs), $5 role, $6 approved
// (NULL: either), $7 limit, $8 offset. The matching accounts are found first, fenced off
// (MATERIALIZED), then sorted: a kept plan must never walk the company's accounts by date
// hoping to meet the term soon (tools/perf TestPlansUseIndexes checks it).
func userSearchSQL(sort pagination.Sort) string {
	return "WITH m AS MATERIALIZED (SELECT id, created_at FROM users WHERE search_text LIKE $3 " +
		"AND strpos(search_text, $4) > 0 AND company_id = $2 AND deleted_at IS NULL AND role = $5 " +
		"AND ($6::boolean IS NULL OR is_approved = $6)) " +
		"SELECT " + userListColumns + ", " + kycStatusAt1 + " AS kyc_status, " + twoFactorLockedSQL + " " +
		"FROM m JOIN users AS u ON u.id = m.id ORDER BY m.created_at " + sort.Dir() + ", m.id " + sort.Dir() + " LIMIT $7 OFFSET $8"
}
