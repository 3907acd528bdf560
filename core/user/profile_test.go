package user_test

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/company"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/user"
)

// profile/get's globalStake (tokens sold) is reused for Stake.TTL, like the site row, then read
// again; without a TTL it is read every time.
func TestTokensSoldLagsAtMostStakeTTL(t *testing.T) {
	d := testkit.Deps(t, "user", 13)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	clk := clock.NewFixed(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	s := d.Build().Users
	s.Stake.Now = clk.Now
	first, err := s.TokensSold(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	// An approval as the triggers see it: the figures move by 25.
	var uid string
	if err := d.DB.NewRaw("SELECT id FROM users WHERE company_id = ? AND role = 'USER' LIMIT 1", cid).Scan(ctx, &uid); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price, quantity,
		final_amount, status, payment_method, expires_at)
		VALUES (?, ?, 'ORD-STAKE-1', 'TX-STAKE-1', 250, 10, 25, 250, 'APPROVED', 'MANUAL', now())`, cid, uid); err != nil {
		t.Fatal(err)
	}
	clk.Add(company.SiteTTL - time.Millisecond)
	if got, _ := s.TokensSold(ctx, cid); !got.Equal(first) {
		t.Fatalf("re-read within the TTL: %v", got)
	}
	clk.Add(time.Millisecond)
	if got, _ := s.TokensSold(ctx, cid); got.Sub(first).IntPart() != 25 {
		t.Fatalf("after the TTL: %v, want %v + 25", got, first)
	}
	s.Stake.TTL = 0
	if _, err := d.DB.ExecContext(ctx, "UPDATE purchases SET quantity = 30 WHERE order_number = 'ORD-STAKE-1'"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TokensSold(ctx, cid); got.Sub(first).IntPart() != 30 {
		t.Fatalf("without a TTL: %v, want %v + 30", got, first)
	}
}

func TestMaskMemberID(t *testing.T) {
	if user.MaskMemberID("PL-7K3M9Q2X") != "PL-7K****2X" || user.MaskMemberID("abc") != "****" {
		t.Error("mask")
	}
}
