package dashboard_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/dashboard"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/stats"
	"prelaunch/core/user"
)

// TestAdminDashboardAgainstHandBuiltFixture builds users and purchases by hand and checks every
// figure the dashboard reports.
func TestAdminDashboardAgainstHandBuiltFixture(t *testing.T) {
	d := testkit.Deps(t, "dashboard", 12)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345") // one ADMIN and one approved ACTIVE buyer, both balance 0
	var other string
	if err := d.DB.QueryRowContext(ctx, `INSERT INTO companies (name, email) VALUES ('Other', 'o@o.test') RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	n := 0
	mk := func(company, status string, approved bool, balance int64, deleted bool) string {
		n++
		u := &user.User{CompanyID: company, Role: user.RoleUser, Name: "U", Email: fmt.Sprintf("d%d@x.test", n), PasswordHash: "x",
			ReferralCode: fmt.Sprintf("PL-DB%06d", n), Status: status, IsApproved: approved, StockBalance: decimal.NewFromInt(balance)}
		if deleted {
			now := time.Now()
			u.DeletedAt = &now
		}
		if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	b1 := mk(cid, user.StatusActive, true, 100, false)
	mk(cid, user.StatusActive, false, 0, false)
	mk(cid, user.StatusActive, false, 0, false)
	mk(cid, user.StatusInactive, false, 0, false)
	mk(cid, user.StatusBlocked, true, 40, false)
	mk(cid, user.StatusActive, true, 7, true) // deleted: not a member, but its credited tokens count
	ob := mk(other, user.StatusActive, true, 999, false)

	buy := func(company, uid, status, method string, final string, qty int64) {
		n++
		m := method
		p := &purchase.Purchase{CompanyID: company, UserID: uid, OrderNumber: fmt.Sprintf("PUR-DB%06d", n),
			TransactionID: fmt.Sprintf("TXN-DB%06d", n), Status: status, PaymentMethod: &m, Amount: decimal.RequireFromString(final),
			Price: decimal.NewFromInt(10), Quantity: decimal.NewFromInt(qty), PlatformChargePercent: decimal.Zero, Fee: decimal.Zero,
			FinalAmount: decimal.RequireFromString(final), ExpiresAt: time.Now().Add(time.Minute)}
		if _, err := d.DB.NewInsert().Model(p).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	buy(cid, b1, "APPROVED", "BANK", "1020.50", 100)
	buy(cid, b1, "APPROVED", "BANK", "204.00", 20)
	buy(cid, b1, "APPROVED", "UPI", "510.25", 50)
	buy(cid, b1, "APPROVED", "MANUAL", "10.20", 1)
	buy(cid, b1, "APPROVED", "CRYPTO", "99.99", 9)
	buy(cid, b1, "PENDING", "UPI", "5000", 500)
	buy(cid, b1, "REJECTED", "BANK", "7000", 700)
	buy(cid, b1, "REJECTED", "UPI", "300", 30) // then refunded: counted apart, never as approved
	if _, err := d.DB.ExecContext(ctx, "UPDATE purchases SET status = 'REFUNDED', refund_reference = 'RF1', refunded_at = now() WHERE final_amount = 300"); err != nil {
		t.Fatal(err)
	}
	buy(other, ob, "APPROVED", "UPI", "123456", 1000)
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = 9999000, remaining_referral_supply = 28599990 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}

	// KYC waiting for review: one of this company (another decided), one of the other company.
	kyc := func(company, uid, status string) {
		if _, err := d.DB.ExecContext(ctx, `INSERT INTO kyc_submissions (user_id, company_id, status, pan_number, aadhaar_last4, aadhaar_hash, submitted_at)
			VALUES (?, ?, ?, 'ABCDE1234F', '2346', repeat('a', 64), now())`, uid, company, status); err != nil {
			t.Fatal(err)
		}
	}
	kyc(cid, b1, "PENDING")
	kyc(other, ob, "PENDING")
	// Payment details: this company takes UPI only; the other has none.
	if _, err := d.DB.ExecContext(ctx, `DELETE FROM beneficiaries`); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO beneficiaries (company_id, holder_name, bank_name, branch, account_number, ifsc_code, upi)
		VALUES (?, 'Acme', '', '', '', '', 'acme@upi')`, cid); err != nil {
		t.Fatal(err)
	}

	got, err := (&dashboard.Service{DB: d.DB}).ForAdmin(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	ints := map[string][2]int64{
		"userActive": {got.UserActive, 4}, "userInactive": {got.UserInactive, 1}, "userBlock": {got.UserBlock, 1},
		"totalMember": {got.TotalMember, 6}, "verificationCompleted": {got.VerificationCompleted, 3},
		"verificationPending": {got.VerificationPending, 3},
		"count.total":         {got.TransactionCount.Total, 5}, "count.bank": {got.TransactionCount.Bank, 2},
		"count.upi": {got.TransactionCount.UPI, 1}, "count.manual": {got.TransactionCount.Manual, 1}, "count.crypto": {got.TransactionCount.Crypto, 1},
		"pendingPurchases": {got.PendingPurchases, 1}, "pendingKyc": {got.PendingKYC, 1},
	}
	for k, v := range ints {
		if v[0] != v[1] {
			t.Errorf("%s = %d, want %d", k, v[0], v[1])
		}
	}
	decs := map[string][2]decimal.Decimal{
		"sum.total":        {got.TransactionSummary.Total, decimal.RequireFromString("1844.94")},
		"sum.bank":         {got.TransactionSummary.Bank, decimal.RequireFromString("1224.50")},
		"sum.upi":          {got.TransactionSummary.UPI, decimal.RequireFromString("510.25")},
		"sum.manual":       {got.TransactionSummary.Manual, decimal.RequireFromString("10.20")},
		"sum.crypto":       {got.TransactionSummary.Crypto, decimal.RequireFromString("99.99")},
		"stockBalance":     {got.PrivateSupplyData.StockBalance, decimal.NewFromInt(147)},
		"psd.total":        {got.PrivateSupplyData.Total, decimal.NewFromInt(10_000_000)},
		"psd.remaining":    {got.PrivateSupplyData.Remaining, decimal.NewFromInt(9_999_000)},
		"remainingPrivate": {got.RemainingPrivateSupply, decimal.NewFromInt(9_999_000)},
		"totalSupply":      {got.TotalSupply, decimal.NewFromInt(100_000_000)},
		"publicCell":       {got.PublicCellSupply, decimal.NewFromInt(51_300_000)},
		"angel":            {got.AngelInvestorSupply, decimal.NewFromInt(5_800_000)},
		"founder":          {got.FounderTeamSupply, decimal.NewFromInt(5_800_000)},
		"airdrop":          {got.AirdropSupply, decimal.NewFromInt(8_500_000)},
		"referral":         {got.ReferralSupply, decimal.NewFromInt(28_600_000)},
		"remainingRef":     {got.RemainingReferralSupply, decimal.NewFromInt(28_599_990)},
	}
	for k, v := range decs {
		if !v[0].Equal(v[1]) {
			t.Errorf("%s = %s, want %s", k, v[0], v[1])
		}
	}
	if got.Token.Symbol != "ACW" || got.Token.MetaData.Title == "" || got.Token.IconURL == "" {
		t.Errorf("token: %+v", got.Token)
	}

	sup, err := (&dashboard.Service{DB: d.DB}).ForSuperAdmin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sup.Companies != 2 || sup.Users != 7 || sup.Purchases.Pending != 1 || sup.Purchases.Approved != 6 || sup.Purchases.Rejected != 1 || sup.Purchases.Refunded != 1 ||
		!sup.ApprovedAmount.Equal(decimal.RequireFromString("125300.94")) || !sup.ApprovedQuantity.Equal(decimal.NewFromInt(1180)) {
		t.Errorf("super dashboard: %+v", sup)
	}
	// Per company: the one with a purchase waiting first, with its figures and payment flags.
	if len(sup.ByCompany) != 2 {
		t.Fatalf("byCompany: %+v", sup.ByCompany)
	}
	first, second := sup.ByCompany[0], sup.ByCompany[1]
	if first.ID != cid || first.Buyers != 6 || first.Pending != 1 || !first.ApprovedAmount.Equal(decimal.RequireFromString("1844.94")) ||
		!first.Sold.Equal(decimal.NewFromInt(180)) || first.TokenSymbol != "ACW" || first.CanTakeBank || !first.CanTakeUPI {
		t.Errorf("byCompany[0]: %+v", first)
	}
	if second.ID != other || second.CompanyName != "Other" || second.Buyers != 1 || second.Pending != 0 ||
		!second.ApprovedAmount.Equal(decimal.NewFromInt(123456)) || second.CanTakeBank || second.CanTakeUPI {
		t.Errorf("byCompany[1]: %+v", second)
	}
	if sup.CannotTakeBank != 2 || sup.CannotTakeUPI != 1 {
		t.Errorf("cannot take bank %d, upi %d; want 2, 1", sup.CannotTakeBank, sup.CannotTakeUPI)
	}

	// An empty company answers zeros, not nulls or errors.
	if _, err := d.DB.ExecContext(ctx, "DELETE FROM purchases"); err != nil {
		t.Fatal(err)
	}
	got, err = (&dashboard.Service{DB: d.DB}).ForAdmin(ctx, cid)
	if err != nil || !got.TransactionSummary.Total.IsZero() || got.TransactionCount.Total != 0 {
		t.Fatalf("empty: %v %+v", err, got)
	}
	if _, err := (&dashboard.Service{DB: d.DB}).ForAdmin(ctx, other); err == nil {
		t.Fatal("company without a token: want 404")
	}
}

// TestFoldedFiguresAreVacuumedAfterConcurrentReads pins the delta table's clean-up: a fold
// (stats.For with more than CompactAbove rows) deletes the rows it replaces, and they must be
// vacuumed away even when reads that began before the fold still see them (64 concurrent readers
// in the bench). A VACUUM run at once kept them for good on a machine with autovacuum off, and
// every later read of the figures walked them (admin auth/list ~2.7k → ~0.4k req/s).
func TestFoldedFiguresAreVacuumedAfterConcurrentReads(t *testing.T) {
	d := testkit.Deps(t, "dashboard", 12)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	// 20,000 delta rows that sum to nothing, as a burst of approvals and sign-ups leaves them.
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO company_stat_deltas (company_id, users_total)
		SELECT ?, CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END FROM generate_series(1, 20000) g`, cid); err != nil {
		t.Fatal(err)
	}
	before, err := stats.For(ctx, d.DB, cid) // reads the rows (and folds them)
	if err != nil {
		t.Fatal(err)
	}
	// A reader whose snapshot predates the next fold, still open when that fold commits.
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO company_stat_deltas (company_id, users_total)
		SELECT ?, 0 FROM generate_series(1, 20000)`, cid); err != nil {
		t.Fatal(err)
	}
	reader, err := d.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := reader.QueryRowContext(ctx, `SELECT count(*) FROM company_stat_deltas`).Scan(&n); err != nil || n < 20000 {
		t.Fatalf("reader snapshot: %d rows, %v", n, err)
	}
	after, err := stats.For(ctx, d.DB, cid) // folds while the reader still sees the rows
	if err != nil {
		t.Fatal(err)
	}
	if after.UsersTotal != before.UsersTotal {
		t.Fatalf("the fold changed a figure: users_total %d → %d", before.UsersTotal, after.UsersTotal)
	}
	time.Sleep(20 * time.Millisecond)
	_ = reader.Rollback()

	// The scheduled vacuum runs after the reader is gone: reading the figures then touches a
	// few pages, not the index pages the folded rows filled (18 with a vacuum run at once).
	deadline := time.Now().Add(5 * time.Second)
	var pages int64
	for {
		var plan []map[string]any
		var raw []byte
		if err := d.DB.QueryRowContext(ctx, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
			SELECT count(*), COALESCE(sum(users_total), 0) FROM company_stat_deltas WHERE company_id = ?`, cid).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &plan); err != nil {
			t.Fatal(err)
		}
		top := plan[0]["Plan"].(map[string]any)
		pages = int64(top["Shared Hit Blocks"].(float64) + top["Shared Read Blocks"].(float64))
		if pages <= 10 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if pages > 10 {
		t.Fatalf("reading %s's figures still touches %d pages %s after the fold: the folded rows were not vacuumed", cid, pages, 5*time.Second)
	}
}
