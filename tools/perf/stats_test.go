package perf_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/stats"
	"prelaunch/core/user"
)

// TestCompanyFiguresStayExact drives users and purchases through every kind of change (inserts,
// status and approval changes, soft and hard deletes, stock credits, approvals with a referral
// reward, rejections, a concurrent burst of approvals) and checks after each step that the
// trigger-kept figures equal the aggregates over the rows, and that folding the delta rows
// changes nothing.
func TestCompanyFiguresStayExact(t *testing.T) {
	d := testkit.Deps(t, "perfstats", 11) // same package as the plan test: runs after it, same Redis DB
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	purchases := d.Build().Purchases
	var adminID string
	if err := d.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE company_id = ? AND role = 'ADMIN'", cid).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	var other string
	if err := d.DB.QueryRowContext(ctx, `INSERT INTO companies (name, email) VALUES ('Other', 'o@o.test') RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	check := func(step string) {
		t.Helper()
		for _, c := range []string{cid, other} {
			var want stats.Company
			err := d.DB.NewRaw(`SELECT
				count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL),
				count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND status = 'ACTIVE'),
				count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND status = 'INACTIVE'),
				count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND status = 'BLOCKED'),
				count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND is_approved),
				count(*) FILTER (WHERE role = 'USER' AND deleted_at IS NULL AND NOT is_approved),
				count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NULL AND is_approved),
				COALESCE(sum(stock_balance), 0) FROM users WHERE company_id = ?`, c).
				Scan(ctx, &want.UsersTotal, &want.UsersActive, &want.UsersInactive, &want.UsersBlocked,
					&want.UsersApproved, &want.UsersWaiting, &want.AccountsTotal, &want.AccountsApproved, &want.StockBalance)
			if err != nil {
				t.Fatal(err)
			}
			err = d.DB.NewRaw(`SELECT count(*) FILTER (WHERE status = 'PENDING'), count(*) FILTER (WHERE status = 'REJECTED')
				FROM purchases WHERE company_id = ?`, c).Scan(ctx, &want.PendingCount, &want.RejectedCount)
			if err != nil {
				t.Fatal(err)
			}
			err = d.DB.NewRaw(`SELECT count(*), COALESCE(sum(final_amount), 0), COALESCE(sum(quantity), 0),
				count(*) FILTER (WHERE payment_method = 'BANK'), COALESCE(sum(final_amount) FILTER (WHERE payment_method = 'BANK'), 0),
				count(*) FILTER (WHERE payment_method = 'UPI'), COALESCE(sum(final_amount) FILTER (WHERE payment_method = 'UPI'), 0),
				count(*) FILTER (WHERE payment_method = 'MANUAL'), COALESCE(sum(final_amount) FILTER (WHERE payment_method = 'MANUAL'), 0),
				count(*) FILTER (WHERE payment_method = 'CRYPTO'), COALESCE(sum(final_amount) FILTER (WHERE payment_method = 'CRYPTO'), 0)
				FROM purchases WHERE company_id = ? AND status = 'APPROVED'`, c).
				Scan(ctx, &want.ApprovedCount, &want.ApprovedAmount, &want.ApprovedQuantity, &want.BankCount, &want.BankAmount,
					&want.UPICount, &want.UPIAmount, &want.ManualCount, &want.ManualAmount, &want.CryptoCount, &want.CryptoAmount)
			if err != nil {
				t.Fatal(err)
			}
			got, err := stats.For(ctx, d.DB, c)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := fmt.Sprintf("%+v", *got), fmt.Sprintf("%+v", want); g != w {
				t.Fatalf("%s: company %s figures\n got %s\nwant %s", step, c, g, w)
			}
		}
		// Each buyer's purchases by status (transaction/list's total) equal the rows.
		var diff []string
		err := d.DB.NewRaw(`SELECT coalesce(a.user_id, c.user_id)::text || ' ' || coalesce(a.status, c.status) || ': rows ' ||
				coalesce(a.n, 0) || ', kept ' || coalesce(c.n, 0)
			FROM (SELECT user_id, status, count(*) AS n FROM purchases GROUP BY 1, 2) a
			FULL JOIN (SELECT user_id, status, n FROM user_purchase_counts WHERE n <> 0) c USING (user_id, status)
			WHERE coalesce(a.n, 0) <> coalesce(c.n, 0)`).Scan(ctx, &diff)
		if err != nil {
			t.Fatal(err)
		}
		if len(diff) > 0 {
			t.Fatalf("%s: per-buyer purchase counts differ: %v", step, diff)
		}
	}
	check("seeded")

	n := 0
	mkUser := func(company string, referredBy *string) string {
		n++
		u := &user.User{CompanyID: company, Role: user.RoleUser, Name: "S", Email: fmt.Sprintf("s%d@x.test", n), PasswordHash: "x",
			ReferralCode: fmt.Sprintf("PL-ST%06d", n), ReferredBy: referredBy, Status: user.StatusActive, StockBalance: decimal.NewFromInt(int64(n))}
		if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		return u.ID
	}
	mkPurchase := func(company, uid, status, method string, qty int64) string {
		n++
		m := method
		p := &purchase.Purchase{CompanyID: company, UserID: uid, OrderNumber: fmt.Sprintf("PUR-ST%06d", n),
			TransactionID: fmt.Sprintf("TXN-ST%06d", n), Status: status, PaymentMethod: &m, Amount: decimal.NewFromInt(qty * 10),
			Price: decimal.NewFromInt(10), Quantity: decimal.NewFromInt(qty), PlatformChargePercent: decimal.NewFromInt(2),
			Fee: decimal.NewFromFloat(float64(qty) * 0.2), FinalAmount: decimal.RequireFromString(fmt.Sprintf("%d.%02d", qty*10, n%100)),
			ExpiresAt: time.Now().Add(time.Hour)}
		if _, err := d.DB.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		// as the buyer flow leaves it: the reservation is already taken from the private supply
		if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = remaining_private_supply - ? WHERE company_id = ?",
			qty, company); err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := d.DB.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	referrer := mkUser(cid, nil)
	u1, u2, u3 := mkUser(cid, &referrer), mkUser(cid, nil), mkUser(other, nil)
	check("users inserted")
	exec("UPDATE users SET status = 'BLOCKED', is_approved = true WHERE id = ?", u2)
	exec("UPDATE users SET status = 'INACTIVE' WHERE id = ?", u3)
	exec("UPDATE users SET name = 'renamed' WHERE id = ?", u1) // no figure changes
	check("status and approval")
	exec("UPDATE users SET role = 'ADMIN' WHERE id = ?", u3)
	exec("UPDATE users SET role = 'USER' WHERE id = ?", u3)
	check("role")

	a1 := mkPurchase(cid, u1, "APPROVED", "BANK", 7)
	mkPurchase(cid, u1, "APPROVED", "UPI", 3)
	mkPurchase(other, u3, "APPROVED", "CRYPTO", 11)
	p1 := mkPurchase(cid, u1, "PENDING", "MANUAL", 500)
	p2 := mkPurchase(cid, u2, "PENDING", "UPI", 40)
	mkPurchase(cid, u2, "INITIATED", "UPI", 9)
	check("purchases inserted")
	exec("UPDATE purchases SET payment_method = 'MANUAL' WHERE id = ?", a1)
	check("approved purchase changed method")
	exec("UPDATE purchases SET status = 'REJECTED' WHERE id = ?", mkPurchase(cid, u2, "PENDING", "BANK", 2))
	exec("UPDATE purchases SET status = 'EXPIRED' WHERE id = ?", mkPurchase(cid, u2, "INITIATED", "BANK", 2))
	exec("UPDATE purchases SET status = 'PENDING' WHERE id = ?", mkPurchase(cid, u2, "INITIATED", "UPI", 3))
	check("submitted, rejected, expired")

	actor := audit.Actor{ID: adminID, Kind: "admin", CompanyID: cid, IP: "127.0.0.1"}
	dec, err := purchases.Approve(ctx, actor, cid, p1) // 500 × 5 % = 25 tokens to the referrer
	if err != nil || !dec.RewardQuantity.Equal(decimal.NewFromInt(25)) {
		t.Fatalf("approve: %v %+v", err, dec)
	}
	if _, err := purchases.Reject(ctx, actor, cid, p2, ""); err != nil {
		t.Fatal(err)
	}
	check("approve with reward and reject")

	// A burst of concurrent approvals (the triggers append, nothing serialises on a counter).
	var ids []string
	for i := 0; i < 100; i++ {
		ids = append(ids, mkPurchase(cid, u1, "PENDING", []string{"BANK", "UPI", "MANUAL", "CRYPTO"}[i%4], int64(1+i)))
	}
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			if _, err := purchases.Approve(ctx, actor, cid, id); err != nil {
				t.Error(err)
			}
		}(id)
	}
	wg.Wait()
	check("100 concurrent approvals")
	var rows int
	_ = d.DB.QueryRowContext(ctx, "SELECT count(*) FROM company_stat_deltas WHERE company_id = ?", cid).Scan(&rows)
	if rows > stats.CompactAbove+1 {
		t.Fatalf("the read did not fold %d delta rows", rows)
	}

	exec("UPDATE users SET deleted_at = now() WHERE id = ?", u2)
	exec("DELETE FROM purchases WHERE id = ?", a1)
	exec("DELETE FROM purchases WHERE user_id = ?", u3)
	exec("DELETE FROM users WHERE id = ?", u3)
	check("soft delete, hard deletes")

	// profile/get's globalStake is the company's APPROVED quantity.
	sold, err := d.Build().Users.TokensSold(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	var want decimal.Decimal
	_ = d.DB.NewRaw("SELECT COALESCE(sum(quantity), 0) FROM purchases WHERE company_id = ? AND status = 'APPROVED'", cid).Scan(ctx, &want)
	if !sold.Equal(want) || want.IsZero() {
		t.Fatalf("TokensSold %s, want %s", sold, want)
	}

	// Deleting a company takes its figures with it.
	exec("DELETE FROM companies WHERE id = ?", other)
	_ = d.DB.QueryRowContext(ctx, "SELECT count(*) FROM company_stat_deltas WHERE company_id = ?", other).Scan(&rows)
	if rows != 0 {
		t.Fatalf("%d delta rows left for a deleted company", rows)
	}
}
