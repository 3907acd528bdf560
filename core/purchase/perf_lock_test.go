package purchase_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/user"
)

// TestApprovalWithoutRewardSkipsTokenLock pins why approvals do not queue on the token row: approving a
// referred buyer's purchase too small to earn a reward (floor(qty × 5 %) = 0) does not wait for
// the token row, which orders lock; one that pays a reward still takes that lock, and the supply
// invariant holds either way.
func TestApprovalWithoutRewardSkipsTokenLock(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	referrer := f.buyer(t, nil)
	b := f.buyer(t, &referrer)
	small := f.pending(t, f.cid, b, 19, "MANUAL", "UTR-LOCK-1") // 19 × 5 % = 0.95 → 0
	big := f.pending(t, f.cid, b, 40, "MANUAL", "UTR-LOCK-2")   // 40 × 5 % = 2

	tx, err := f.d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "SELECT 1 FROM tokens WHERE company_id = ? FOR UPDATE", f.cid); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if dec, err := f.svc().Approve(short, f.actor(), f.cid, small); err != nil || !dec.RewardQuantity.IsZero() {
		t.Fatalf("approval without a reward waited for the token lock or failed: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		dec, err := f.svc().Approve(ctx, f.actor(), f.cid, big)
		if err == nil && dec.RewardQuantity.IntPart() != 2 {
			t.Errorf("reward %s, want 2", dec.RewardQuantity)
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("an approval paying a reward did not wait for the token lock (err %v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if f.balance(t, referrer) != 2 || f.balance(t, b) != 59 {
		t.Fatalf("balances referrer %d buyer %d", f.balance(t, referrer), f.balance(t, b))
	}
	testkit.CheckSupply(t, f.d.DB)
}

// TestConcurrentOrdersKeepTheOpenOrderCap pins the order path after it stopped holding the token
// row for the whole transaction: ten orders of one buyer at once still open exactly
// MaxOpenOrders (the buyer's advisory lock), ten buyers at once all get theirs, every reservation
// is exact, and an order below one token's price or beyond the supply changes nothing.
func TestConcurrentOrdersKeepTheOpenOrderCap(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	svc := &purchase.Service{DB: f.d.DB, Clock: f.d.Clock}
	one := f.buyer(t, nil)
	var others []string
	for i := 0; i < 10; i++ {
		others = append(others, f.buyer(t, nil))
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, capped := 0, 0
	for i := 0; i < 10; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, err := svc.CreateOrder(ctx, user.Buyer{UserID: one, CompanyID: f.cid}, purchase.Amount{Raw: "100", Set: true})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case kindOf(err) == apperr.KindConflict:
				capped++
			default:
				t.Errorf("order: %v", err)
			}
		}()
		go func(u string) {
			defer wg.Done()
			if p, err := svc.CreateOrder(ctx, user.Buyer{UserID: u, CompanyID: f.cid}, purchase.Amount{Raw: "255", Set: true}); err != nil ||
				p.Quantity.IntPart() != 25 || p.Amount.String() != "250" || p.Fee.String() != "5" || p.FinalAmount.String() != "255" {
				t.Errorf("order of another buyer: %v %+v", err, p)
			}
		}(others[i])
	}
	wg.Wait()
	if ok != purchase.MaxOpenOrders || capped != 10-purchase.MaxOpenOrders {
		t.Fatalf("%d orders opened and %d refused, want %d and %d", ok, capped, purchase.MaxOpenOrders, 10-purchase.MaxOpenOrders)
	}
	if n := f.num(t, "SELECT 10000000 - token_remaining(id) FROM tokens WHERE company_id = ?", f.cid); n != 5*10+10*25 {
		t.Fatalf("reserved %d, want %d", n, 5*10+10*25)
	}
	if _, err := svc.CreateOrder(ctx, user.Buyer{UserID: others[0], CompanyID: f.cid}, purchase.Amount{Raw: "9.99", Set: true}); kindOf(err) != apperr.KindInvalid {
		t.Fatalf("an order below one token: %v", err)
	}
	testkit.SetRemaining(t, f.d.DB, f.cid, 3)
	if _, err := svc.CreateOrder(ctx, user.Buyer{UserID: others[1], CompanyID: f.cid}, purchase.Amount{Raw: "40", Set: true}); kindOf(err) != apperr.KindConflict {
		t.Fatalf("an order beyond the supply: %v", err)
	}
	if n := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid); n != 3 {
		t.Fatalf("a refused order changed the supply: %d", n)
	}
}

// TestOrderRepricesWhenThePriceMovesMeanwhile pins the order path that prices from an unlocked
// read and reserves last: a price change committed while the order waits for the token row makes
// the order start again at the new price, never charge the old one.
func TestOrderRepricesWhenThePriceMovesMeanwhile(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	svc := &purchase.Service{DB: f.d.DB, Clock: f.d.Clock}
	u := f.buyer(t, nil)
	tx, err := f.d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "UPDATE tokens SET price = 20 WHERE company_id = ?", f.cid); err != nil {
		t.Fatal(err)
	}
	type res struct {
		p   *purchase.Purchase
		err error
	}
	done := make(chan res, 1)
	go func() {
		p, err := svc.CreateOrder(ctx, user.Buyer{UserID: u, CompanyID: f.cid}, purchase.Amount{Raw: "200", Set: true})
		done <- res{p, err}
	}()
	time.Sleep(300 * time.Millisecond) // the order priced at 10 and waits for the token row
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.err != nil || r.p.Price.IntPart() != 20 || r.p.Quantity.IntPart() != 10 {
		t.Fatalf("order after a price change: %v %+v", r.err, r.p)
	}
	if n := f.num(t, "SELECT count(*) FROM purchases WHERE user_id = ?", u); n != 1 {
		t.Fatalf("%d purchases, want 1", n)
	}
	if n := f.num(t, "SELECT 10000000 - token_remaining(id) FROM tokens WHERE company_id = ?", f.cid); n != 10 {
		t.Fatalf("reserved %d, want 10", n)
	}
}
