package readmodel

import (
	"context"
	"reflect"
	"strings"
	"sync"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/stats"
)

// The admin and super admin purchase lists: each purchase with its buyer (and their verification)
// and, for the super admin, its company.

type reviewRow struct {
	purchase.Purchase `bun:",extend"`
	UserName          string `bun:"user_name"`
	UserMobile        string `bun:"user_mobile"`
	UserEmail         string `bun:"user_email"`
	AdminUserReferral string `bun:"user_referral_code"`
	UserIsApproved    bool   `bun:"user_is_approved"`
	UserKYCStatus     string `bun:"user_kyc_status"`
	CompanyName       string `bun:"company_name"`
}

// Purchases (GET /admin/transaction/list) lists the company's purchases under review or decided, newest first.
func (s *Service) Purchases(ctx context.Context, companyID string, f purchase.ReviewFilter) (pagination.List[purchase.AdminRecord], error) {
	f.CompanyID = companyID
	return s.purchases(ctx, f, false)
}

// AllPurchases (GET /superadmin/transaction/list) lists purchases across companies (read-only), optionally of one company.
func (s *Service) AllPurchases(ctx context.Context, f purchase.ReviewFilter) (pagination.List[purchase.AdminRecord], error) {
	f.CompanyID = strings.TrimSpace(f.CompanyID)
	if f.CompanyID != "" && !fields.UUID(f.CompanyID) {
		return pagination.List[purchase.AdminRecord]{}, apperr.Invalid("bad_company", "companyId is not a valid id.")
	}
	return s.purchases(ctx, f, true)
}

