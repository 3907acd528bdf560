package purchase_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

func setup(t *testing.T) (*runtime.Deps, *purchase.Service, string) {
	t.Helper()
	d := testkit.Deps(t, "purchase", 6)
	cid := testkit.Seed(t, d, "Admin@12345")
	return d, d.Build().Purchases, cid
}

func addBuyers(t *testing.T, d *runtime.Deps, cid string, n int) []user.Buyer {
	t.Helper()
	out := make([]user.Buyer, n)
	for i := range out {
		u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "B", Email: fmt.Sprintf("b%d@x.test", i), PasswordHash: "x",
			ReferralCode: fmt.Sprintf("PL-T%07d", i), Status: user.StatusActive, StockBalance: decimal.Zero}
		if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		out[i] = user.Buyer{UserID: u.ID, CompanyID: cid}
	}
	return out
}

func remaining(t *testing.T, d *runtime.Deps, cid string) int64 {
	t.Helper()
	var n int64
	if err := d.DB.QueryRowContext(context.Background(), "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", cid).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func amt(s string) purchase.Amount { return purchase.Amount{Raw: s, Set: true} }

func TestFiftyConcurrentOrdersNeverOversell(t *testing.T) {
	d, svc, cid := setup(t)
	buyers := addBuyers(t, d, cid, 50)
	// 23 tokens left; each order wants 2 (₹20 at ₹10): exactly 11 can succeed.
	if _, err := d.DB.ExecContext(context.Background(), "UPDATE tokens SET remaining_private_supply = 23 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	okCount, soldOut := 0, 0
	var others []error
	for _, b := range buyers {
		wg.Add(1)
		go func(b user.Buyer) {
			defer wg.Done()
			_, err := svc.CreateOrder(context.Background(), b, amt("20"))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				okCount++
			case apperr.Is(err, apperr.KindConflict):
				soldOut++
			default:
				others = append(others, err)
			}
		}(b)
	}
	wg.Wait()
	if len(others) > 0 {
		t.Fatalf("unexpected errors: %v", others)
	}
	if okCount != 11 || soldOut != 39 {
		t.Fatalf("ok %d, sold out %d", okCount, soldOut)
	}
	if r := remaining(t, d, cid); r != 1 {
		t.Fatalf("remaining %d", r)
	}
	var reserved int64
	_ = d.DB.QueryRowContext(context.Background(), "SELECT coalesce(sum(quantity),0) FROM purchases WHERE status = 'INITIATED'").Scan(&reserved)
	if reserved != 22 {
		t.Fatalf("reserved %d", reserved)
	}
}

func TestExpireReleasesOnceAndIsIdempotent(t *testing.T) {
	d, svc, cid := setup(t)
	b := addBuyers(t, d, cid, 1)[0]
	p, err := svc.CreateOrder(context.Background(), b, amt("100"))
	if err != nil {
		t.Fatal(err)
	}
	start := remaining(t, d, cid)
	// Not yet over: nothing happens.
	if done, err := svc.Expire(context.Background(), p.ID, time.Now()); err != nil || done {
		t.Fatalf("early expire: %v %v", done, err)
	}
	later := p.ExpiresAt.Add(time.Second)
	for i := 0; i < 3; i++ {
		done, err := svc.Expire(context.Background(), p.ID, later)
		if err != nil || done != (i == 0) {
			t.Fatalf("expire #%d: %v %v", i, done, err)
		}
	}
	if r := remaining(t, d, cid); r != start+10 {
		t.Fatalf("remaining %d, want %d", r, start+10)
	}
	got, err := svc.GetOrder(context.Background(), b, p.ID)
	if err != nil || got.Status != purchase.StatusExpired {
		t.Fatalf("status %v %v", got, err)
	}
	// A sweep afterwards does not release again.
	if n, err := svc.Sweep(context.Background(), later); err != nil || n != 0 {
		t.Fatalf("sweep %d %v", n, err)
	}
	if r := remaining(t, d, cid); r != start+10 {
		t.Fatalf("remaining after sweep %d", r)
	}
}

func TestSweepExpiresOnlyOverdueInitiatedOrders(t *testing.T) {
	d, svc, cid := setup(t)
	buyers := addBuyers(t, d, cid, 3)
	ctx := context.Background()
	var ids []string
	for _, b := range buyers {
		p, err := svc.CreateOrder(ctx, b, amt("50"))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	// One submitted, one overdue, one still open.
	if _, err := svc.Submit(ctx, buyers[0], purchase.SubmitInput{PurchaseID: ids[0], PaymentMethod: "MANUAL"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE purchases SET expires_at = now() - interval '1 minute' WHERE id IN (?, ?)", ids[0], ids[1]); err != nil {
		t.Fatal(err)
	}
	before := remaining(t, d, cid)
	n, err := svc.Sweep(ctx, time.Now())
	if err != nil || n != 1 {
		t.Fatalf("sweep %d %v", n, err)
	}
	if r := remaining(t, d, cid); r != before+5 {
		t.Fatalf("remaining %d want %d", r, before+5)
	}
	want := map[string]string{ids[0]: "PENDING", ids[1]: "EXPIRED", ids[2]: "INITIATED"}
	for id, st := range want {
		var s string
		_ = d.DB.QueryRowContext(ctx, "SELECT status FROM purchases WHERE id = ?", id).Scan(&s)
		if s != st {
			t.Fatalf("%s: %s want %s", id, s, st)
		}
	}
	if n, _ := svc.Sweep(ctx, time.Now()); n != 0 {
		t.Fatalf("second sweep %d", n)
	}
}

func TestReserveAndReleaseSupplyBounds(t *testing.T) {
	d, _, cid := setup(t)
	ctx := context.Background()
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = 10 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	if err := sale.ReserveSupply(ctx, d.DB, cid, decimal.NewFromInt(11)); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("over-reserve: %v", err)
	}
	if err := sale.ReserveSupply(ctx, d.DB, cid, decimal.NewFromInt(10)); err != nil {
		t.Fatal(err)
	}
	if err := sale.ReleaseSupply(ctx, d.DB, cid, decimal.NewFromInt(4)); err != nil {
		t.Fatal(err)
	}
	if r := remaining(t, d, cid); r != 4 {
		t.Fatalf("remaining %d", r)
	}
	// Whole tokens only: the order charges for the tokens it buys.
	for _, c := range []struct{ typed, price, qty, amount, fee, final string }{
		{"105.50", "10", "10", "100", "2", "102"},
		{"1005", "10", "100", "1000", "20", "1020"},
		{"105", "10", "10", "100", "2", "102"},
		{"1.00", "0.0333", "30", "1", "0.02", "1.02"},
	} {
		q, a, fee, final := purchase.Quote(decimal.RequireFromString(c.typed), decimal.RequireFromString(c.price), decimal.NewFromInt(2))
		if q.String() != c.qty || a.String() != c.amount || fee.String() != c.fee || final.String() != c.final {
			t.Fatalf("quote %s at %s: %s %s %s %s", c.typed, c.price, q, a, fee, final)
		}
	}
}

func TestParseAmount(t *testing.T) {
	for _, ok := range []string{"1", "10.5", "10.55", "0.01", "1000000000"} {
		if _, err := purchase.ParseAmount(amt(ok)); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "0", "-1", "1.", ".5", "1.234", "1e3", "abc", "1,000", "1000000000.01", " "} {
		if _, err := purchase.ParseAmount(amt(bad)); !apperr.Is(err, apperr.KindInvalid) {
			t.Errorf("%q accepted: %v", bad, err)
		}
	}
}
