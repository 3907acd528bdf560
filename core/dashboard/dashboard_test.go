package dashboard_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/dashboard"
	"prelaunch/core/purchase"
	"prelaunch/core/testkit"
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
	buy(other, ob, "APPROVED", "UPI", "123456", 1000)
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = 9999000, remaining_referral_supply = 28599990 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}

	got, err := dashboard.ForAdmin(ctx, d.DB, cid)
	if err != nil {
		t.Fatal(err)
	}
	ints := map[string][2]int64{
		"userActive": {got.UserActive, 4}, "userInactive": {got.UserInactive, 1}, "userBlock": {got.UserBlock, 1},
		"totalMember": {got.TotalMember, 6}, "verificationCompleted": {got.VerificationCompleted, 3},
		"verificationPending": {got.VerificationPending, 3},
		"count.total":         {got.TransactionCount.Total, 5}, "count.bank": {got.TransactionCount.Bank, 2},
		"count.upi": {got.TransactionCount.UPI, 1}, "count.manual": {got.TransactionCount.Manual, 1}, "count.crypto": {got.TransactionCount.Crypto, 1},
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

	sup, err := dashboard.ForSuperAdmin(ctx, d.DB)
	if err != nil {
		t.Fatal(err)
	}
	if sup.Companies != 2 || sup.Users != 7 || sup.Purchases.Pending != 1 || sup.Purchases.Approved != 6 || sup.Purchases.Rejected != 1 ||
		!sup.ApprovedAmount.Equal(decimal.RequireFromString("125300.94")) || !sup.ApprovedQuantity.Equal(decimal.NewFromInt(1180)) {
		t.Errorf("super dashboard: %+v", sup)
	}

	// An empty company answers zeros, not nulls or errors.
	if _, err := d.DB.ExecContext(ctx, "DELETE FROM purchases"); err != nil {
		t.Fatal(err)
	}
	got, err = dashboard.ForAdmin(ctx, d.DB, cid)
	if err != nil || !got.TransactionSummary.Total.IsZero() || got.TransactionCount.Total != 0 {
		t.Fatalf("empty: %v %+v", err, got)
	}
	if _, err := dashboard.ForAdmin(ctx, d.DB, other); err == nil {
		t.Fatal("company without a token: want 404")
	}
}