func (s *Service) purchases(ctx context.Context, f purchase.ReviewFilter, withCompany bool) (pagination.List[purchase.AdminRecord], error) {
	var empty pagination.List[purchase.AdminRecord]
	pg, err := pagination.Parse(f.Page, f.Limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	statuses, ok := purchase.ReviewStatuses(f.Status)
	if !ok {
		return empty, apperr.Invalid("bad_status", purchase.BadReviewStatus)
	}
	sort, err := pagination.ParseSort(f.Sort, f.Dir, "date", "amount")
	if err != nil {
		return empty, err
	}
	if sort.Key == "amount" {
		sort.Desc = f.Dir == "" || strings.EqualFold(strings.TrimSpace(f.Dir), "desc")
	}
	var rows []reviewRow
	q := s.DB.NewSelect().Model(&rows).
		ColumnExpr("p.*").
		ColumnExpr("u.name AS user_name, u.mobile AS user_mobile, u.email AS user_email, u.referral_code AS user_referral_code").
		ColumnExpr("u.is_approved AS user_is_approved, "+kyc.StatusSQL+" AS user_kyc_status", s.now()).
		ColumnExpr("c.name AS company_name").
		Join("JOIN users AS u ON u.id = p.user_id").
		Join("JOIN companies AS c ON c.id = p.company_id").
		Where("p.status IN (?)", bun.List(statuses))
	if f.CompanyID != "" {
		q = q.Where("p.company_id = ?", f.CompanyID)
	}
	term := pagination.SearchPattern(f.Search)
	searched := term != ""
	if searched {
		// One index-friendly branch per way to match, joined by UNION ALL (an OR across the tables
		// defeats every index): buyers by users.search_text (trigram: name, email, mobile,
		// referral code) then their purchases by purchases_user_status_idx; the reference in its
		// normal form (any way it was written: 5788-1679-4120 finds 0578816794120) by the
		// trigram index of ref_norm; the order number, always upper case (migration
		// 20261702000200), by its unique index.
		cond, args := pagination.Match("search_text", f.Search)
		users := s.DB.NewSelect().Table("users").Column("id").Where(cond, args...)
		if f.CompanyID != "" {
			users = users.Where("company_id = ?", f.CompanyID)
		}
		byUser := s.DB.NewSelect().TableExpr("purchases AS p2").Column("p2.id").
			Where("p2.user_id IN (?)", users).Where("p2.status IN (?)", bun.List(statuses))
		byOrder := s.DB.NewSelect().TableExpr("purchases AS p2").Column("p2.id").
			Where("p2.order_number = ?", strings.ToUpper(strings.TrimSpace(f.Search)))
		union := byUser.UnionAll(byOrder)
		if norm := fields.NormalUTR(f.Search); norm != "" {
			// SearchPattern lower-cases and escapes; ref_norm's form is upper case.
			byRef := s.DB.NewSelect().TableExpr("purchases AS p2").Column("p2.id").
				Where("ref_norm(p2.reference_number) LIKE ?", strings.ToUpper(pagination.SearchPattern(norm)))
			union = union.UnionAll(byRef)
		}
		q = q.Where("p.id IN (?)", union)
	}
	if sort.Key == "amount" {
		// purchases_company_status_final_idx (migration 20261250000200) keeps this on an index.
		q = q.OrderExpr("p.final_amount " + sort.Dir() + ", p.id " + sort.Dir())
	} else {
		q = q.OrderExpr("p.created_at " + sort.Dir() + ", p.id " + sort.Dir())
	}
	q = q.Limit(int64(pg.Limit)).Offset(int64(pg.Offset()))
	var total int
	like, word, probed := pagination.ProbeArgs(f.Search)
	if searched && probed && f.CompanyID != "" && sort.Key == "date" {
		// The same search as a prepared statement: planning the union was most of its cost
		// (Postgres alone: 574 runs/s planned each time, 1,429/s prepared; docs/performance.md).
		// Only for a term probed by its digits, which finds few rows whatever the digits, so the
		// one plan Postgres keeps (tools/perf TestPlansUseIndexes checks it) suits every term.
		var ref any // NULL: no reference branch
		if norm := fields.NormalUTR(f.Search); norm != "" {
			ref = strings.ToUpper(pagination.SearchPattern(norm))
		}
		if err := s.stmts.Scan(ctx, s.DB, &rows, purchaseSearchSQL(s.DB, sort.Desc), s.now(), f.CompanyID,
			"{"+strings.Join(statuses, ",")+"}", like, word, strings.ToUpper(strings.TrimSpace(f.Search)), ref,
			pg.Probe(), pg.Offset()); err != nil {
			return empty, err
		}
		var err error
		if rows, total, err = pagination.TrimTotal(rows, pg, func() (int64, error) { return q.Count(ctx) }); err != nil {
			return empty, err
		}
	} else if searched {
		var err error
		if total, err = pagination.ScanSearch(ctx, q, &rows, pg); err != nil {
			return empty, err
		}
	} else {
		// Without a search the exact totals by status are kept in step by triggers (core/stats)
		// instead of counting the company's purchases (~1M at scale) on every page.
		if err := q.Scan(ctx); err != nil {
			return empty, err
		}
		var st *stats.Company
		if f.CompanyID != "" {
			st, err = stats.For(ctx, s.DB, f.CompanyID)
		} else {
			st, err = stats.Platform(ctx, s.DB)
		}
		if err != nil {
			return empty, err
		}
		for _, status := range statuses {
			switch status {
			case purchase.StatusPending:
				total += int(st.PendingCount)
			case purchase.StatusApproved:
				total += int(st.ApprovedCount)
			case purchase.StatusRejected:
				total += int(st.RejectedCount)
			case purchase.StatusRefunded:
				// Refunds are few: counted on purchases_refunded_idx rather than kept by triggers.
				n, err := purchase.RefundedCount(ctx, s.DB, f.CompanyID)
				if err != nil {
					return empty, err
				}
				total += int(n)
			}
		}
	}
	recs := make([]purchase.AdminRecord, len(rows))
	for i := range rows {
		r := &rows[i]
		rec := purchase.AdminRecord{ID: r.ID, OrderNumber: r.OrderNumber, TransactionID: r.TransactionID,
			User: purchase.AdminUserRef{ID: r.UserID, ReferralCode: r.AdminUserReferral, Name: r.UserName, Mobile: r.UserMobile, Email: r.UserEmail,
				IsApproved: r.UserIsApproved, KYCStatus: r.UserKYCStatus},
			PaymentMethod: r.PaymentMethod, Price: r.Price, TotalQuantity: r.Quantity, Amount: r.Amount,
			EnteredAmount: r.EnteredAmount, PaidAmount: r.PaidAmount, Fee: r.Fee,
			FinalAmount: r.FinalAmount, Status: r.Status, ReferenceNumber: r.ReferenceNumber, BankName: r.BankName,
			SubmittedAt: r.SubmittedAt, DecidedAt: r.DecidedAt, CreatedAt: r.CreatedAt,
			RejectReason: r.RejectReason, RefundReference: r.RefundReference, RefundedAt: r.RefundedAt}
		if r.ReceiptID != nil {
			rec.Receipt = s.Media.Ref(*r.ReceiptID)
		}
		if withCompany {
			rec.Company = &purchase.AdminCompanyRef{ID: r.CompanyID, Name: r.CompanyName}
		}
		recs[i] = rec
	}
	return pagination.NewList(recs, int(total), pg), nil
}

// purchaseSearchSQL is the admin's search of one company's purchases (Purchases with a term
// probed by digits), newest or oldest first: $1 now (KYC expiry), $2 company, $3 statuses (an
// array literal of ReviewStatuses' constants), $4 $5 the users probe and term
// (pagination.ProbeArgs), $6 an order number, $7 the reference pattern (NULL: none), $8 limit,
// $9 offset. The same branches as the general search, joined by UNION ALL. The columns are
// named, never p.*: a column added by a migration must not change a prepared statement's result
// under a running server.
func purchaseSearchSQL(db *bun.DB, desc bool) string {
	searchSQLOnce.Do(func() {
		var cols []string
		for _, f := range db.Table(reflect.TypeFor[purchase.Purchase]()).Fields {
			cols = append(cols, "p."+f.Name)
		}
		base := "SELECT " + strings.Join(cols, ", ") + ", " +
			"u.name AS user_name, u.mobile AS user_mobile, u.email AS user_email, u.referral_code AS user_referral_code, " +
			"u.is_approved AS user_is_approved, " + kycStatusAt1 + " AS user_kyc_status, " +
			"c.name AS company_name " +
			"FROM purchases AS p JOIN users AS u ON u.id = p.user_id JOIN companies AS c ON c.id = p.company_id " +
			"WHERE p.status = ANY($3::text[]) AND p.company_id = $2 AND p.id IN (" +
			"SELECT p2.id FROM purchases AS p2 WHERE p2.user_id IN (SELECT id FROM users WHERE search_text LIKE $4 " +
			"AND strpos(search_text, $5) > 0 AND company_id = $2) AND p2.status = ANY($3::text[]) " +
			"UNION ALL SELECT p2.id FROM purchases AS p2 WHERE p2.order_number = $6 " +
			"UNION ALL SELECT p2.id FROM purchases AS p2 WHERE ref_norm(p2.reference_number) LIKE $7) "
		searchSQL[true] = base + "ORDER BY p.created_at DESC, p.id DESC LIMIT $8 OFFSET $9"
		searchSQL[false] = base + "ORDER BY p.created_at ASC, p.id ASC LIMIT $8 OFFSET $9"
	})
	return searchSQL[desc]
}

var (
	searchSQLOnce sync.Once
	searchSQL     = map[bool]string{}
)
