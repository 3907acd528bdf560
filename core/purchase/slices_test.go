package purchase_test

import (
	"context"
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// The remaining private supply spread over the token row and its slices (docs/decisions/0016).

// startWith makes the company's private supply n, all of it remaining, no orders yet.
func startWith(t *testing.T, d *runtime.Deps, cid string, n int64) {
	t.Helper()
	testkit.SetRemaining(t, d.DB, cid, 0)
	if _, err := d.DB.ExecContext(context.Background(), "UPDATE tokens SET private_supply = ?, remaining_private_supply = ? WHERE company_id = ?",
		n, n, cid); err != nil {
		t.Fatal(err)
	}
}

// spread moves tokens from the token row's pool into slices: slot i gets amounts[i].
func spread(t *testing.T, d *runtime.Deps, cid string, amounts ...int64) {
	t.Helper()
	ctx := context.Background()
	for slot, n := range amounts {
		if _, err := d.DB.ExecContext(ctx, `INSERT INTO token_supply_slices (token_id, slot, remaining, settings_version)
			SELECT id, ?, ?, settings_version FROM tokens WHERE company_id = ?
			ON CONFLICT (token_id, slot) DO UPDATE SET remaining = token_supply_slices.remaining + excluded.remaining`, slot, n, cid); err != nil {
			t.Fatal(err)
		}
		if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = remaining_private_supply - ? WHERE company_id = ?", n, cid); err != nil {
			t.Fatal(err)
		}
	}
}

// supplyRows answers the token row's pool and its slices' remaining by slot.
func supplyRows(t *testing.T, d *runtime.Deps, cid string) (pool int64, slices map[int]int64) {
	t.Helper()
	ctx := context.Background()
	if err := d.DB.QueryRowContext(ctx, "SELECT remaining_private_supply FROM tokens WHERE company_id = ?", cid).Scan(&pool); err != nil {
		t.Fatal(err)
	}
	rows, err := d.DB.QueryContext(ctx, `SELECT slot, remaining FROM token_supply_slices
		WHERE token_id = (SELECT id FROM tokens WHERE company_id = ?)`, cid)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	slices = map[int]int64{}
	for rows.Next() {
		var slot int
		var n int64
		if err := rows.Scan(&slot, &n); err != nil {
			t.Fatal(err)
		}
		slices[slot] = n
	}
	return pool, slices
}

// TestOrdersDrawFromSlicesWhileTheTokenRowIsLocked: with every slice stocked, orders and
// cancellations of the company neither lock nor wait for the token row — the wall the slices
// remove. A build with the supply on the token row alone blocks here until the deadline.
func TestOrdersDrawFromSlicesWhileTheTokenRowIsLocked(t *testing.T) {
	d, svc, cid := setup(t)
	buyers := addBuyers(t, d, cid, 16)
	amounts := make([]int64, sale.Slices)
	for i := range amounts {
		amounts[i] = 1000
	}
	spread(t, d, cid, amounts...)
	ctx := context.Background()
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, "SELECT 1 FROM tokens WHERE company_id = ? FOR UPDATE", cid); err != nil {
		t.Fatal(err)
	}
	octx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for _, b := range buyers {
		wg.Add(1)
		go func(b user.Buyer) {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				p, err := svc.CreateOrder(octx, b, amt("50"))
				if err != nil {
					t.Errorf("order while the token row is locked: %v", err)
					return
				}
				if _, err := svc.Cancel(octx, b, p.ID); err != nil {
					t.Errorf("cancellation while the token row is locked: %v", err)
					return
				}
			}
		}(b)
	}
	wg.Wait()
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if r := remaining(t, d, cid); r != 10_000_000 {
		t.Fatalf("remaining %d after orders all cancelled, want 10000000", r)
	}
	testkit.CheckSupply(t, d.DB)
}

// TestTheLastTokensSellFromAnySlice: an order sells whenever the fold covers it, even when no
// single slice does and the pool is empty (the order sweeps the slices into the pool); it is
// refused, changing nothing, only when the fold is short.
func TestTheLastTokensSellFromAnySlice(t *testing.T) {
	d, svc, cid := setup(t)
	buyers := addBuyers(t, d, cid, 4)
	ctx := context.Background()
	startWith(t, d, cid, 8)
	spread(t, d, cid, 1, 1, 1, 1, 1, 1, 1, 1) // one token in each slice, none in the pool
	if _, err := svc.CreateOrder(ctx, buyers[0], amt("50")); err != nil {
		t.Fatalf("5 tokens out of 8 spread one a slice: %v", err)
	}
	if r := remaining(t, d, cid); r != 3 {
		t.Fatalf("remaining %d, want 3", r)
	}
	if _, err := svc.CreateOrder(ctx, buyers[1], amt("40")); !apperr.Is(err, apperr.KindConflict) || message(err) != "Not enough tokens left in the private sale." {
		t.Fatalf("4 tokens out of 3: %v", err)
	}
	if r := remaining(t, d, cid); r != 3 {
		t.Fatalf("a refused order changed the supply: %d", r)
	}
	if _, err := svc.CreateOrder(ctx, buyers[2], amt("30")); err != nil {
		t.Fatalf("the last 3 tokens: %v", err)
	}
	if _, err := svc.CreateOrder(ctx, buyers[3], amt("10")); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("an order after the last token: %v", err)
	}
	if pool, slices := supplyRows(t, d, cid); pool != 0 || remaining(t, d, cid) != 0 {
		t.Fatalf("sold out, yet the pool has %d and the slices %v", pool, slices)
	}
	testkit.CheckSupply(t, d.DB)
}

