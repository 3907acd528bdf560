// Package dashboard computes the admin and super admin dashboards with aggregate SQL: counts and
// sums in the database, never rows loaded into memory.
package dashboard

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
	"prelaunch/core/company"
	"prelaunch/core/stats"
	"prelaunch/core/ttl"
)

// PrivateSupplyData is the pre-sale at a glance: its size, what is left, and the tokens credited
// to buyers (the sum of the company's users' stock balances, referral rewards included).
type PrivateSupplyData struct {
	Total        decimal.Decimal `json:"total"`
	Remaining    decimal.Decimal `json:"remaining"`
	StockBalance decimal.Decimal `json:"stockBalance"`
}

// ByMethod is one figure per payment method of APPROVED purchases.
type ByMethod[T any] struct {
	Total  T `json:"total"`
	Bank   T `json:"bank"`
	UPI    T `json:"upi"`
	Manual T `json:"manual"`
	Crypto T `json:"crypto"`
}

type TokenSummary struct {
	Symbol   string           `json:"symbol"`
	Name     string           `json:"name"`
	IconURL  string           `json:"icon_url"`
	Title    string           `json:"title"`
	MetaData company.MetaData `json:"metaData"`
}

// Admin is the data of GET /admin/dashboard/get (SPEC §3 "Dashboard data").
type Admin struct {
	UserActive              int64                     `json:"userActive"`
	UserInactive            int64                     `json:"userInactive"`
	UserBlock               int64                     `json:"userBlock"`
	TotalMember             int64                     `json:"totalMember"`
	VerificationCompleted   int64                     `json:"verificationCompleted"`
	VerificationPending     int64                     `json:"verificationPending"`
	company.SupplyView                                // totalSupply … referralSupply, as on token settings
	RemainingReferralSupply decimal.Decimal           `json:"remainingReferralSupply"`
	PrivateSupplyData       PrivateSupplyData         `json:"privateSupplyData"`
	TransactionSummary      ByMethod[decimal.Decimal] `json:"transactionSummary"`
	TransactionCount        ByMethod[int64]           `json:"transactionCount"`
	Token                   TokenSummary              `json:"token"`
}

// ForAdmin computes the company's dashboard. Member figures count live buyers (role USER, not
// deleted); the stock balance counts every account of the company, because credited tokens stay
// credited; the transaction summary sums finalAmount of APPROVED purchases by method.
func forAdmin(ctx context.Context, db bun.IDB, companyID string) (*Admin, error) {
	var out Admin
	// Member, stock and approved-purchase figures are kept in step by triggers (core/stats):
	// exact, and a few rows to read instead of the company's users and purchases.
	st, err := stats.For(ctx, db, companyID)
	if err != nil {
		return nil, fmt.Errorf("dashboard figures: %w", err)
	}
	out.UserActive, out.UserInactive, out.UserBlock = st.UsersActive, st.UsersInactive, st.UsersBlocked
	out.TotalMember, out.VerificationCompleted, out.VerificationPending = st.UsersTotal, st.UsersApproved, st.UsersWaiting
	stock := st.StockBalance

	var t company.Token
	if err := db.NewSelect().Model(&t).Where("company_id = ?", companyID).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, apperr.NotFound("token_not_found", "This company has no token configured.")
		}
		return nil, err
	}
	out.SupplyView, out.RemainingReferralSupply = t.Supply(), t.RemainingReferralSupply
	out.PrivateSupplyData = PrivateSupplyData{Total: t.PrivateSupply, Remaining: t.RemainingPrivateSupply, StockBalance: stock}
	out.Token = TokenSummary{Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL, Title: t.Title,
		MetaData: company.MetaData{Title: t.MetaTitle, Description: t.MetaDescription, Keywords: t.MetaKeywords}}

	out.TransactionSummary = ByMethod[decimal.Decimal]{Total: st.ApprovedAmount, Bank: st.BankAmount, UPI: st.UPIAmount,
		Manual: st.ManualAmount, Crypto: st.CryptoAmount}
	out.TransactionCount = ByMethod[int64]{Total: st.ApprovedCount, Bank: st.BankCount, UPI: st.UPICount,
		Manual: st.ManualCount, Crypto: st.CryptoCount}
	return &out, nil
}

// PurchaseCounts are purchases by review status.
type PurchaseCounts struct {
	Pending  int64 `json:"pending"`
	Approved int64 `json:"approved"`
	Rejected int64 `json:"rejected"`
	Refunded int64 `json:"refunded"`
}

// Super is the data of GET /superadmin/dashboard/get.
type Super struct {
	Companies        int64           `json:"companies"`
	Users            int64           `json:"users"`
	Purchases        PurchaseCounts  `json:"purchases"`
	ApprovedAmount   decimal.Decimal `json:"approvedAmount"`
	ApprovedQuantity decimal.Decimal `json:"approvedQuantity"`
}

// ForSuperAdmin computes platform-wide figures: companies, live buyers, purchases by status and
// the amount (finalAmount) and quantity of approved purchases.
func forSuperAdmin(ctx context.Context, db bun.IDB) (*Super, error) {
	var out Super
	err := db.NewRaw(`SELECT
			(SELECT count(*) FROM companies),
			(SELECT count(*) FROM users WHERE role = 'USER' AND deleted_at IS NULL),
			count(*) FILTER (WHERE status = 'PENDING'),
			count(*) FILTER (WHERE status = 'APPROVED'),
			count(*) FILTER (WHERE status = 'REJECTED'),
			count(*) FILTER (WHERE status = 'REFUNDED'),
			COALESCE(sum(final_amount) FILTER (WHERE status = 'APPROVED'), 0),
			COALESCE(sum(quantity) FILTER (WHERE status = 'APPROVED'), 0)
		FROM purchases`).
		Scan(ctx, &out.Companies, &out.Users, &out.Purchases.Pending, &out.Purchases.Approved, &out.Purchases.Rejected, &out.Purchases.Refunded,
			&out.ApprovedAmount, &out.ApprovedQuantity)
	if err != nil {
		return nil, fmt.Errorf("super dashboard: %w", err)
	}
	return &out, nil
}

// AdminTTL is how long ForAdmin reuses a company's figures.
const AdminTTL = time.Second

// Service answers the admin and super admin dashboards.
type Service struct {
	DB bun.IDB
	// Admin reuses each company's dashboard for its TTL (AdminTTL when built by the wiring; the
	// app's own query cache keeps it 20 s), so a room of admins costs one read of the figures a
	// second. A zero TTL reads every time.
	Admin ttl.Cache[string, *Admin]
}

// ForAdmin is admin dashboard/get: the company's figures.
func (s *Service) ForAdmin(ctx context.Context, companyID string) (*Admin, error) {
	return s.Admin.Get(companyID, func() (*Admin, error) { return forAdmin(ctx, s.DB, companyID) })
}

// ForSuperAdmin is super admin dashboard/get: the platform's figures.
func (s *Service) ForSuperAdmin(ctx context.Context) (*Super, error) { return forSuperAdmin(ctx, s.DB) }
