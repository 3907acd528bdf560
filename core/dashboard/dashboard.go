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

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/ttl"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/sale"
	"prelaunch/core/stats"
	"prelaunch/core/user"
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
	Symbol   string        `json:"symbol"`
	Name     string        `json:"name"`
	IconURL  string        `json:"icon_url"`
	Title    string        `json:"title"`
	MetaData sale.MetaData `json:"metaData"`
}

// Admin is the data of GET /admin/dashboard/get.
type Admin struct {
	UserActive              int64                     `json:"userActive"`
	UserInactive            int64                     `json:"userInactive"`
	UserBlock               int64                     `json:"userBlock"`
	TotalMember             int64                     `json:"totalMember"`
	VerificationCompleted   int64                     `json:"verificationCompleted"`
	VerificationPending     int64                     `json:"verificationPending"`
	sale.SupplyView                                   // totalSupply … referralSupply, as on token settings
	RemainingReferralSupply decimal.Decimal           `json:"remainingReferralSupply"`
	PrivateSupplyData       PrivateSupplyData         `json:"privateSupplyData"`
	TransactionSummary      ByMethod[decimal.Decimal] `json:"transactionSummary"`
	TransactionCount        ByMethod[int64]           `json:"transactionCount"`
	// PendingPurchases are the purchases waiting for the admin's review; PendingKYC the KYC
	// submissions waiting for it: the work of the day, beside the figures.
	PendingPurchases int64        `json:"pendingPurchases"`
	PendingKYC       int64        `json:"pendingKyc"`
	Token            TokenSummary `json:"token"`
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

	var t sale.Token
	if err := sale.FoldRemaining(db.NewSelect().Model(&t)).Where("company_id = ?", companyID).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, apperr.NotFound("token_not_found", "This company has no token configured.")
		}
		return nil, err
	}
	out.SupplyView, out.RemainingReferralSupply = t.Supply(), t.RemainingReferralSupply
	out.PrivateSupplyData = PrivateSupplyData{Total: t.PrivateSupply, Remaining: t.RemainingPrivateSupply, StockBalance: stock}
	out.Token = TokenSummary{Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL, Title: t.Title,
		MetaData: sale.MetaData{Title: t.MetaTitle, Description: t.MetaDescription, Keywords: t.MetaKeywords}}

	out.TransactionSummary = ByMethod[decimal.Decimal]{Total: st.ApprovedAmount, Bank: st.BankAmount, UPI: st.UPIAmount,
		Manual: st.ManualAmount, Crypto: st.CryptoAmount}
	out.TransactionCount = ByMethod[int64]{Total: st.ApprovedCount, Bank: st.BankCount, UPI: st.UPICount,
		Manual: st.ManualCount, Crypto: st.CryptoCount}
	out.PendingPurchases = st.PendingCount
	// The review queue's index (company_id, status, submitted_at) answers it.
	if err := db.NewRaw(`SELECT count(*) FROM kyc_submissions WHERE company_id = ? AND status = ?`, companyID, kyc.StatusPending).
		Scan(ctx, &out.PendingKYC); err != nil {
		return nil, fmt.Errorf("dashboard pending kyc: %w", err)
	}
	return &out, nil
}

// PurchaseCounts are purchases by review status.
type PurchaseCounts struct {
	Pending  int64 `json:"pending"`
	Approved int64 `json:"approved"`
	Rejected int64 `json:"rejected"`
	Refunded int64 `json:"refunded"`
}

// CompanyFigures is one company's row of the super admin's dashboard: its buyers, the purchases
// waiting for review, what it has collected and sold, and whether buyers can pay it by bank
// transfer (an account number and IFSC) and by UPI (a UPI id).
type CompanyFigures struct {
	ID             string          `bun:"id" json:"id"`
	CompanyName    string          `bun:"company_name" json:"companyName"`
	TokenSymbol    string          `bun:"token_symbol" json:"tokenSymbol"`
	Status         string          `bun:"status" json:"status"`
	Buyers         int64           `bun:"buyers" json:"buyers"`
	Pending        int64           `bun:"pending" json:"pending"`
	ApprovedAmount decimal.Decimal `bun:"approved_amount" json:"approvedAmount"`
	Sold           decimal.Decimal `bun:"sold" json:"sold"`
	CanTakeBank    bool            `bun:"can_take_bank" json:"canTakeBank"`
	CanTakeUPI     bool            `bun:"can_take_upi" json:"canTakeUpi"`
}