// TestOrdersAndCancelsRaceToSoldOutOverSlices: many buyers order 1 to 3 tokens and cancel some of
// them at once, against a small supply spread unevenly over the pool and the slices. Never
// oversold, never below zero, and in the end exactly sold out: single tokens are ordered until
// nothing is left, wherever the last ones sit.
func TestOrdersAndCancelsRaceToSoldOutOverSlices(t *testing.T) {
	d, svc, cid := setup(t)
	buyers := addBuyers(t, d, cid, 60)
	ctx := context.Background()
	const total = 157
	startWith(t, d, cid, total)
	spread(t, d, cid, 30, 0, 7, 1, 50, 0, 2, 21) // 111 in slices, 46 in the pool
	var wg sync.WaitGroup
	var others atomic.Int64
	start := make(chan struct{})
	for i, b := range buyers {
		wg.Add(1)
		go func(i int, b user.Buyer) {
			defer wg.Done()
			<-start
			rnd := rand.New(rand.NewSource(int64(i)))
			for k := 0; k < 6; k++ {
				p, err := svc.CreateOrder(ctx, b, amt(fmt.Sprint(10*(1+rnd.Intn(3)))))
				if err != nil {
					if !apperr.Is(err, apperr.KindConflict) {
						t.Errorf("order: %v", err)
						others.Add(1)
					}
					continue
				}
				if k%2 == 0 {
					if _, err := svc.Cancel(ctx, b, p.ID); err != nil {
						t.Errorf("cancel: %v", err)
					}
				}
			}
		}(i, b)
	}
	close(start)
	wg.Wait()
	testkit.CheckSupply(t, d.DB)
	// Then single tokens until the sale refuses: every last token is sold.
	for _, b := range buyers {
		for {
			if _, err := svc.CreateOrder(ctx, b, amt("10")); err != nil {
				if !apperr.Is(err, apperr.KindConflict) {
					t.Fatalf("order: %v", err)
				}
				break
			}
		}
		if remaining(t, d, cid) == 0 {
			break
		}
	}
	var reserved int64
	if err := d.DB.QueryRowContext(ctx, `SELECT COALESCE(sum(quantity), 0) FROM purchases WHERE company_id = ?
		AND status IN ('INITIATED', 'PENDING', 'APPROVED')`, cid).Scan(&reserved); err != nil {
		t.Fatal(err)
	}
	if r := remaining(t, d, cid); r != 0 || reserved != total {
		pool, slices := supplyRows(t, d, cid)
		t.Fatalf("remaining %d (pool %d, slices %v), reserved %d of %d: not exactly sold out", r, pool, slices, reserved, total)
	}
	testkit.CheckSupply(t, d.DB)
}

// TestSettingsChangeFoldsTheSlices: an admin's change of the settings moves every slice back into
// the token row and stamps the new settings version on each, in its transaction, and shows the
// folded remaining supply.
func TestSettingsChangeFoldsTheSlices(t *testing.T) {
	d, svc, cid := setup(t)
	b := addBuyers(t, d, cid, 1)[0]
	ctx := context.Background()
	spread(t, d, cid, 5, 6, 7)
	p, err := svc.CreateOrder(ctx, b, amt("100"))
	if err != nil {
		t.Fatal(err)
	}
	out := settings(t, d, cid, sale.SettingsInput{Price: num("20")})
	if want := decimal.NewFromInt(10_000_000).Sub(p.Quantity); !out.Supply.RemainingPrivateSupply.Equal(want) {
		t.Fatalf("settings show remaining %s, want %s", out.Supply.RemainingPrivateSupply, want)
	}
	pool, slices := supplyRows(t, d, cid)
	for slot, n := range slices {
		if n != 0 {
			t.Fatalf("slice %d kept %d after the settings change (pool %d)", slot, n, pool)
		}
	}
	var stale int
	if err := d.DB.QueryRowContext(ctx, `SELECT count(*) FROM token_supply_slices s JOIN tokens t ON t.id = s.token_id
		WHERE t.company_id = ? AND s.settings_version <> t.settings_version`, cid).Scan(&stale); err != nil || stale != 0 {
		t.Fatalf("%d slices without the new settings version (%v)", stale, err)
	}
	if _, err := svc.Cancel(ctx, b, p.ID); err != nil {
		t.Fatal(err)
	}
	if r := remaining(t, d, cid); r != 10_000_000 {
		t.Fatalf("remaining %d after the cancellation", r)
	}
	testkit.CheckSupply(t, d.DB)
}

