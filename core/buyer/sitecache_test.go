package buyer_test

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/buyer"
	"prelaunch/core/clock"
	"prelaunch/core/testkit"
)

// TestSiteCacheLagsAtMostTTL pins the cache's contract: the same site within the TTL, a fresh
// read (new price) after it, and a failed load is not remembered.
func TestSiteCacheLagsAtMostTTL(t *testing.T) {
	d := testkit.Deps(t, "buyer_sitecache", 15)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	c := &buyer.SiteCache{DB: d.DB, Symbol: "acw", Now: func() time.Time { return now }}
	s1, err := c.Get(ctx)
	if err != nil || s1.CompanyID != cid || s1.Token.Price.String() != "10" {
		t.Fatalf("first load: %v %+v", err, s1)
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET price = 12 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	now = now.Add(buyer.SiteTTL - time.Millisecond)
	if s, _ := c.Get(ctx); s != s1 {
		t.Fatal("reloaded within the TTL")
	}
	now = now.Add(time.Millisecond)
	if s, err := c.Get(ctx); err != nil || s.Token.Price.String() != "12" {
		t.Fatalf("after the TTL: %v price %v", err, s.Token.Price)
	}
	bad := &buyer.SiteCache{DB: d.DB, Symbol: "NOPE", Now: func() time.Time { return now }}
	if _, err := bad.Get(ctx); err == nil {
		t.Fatal("unknown symbol loaded")
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET symbol = 'NOPE' WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	if s, err := bad.Get(ctx); err != nil || s.CompanyID != cid {
		t.Fatalf("an error was cached: %v", err)
	}
}

// profile/get's globalStake (tokens sold) is reused for Stake.TTL, like the site row, then read
// again; without a TTL it is read every time.
func TestTokensSoldLagsAtMostStakeTTL(t *testing.T) {
	d := testkit.Deps(t, "buyer_sitecache", 15)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	clk := clock.NewFixed(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	s := buyer.New(d)
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
	clk.Add(buyer.SiteTTL - time.Millisecond)
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