// ByCompanyLimit is how many companies the dashboard's table lists: those with the most purchases
// waiting, then the most collected (Company Manage lists them all).
const ByCompanyLimit = 50

// Super is the data of GET /superadmin/dashboard/get.
type Super struct {
	Companies        int64            `json:"companies"`
	Users            int64            `json:"users"`
	Purchases        PurchaseCounts   `json:"purchases"`
	ApprovedAmount   decimal.Decimal  `json:"approvedAmount"`
	ApprovedQuantity decimal.Decimal  `json:"approvedQuantity"`
	ByCompany        []CompanyFigures `json:"byCompany"`
	// CannotTakeBank and CannotTakeUPI count the companies whose buyers cannot pay them so.
	CannotTakeBank int64 `json:"cannotTakeBank"`
	CannotTakeUPI  int64 `json:"cannotTakeUpi"`
}

// ForSuperAdmin computes platform-wide figures: companies, live buyers, purchases by status and
// the amount (finalAmount) and quantity of approved purchases.
func forSuperAdmin(ctx context.Context, db bun.IDB) (*Super, error) {
	var out Super
	err := db.NewRaw(`SELECT
			(SELECT count(*) FROM companies),
			(SELECT count(*) FROM users WHERE role = ? AND deleted_at IS NULL),
			count(*) FILTER (WHERE status = ?),
			count(*) FILTER (WHERE status = ?),
			count(*) FILTER (WHERE status = ?),
			count(*) FILTER (WHERE status = ?),
			COALESCE(sum(final_amount) FILTER (WHERE status = ?), 0),
			COALESCE(sum(quantity) FILTER (WHERE status = ?), 0)
		FROM purchases`, user.RoleUser, purchase.StatusPending, purchase.StatusApproved, purchase.StatusRejected, purchase.StatusRefunded,
		purchase.StatusApproved, purchase.StatusApproved).
		Scan(ctx, &out.Companies, &out.Users, &out.Purchases.Pending, &out.Purchases.Approved, &out.Purchases.Rejected, &out.Purchases.Refunded,
			&out.ApprovedAmount, &out.ApprovedQuantity)
	if err != nil {
		return nil, fmt.Errorf("super dashboard: %w", err)
	}
	// Per company from the trigger-kept figures (a few rows each) and the payment details.
	out.ByCompany = []CompanyFigures{}
	err = db.NewRaw(`WITH f AS (
			SELECT company_id, sum(users_total) AS buyers, sum(pending_count) AS pending,
				sum(approved_amount) AS approved_amount, sum(approved_quantity) AS sold
			FROM company_stat_deltas GROUP BY company_id)
		SELECT c.id AS id, c.name AS company_name, COALESCE(t.symbol, '') AS token_symbol, c.status AS status,
			COALESCE(f.buyers, 0) AS buyers, COALESCE(f.pending, 0) AS pending,
			COALESCE(f.approved_amount, 0) AS approved_amount, COALESCE(f.sold, 0) AS sold,
			COALESCE(b.account_number <> '' AND b.ifsc_code <> '', false) AS can_take_bank,
			COALESCE(b.upi <> '', false) AS can_take_upi
		FROM companies c
		LEFT JOIN tokens t ON t.company_id = c.id
		LEFT JOIN f ON f.company_id = c.id
		LEFT JOIN beneficiaries b ON b.company_id = c.id
		ORDER BY COALESCE(f.pending, 0) DESC, COALESCE(f.approved_amount, 0) DESC, c.name, c.id
		LIMIT ?`, ByCompanyLimit).Scan(ctx, &out.ByCompany)
	if err != nil {
		return nil, fmt.Errorf("super dashboard by company: %w", err)
	}
	err = db.NewRaw(`SELECT
			count(*) FILTER (WHERE NOT COALESCE(b.account_number <> '' AND b.ifsc_code <> '', false)),
			count(*) FILTER (WHERE NOT COALESCE(b.upi <> '', false))
		FROM companies c LEFT JOIN beneficiaries b ON b.company_id = c.id`).Scan(ctx, &out.CannotTakeBank, &out.CannotTakeUPI)
	if err != nil {
		return nil, fmt.Errorf("super dashboard payment details: %w", err)
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