// TestPriceChangesRacingSlicedOrdersTakeTheCurrentPrice: the admin moves the price through values
// each set once while buyers order and cancel over stocked slices (cancellations and refills
// restock slices the changes just folded), each order proposing the price of a site read a few
// milliseconds earlier, as the buyer API does. Each order's price was the token's price at some
// instant between the order's call and its answer: never one already replaced before the call.
func TestPriceChangesRacingSlicedOrdersTakeTheCurrentPrice(t *testing.T) {
	d, svc, cid := setup(t)
	buyers := addBuyers(t, d, cid, 24)
	ctx := context.Background()
	amounts := make([]int64, sale.Slices)
	for i := range amounts {
		amounts[i] = 100_000
	}
	spread(t, d, cid, amounts...)
	type change struct {
		price      string
		start, end time.Time // the admin's call
	}
	var mu sync.Mutex
	changes := []change{{price: "10", start: time.Time{}, end: time.Time{}}}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 1; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			price := fmt.Sprint(10 + i)
			st := time.Now()
			if _, err := d.Build().Sales.UpdateTokenSettings(ctx, audit.Actor{Kind: "admin", CompanyID: cid},
				sale.SettingsInput{Price: num(price)}); err != nil {
				t.Errorf("settings: %v", err)
				return
			}
			mu.Lock()
			changes = append(changes, change{price: price, start: st, end: time.Now()})
			mu.Unlock()
			time.Sleep(10 * time.Millisecond)
		}
	}()
	type placed struct {
		price      string
		start, end time.Time
	}
	var orders []placed
	var wg sync.WaitGroup
	for _, b := range buyers {
		wg.Add(1)
		go func(b user.Buyer) {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(time.Now().UnixNano()))
			for k := 0; k < 8; k++ {
				tok, err := sale.ForCompany(ctx, d.DB, cid)
				if err != nil {
					t.Error(err)
					return
				}
				time.Sleep(time.Duration(rnd.Intn(15)) * time.Millisecond) // the site's age
				st := time.Now()
				p, err := svc.CreateOrderAt(ctx, &company.Site{CompanyID: cid, Status: company.StatusActive, Token: tok}, b, amt("1000"))
				end := time.Now()
				if apperr.Is(err, apperr.KindConflict) { // price_moved eight times in a row
					continue
				}
				if err != nil {
					t.Errorf("order: %v", err)
					return
				}
				mu.Lock()
				orders = append(orders, placed{price: p.Price.String(), start: st, end: end})
				mu.Unlock()
				if _, err := svc.Cancel(ctx, b, p.ID); err != nil {
					t.Errorf("cancel: %v", err)
					return
				}
			}
		}(b)
	}
	wg.Wait()
	close(stop)
	<-done
	// Price i was the token's price from (at the latest) the end of change i until (at the
	// earliest) the start of change i+1: an order may take it only if its call began before
	// change i+1 ended and ended after change i began.
	for _, o := range orders {
		ok := false
		for i, c := range changes {
			if c.price != o.price {
				continue
			}
			if o.end.Before(c.start) {
				break
			}
			if i+1 == len(changes) || o.start.Before(changes[i+1].end) {
				ok = true
			}
			break
		}
		if !ok {
			t.Errorf("an order placed %s–%s took price %s, not the token's price at any time in between",
				o.start.Format("15:04:05.000000"), o.end.Format("15:04:05.000000"), o.price)
		}
	}
	t.Logf("%d price changes racing %d orders over slices", len(changes)-1, len(orders))
	testkit.CheckSupply(t, d.DB)
}

// TestStaleSiteNeverTakesARestockedSlice: after an admin's price change folded the slices, a
// cancellation or another order's refill restocks them; an order proposing the old price (a site
// read before the change) must still be refused there and priced again at the new price.
func TestStaleSiteNeverTakesARestockedSlice(t *testing.T) {
	d, svc, cid := setup(t)
	b := addBuyers(t, d, cid, 1)[0]
	ctx := context.Background()
	stale, err := sale.ForCompany(ctx, d.DB, cid)
	if err != nil {
		t.Fatal(err)
	}
	settings(t, d, cid, sale.SettingsInput{Price: num("20")})
	amounts := make([]int64, sale.Slices)
	for i := range amounts {
		amounts[i] = 100
	}
	spread(t, d, cid, amounts...) // restocked at the new settings version
	for k := 0; k < 4; k++ {
		p, err := svc.CreateOrderAt(ctx, &company.Site{CompanyID: cid, Status: company.StatusActive, Token: stale}, b, amt("100"))
		if err != nil {
			t.Fatal(err)
		}
		if !p.Price.Equal(decimal.NewFromInt(20)) {
			t.Fatalf("an order from a site read before the change took price %s, want 20", p.Price)
		}
		if _, err := svc.Cancel(ctx, b, p.ID); err != nil {
			t.Fatal(err)
		}
	}
	testkit.CheckSupply(t, d.DB)
}
