package purchase_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// settings changes the company's token settings as its admin would.
func settings(t *testing.T, d *runtime.Deps, cid string, in sale.SettingsInput) *sale.TokenSettings {
	t.Helper()
	out, err := d.Build().Sales.UpdateTokenSettings(context.Background(), audit.Actor{Kind: "admin", CompanyID: cid}, in)
	if err != nil {
		t.Fatalf("settings: %v", err)
	}
	return out
}

func num(s string) *sale.Num { return &sale.Num{Raw: s, Set: true} }

func rounds(rs ...sale.RoundInput) *[]sale.RoundInput { return &rs }

func rnd(pos int, name, price, alloc string) sale.RoundInput {
	return sale.RoundInput{Position: sale.Num{Raw: fmt.Sprint(pos), Set: true}, Name: name,
		Price: sale.Num{Raw: price, Set: true}, Allocation: sale.Num{Raw: alloc, Set: true}}
}

// keep sends a round back with its id (its sold count stays).
func keep(r sale.RoundView, price string) sale.RoundInput {
	in := rnd(r.Position, r.Name, price, r.Allocation.String())
	in.ID = &r.ID
	return in
}

func message(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	return fmt.Sprint(err)
}

func roundSold(t *testing.T, d *runtime.Deps, name string) int64 {
	t.Helper()
	var n int64
	if err := d.DB.QueryRowContext(context.Background(), "SELECT sold FROM token_rounds WHERE name = ?", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOrdersTakeTheCurrentRoundAndGiveItBack(t *testing.T) {
	d, svc, cid := setup(t)
	ctx := context.Background()
	buyers := addBuyers(t, d, cid, 4)
	settings(t, d, cid, sale.SettingsInput{Rounds: rounds(rnd(1, "Seed", "1", "100"), rnd(2, "Early", "2.5", "1000"))})

	// More than the round has left: 409 naming what remains at this price.
	_, err := svc.CreateOrder(ctx, buyers[0], amt("150"))
	if !apperr.Is(err, apperr.KindConflict) || message(err) != "Only 100 tokens remain at this price (Seed). Enter a smaller amount." {
		t.Fatalf("round remaining: %v", err)
	}
	seed, err := svc.CreateOrder(ctx, buyers[0], amt("100"))
	if err != nil || !seed.Price.Equal(decimal.NewFromInt(1)) || !seed.Quantity.Equal(decimal.NewFromInt(100)) || seed.RoundID == nil {
		t.Fatalf("seed order: %+v %v", seed, err)
	}
	// Round 1 sold out: the next order takes round 2's price; quantity = floor(amount / price).
	early, err := svc.CreateOrder(ctx, buyers[1], amt("11"))
	if err != nil || !early.Price.Equal(decimal.RequireFromString("2.5")) || !early.Quantity.Equal(decimal.NewFromInt(4)) ||
		!early.Amount.Equal(decimal.NewFromInt(10)) {
		t.Fatalf("early order: %+v %v", early, err)
	}
	if roundSold(t, d, "Seed") != 100 || roundSold(t, d, "Early") != 4 {
		t.Fatal("round sold counts")
	}
	site, err := (&company.Resolver{DB: d.DB, Links: company.Links{Fallback: "ACW"}}).Site(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	pv, err := svc.Price(ctx, site, buyers[0])
	if err != nil || pv.Round == nil || pv.Round.Name != "Early" || !pv.Price.Equal(decimal.RequireFromString("2.5")) ||
		pv.NextRound != nil || !pv.Limits.BoughtSoFar.Equal(decimal.NewFromInt(100)) || pv.Sale.Status != sale.SaleOpen {
		t.Fatalf("price view: %+v %v", pv, err)
	}
	// Early has sold, so Seed is closed for good: the expired seed order's tokens leave Seed's
	// allocation for the current round, and the price stays at Early's (it never goes back).
	if ok, err := svc.Expire(ctx, seed.ID, seed.ExpiresAt.Add(time.Second)); err != nil || !ok {
		t.Fatalf("expire: %v %v", ok, err)
	}
	if roundSold(t, d, "Seed") != 0 || roundAllocation(t, d, "Seed") != 0 || roundAllocation(t, d, "Early") != 1100 {
		t.Fatalf("expiry of a closed round's order: seed sold %d alloc %d, early alloc %d",
			roundSold(t, d, "Seed"), roundAllocation(t, d, "Seed"), roundAllocation(t, d, "Early"))
	}
	testkit.CheckSupply(t, d.DB)
	again, err := svc.CreateOrder(ctx, buyers[2], amt("30"))
	if err != nil || !again.Price.Equal(decimal.RequireFromString("2.5")) || *again.RoundID != *early.RoundID {
		t.Fatalf("after expiry: %+v %v", again, err)
	}
	site, err = (&company.Resolver{DB: d.DB, Links: company.Links{Fallback: "ACW"}}).Site(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	if pv, err := svc.Price(ctx, site, buyers[0]); err != nil || pv.Round == nil || pv.Round.Name != "Early" || pv.NextRound != nil {
		t.Fatalf("price view after expiry: %+v %v", pv, err)
	}
	// The token settings send the closed round back as it is (allocation 0): accepted.
	ts, err := d.Build().Sales.TokenSettings(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	if !ts.Rounds[0].Closed || ts.Rounds[1].Closed {
		t.Fatalf("closed flags: %+v", ts.Rounds)
	}
	settings(t, d, cid, sale.SettingsInput{Rounds: rounds(keep(ts.Rounds[0], "1"), keep(ts.Rounds[1], "2.5"))})
	// Cancellation and rejection give back to the order's own round, once.
	if _, err := svc.Cancel(ctx, buyers[1], early.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Cancel(ctx, buyers[1], early.ID); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("second cancel: %v", err)
	}
	if _, err := svc.Submit(ctx, buyers[2], purchase.SubmitInput{PurchaseID: again.ID, PaymentMethod: "MANUAL"}); err != nil {
		t.Fatal(err)
	}
	admin := audit.Actor{Kind: "admin", CompanyID: cid}
	if _, err := svc.Reject(ctx, admin, cid, again.ID, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reject(ctx, admin, cid, again.ID, ""); err == nil {
		t.Fatal("second reject")
	}
	if roundSold(t, d, "Seed") != 0 || roundSold(t, d, "Early") != 0 {
		t.Fatalf("after cancel and reject: seed %d early %d", roundSold(t, d, "Seed"), roundSold(t, d, "Early"))
	}
	testkit.CheckSupply(t, d.DB)
}

func roundAllocation(t *testing.T, d *runtime.Deps, name string) int64 {
	t.Helper()
	var n int64
	if err := d.DB.QueryRowContext(context.Background(), "SELECT allocation FROM token_rounds WHERE name = ?", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSaleRefusalsAndLimits(t *testing.T) {
	d, svc, cid := setup(t)
	ctx := context.Background()
	b := addBuyers(t, d, cid, 1)[0]
	soon := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	longAgo := time.Now().Add(-2 * time.Hour).UTC().Format(time.RFC3339)
	notOpen := "The sale is not open right now."
	for name, in := range map[string]sale.SaleInput{
		"paused":    {Paused: true},
		"scheduled": {StartsAt: &soon},
		"closed":    {StartsAt: &longAgo, EndsAt: &past},
	} {
		settings(t, d, cid, sale.SettingsInput{Sale: &in})
		_, err := svc.CreateOrder(ctx, b, amt("100"))
		if !apperr.Is(err, apperr.KindConflict) || message(err) != notOpen {
			t.Fatalf("%s: %v", name, err)
		}
	}
	settings(t, d, cid, sale.SettingsInput{Sale: &sale.SaleInput{}, Limits: &sale.LimitsInput{
		MinOrder: *num("500"), MaxOrder: *num("1025.10"), MaxPerBuyer: *num("2000")}})
	for typed, want := range map[string]string{
		"499":  "The minimum order is ₹500.00.",
		"1040": "The maximum order is ₹1,025.10.",
	} {
		if _, err := svc.CreateOrder(ctx, b, amt(typed)); !apperr.Is(err, apperr.KindInvalid) || message(err) != want {
			t.Fatalf("%s: %v", typed, err)
		}
	}
	// ₹1,005 at ₹10 charges ₹1,000 (within the maximum).
	for _, typed := range []string{"1005", "800"} {
		if _, err := svc.CreateOrder(ctx, b, amt(typed)); err != nil {
			t.Fatalf("%s: %v", typed, err)
		}
	}
	_, err := svc.CreateOrder(ctx, b, amt("500"))
	if want := "You can buy at most ₹2,000.00 in this sale; ₹200.00 remains for you."; message(err) != want {
		t.Fatalf("per buyer: %v", err)
	}
	if _, err := svc.CreateOrder(ctx, b, amt("10")); message(err) != "The minimum order is ₹500.00." {
		t.Fatalf("min first: %v", err)
	}
	// Nothing left in the private sale: SOLD_OUT answers the sold-out refusal.
	testkit.SetRemaining(t, d.DB, cid, 0)
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET private_supply = 180 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CreateOrder(ctx, b, amt("600")); message(err) != "Not enough tokens left in the private sale." {
		t.Fatalf("sold out: %v", err)
	}
	testkit.CheckSupply(t, d.DB)
}

func TestSettingsChangeNeverAltersAnExistingOrder(t *testing.T) {
	d, svc, cid := setup(t)
	ctx := context.Background()
	b := addBuyers(t, d, cid, 1)[0]
	p, err := svc.CreateOrder(ctx, b, amt("100"))
	if err != nil {
		t.Fatal(err)
	}
	settings(t, d, cid, sale.SettingsInput{Price: num("20"), PlatformChargePercent: num("5"),
		Rounds: rounds(rnd(1, "Seed", "1", "100"))})
	got, err := svc.GetOrder(ctx, b, p.ID)
	if err != nil || !got.Price.Equal(p.Price) || !got.Quantity.Equal(p.Quantity) || !got.Fee.Equal(p.Fee) ||
		!got.FinalAmount.Equal(p.FinalAmount) || got.RoundID != nil {
		t.Fatalf("order changed: %+v", got)
	}
	// Its expiry gives the private supply back, and no round (it had none).
	if ok, err := svc.Expire(ctx, p.ID, p.ExpiresAt.Add(time.Second)); err != nil || !ok {
		t.Fatal(err)
	}
	if roundSold(t, d, "Seed") != 0 {
		t.Fatal("round touched")
	}
	testkit.CheckSupply(t, d.DB)
}

// TestTwoHundredOrdersRaceForTheLastTokensOfARound: orders of 1 or 2 tokens race for a round of
// 101 and a private supply of 150; neither is ever oversold.
func TestTwoHundredOrdersRaceForTheLastTokensOfARound(t *testing.T) {
	d, svc, cid := setup(t)
	ctx := context.Background()
	buyers := addBuyers(t, d, cid, 200)
	settings(t, d, cid, sale.SettingsInput{Rounds: rounds(rnd(1, "Last", "1", "101"), rnd(2, "Next", "1", "1000"))})
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = 150, private_supply = 150 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var placed, roundLeft, soldOut atomic.Int64
	var mu sync.Mutex
	var others []error
	start := make(chan struct{})
	for i, b := range buyers {
		wg.Add(1)
		go func(i int, b user.Buyer) {
			defer wg.Done()
			<-start
			_, err := svc.CreateOrder(ctx, b, amt([]string{"2", "1"}[i%2]))
			switch {
			case err == nil:
				placed.Add(1)
			case strings.HasPrefix(message(err), "Only "):
				roundLeft.Add(1)
			case message(err) == "Not enough tokens left in the private sale.":
				soldOut.Add(1)
			default:
				mu.Lock()
				others = append(others, err)
				mu.Unlock()
			}
		}(i, b)
	}
	close(start)
	wg.Wait()
	if len(others) > 0 {
		t.Fatalf("unexpected errors: %v", others[0])
	}
	last, next, rem := roundSold(t, d, "Last"), roundSold(t, d, "Next"), remaining(t, d, cid)
	t.Logf("200 racing orders: %d placed, %d refused round_remaining, %d refused sold out; round Last sold %d/101, "+
		"round Next sold %d/1000, private supply left %d/150", placed.Load(), roundLeft.Load(), soldOut.Load(), last, next, rem)
	if last > 101 || next > 1000 || rem < 0 || last+next+rem != 150 {
		t.Fatalf("oversold: last %d next %d remaining %d", last, next, rem)
	}
	if placed.Load()+roundLeft.Load()+soldOut.Load() != 200 || placed.Load() == 0 {
		t.Fatal("counts")
	}
	testkit.CheckSupply(t, d.DB)
}

// TestPriceAndRoundsChangesRacingOrders: orders placed while the admin keeps changing the
// price and the rounds each take a price that was set, with its round when they have one.
func TestPriceAndRoundsChangesRacingOrders(t *testing.T) {
	d, svc, cid := setup(t)
	ctx := context.Background()
	buyers := addBuyers(t, d, cid, 60)
	cur := settings(t, d, cid, sale.SettingsInput{Rounds: rounds(rnd(1, "A", "3", "100000"))})
	set := map[string]bool{"10": true, "3": true}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		prices := []string{"20", "7", "10", "3"}
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			in := sale.SettingsInput{Price: num(prices[i%4])}
			if i%3 == 0 {
				in.Rounds = rounds() // no rounds: the token's price applies
			} else {
				in.Rounds = rounds(keep(cur.Rounds[0], prices[(i+1)%4]))
			}
			out, err := d.Build().Sales.UpdateTokenSettings(ctx, audit.Actor{Kind: "admin", CompanyID: cid}, in)
			if err != nil {
				// Removing a round that orders hold is refused; keep it and carry on.
				in.Rounds = rounds(keep(cur.Rounds[0], prices[(i+1)%4]))
				if out, err = d.Build().Sales.UpdateTokenSettings(ctx, audit.Actor{Kind: "admin", CompanyID: cid}, in); err != nil {
					t.Errorf("settings: %v", err)
					return
				}
			}
			if len(out.Rounds) > 0 {
				cur = out
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	for _, p := range []string{"20", "7", "10", "3"} {
		set[p] = true
	}
	var wg sync.WaitGroup
	var placed atomic.Int64
	for _, b := range buyers {
		wg.Add(1)
		go func(b user.Buyer) {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				p, err := svc.CreateOrder(ctx, b, amt("60"))
				if err != nil {
					if !apperr.Is(err, apperr.KindConflict) {
						t.Errorf("order: %v", err)
					}
					continue
				}
				placed.Add(1)
				if !set[p.Price.String()] || !p.Quantity.Mul(p.Price).Equal(p.Amount) {
					t.Errorf("order priced %s for %s tokens, amount %s", p.Price, p.Quantity, p.Amount)
				}
			}
		}(b)
	}
	wg.Wait()
	close(stop)
	<-done
	// An order with a round has that round's price as it was when placed: the round kept its id,
	// so compare with the audit trail instead of its current price: every round price ever set.
	var bad int
	if err := d.DB.QueryRowContext(ctx, `SELECT count(*) FROM purchases p WHERE p.round_id IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM audit_log a, jsonb_array_elements(a.after->'rounds') r
		                 WHERE a.action = 'token.update' AND (r->>'id')::uuid = p.round_id AND (r->>'price')::numeric = p.price)`).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Fatalf("%d orders took a round price never set for their round", bad)
	}
	t.Logf("price and rounds changes racing orders: %d orders placed, each at a price that was set", placed.Load())
	testkit.CheckSupply(t, d.DB)
}

// TestExpiryCancelRejectRacingReturnEachTokenOnce: every way out of INITIATED or PENDING races the
// others on the same orders; each order's tokens return exactly once: round Two's to Two, and
// round One's — closed since Two sold — to Two as well, while new orders racing them all take
// Two's price.
func TestExpiryCancelRejectRacingReturnEachTokenOnce(t *testing.T) {
	d, svc, cid := setup(t)
	ctx := context.Background()
	buyers := addBuyers(t, d, cid, 50)
	racers := buyers[40:]
	buyers = buyers[:40]
	settings(t, d, cid, sale.SettingsInput{Rounds: rounds(rnd(1, "One", "1", "250"), rnd(2, "Two", "2", "5000"))})
	var orders []*purchase.Purchase
	for _, b := range buyers {
		p, err := svc.CreateOrder(ctx, b, amt("10")) // 25 orders of 10 fill round One, 15 of 5 go to Two
		if err != nil {
			t.Fatal(err)
		}
		orders = append(orders, p)
	}
	if one, two := roundSold(t, d, "One"), roundSold(t, d, "Two"); one != 250 || two != 75 {
		t.Fatalf("rounds before: %d %d", one, two)
	}
	admin := audit.Actor{Kind: "admin", CompanyID: cid}
	// Half are submitted (PENDING): rejection races itself; the other half race expiry, sweep
	// and cancellation.
	for i := 0; i < 20; i++ {
		if _, err := svc.Submit(ctx, buyers[i], purchase.SubmitInput{PurchaseID: orders[i].ID, PaymentMethod: "MANUAL"}); err != nil {
			t.Fatal(err)
		}
	}
	later := time.Now().Add(purchase.PaymentWindow + time.Minute)
	var wg sync.WaitGroup
	var moved atomic.Int64
	racing := make(chan *purchase.Purchase, len(racers))
	for _, b := range racers {
		wg.Add(1)
		go func(b user.Buyer) {
			defer wg.Done()
			p, err := svc.CreateOrder(ctx, b, amt("4"))
			if err != nil {
				t.Errorf("racing order: %v", err)
				return
			}
			racing <- p
		}(b)
	}
	for i, p := range orders {
		for k := 0; k < 3; k++ {
			wg.Add(1)
			go func(i, k int, p *purchase.Purchase) {
				defer wg.Done()
				var err error
				ok := false
				switch {
				case i < 20:
					_, err = svc.Reject(ctx, admin, cid, p.ID, "")
					ok = err == nil
					if apperr.Is(err, apperr.KindConflict) || apperr.Is(err, apperr.KindNotFound) {
						err = nil
					}
				case k == 0:
					ok, err = svc.Expire(ctx, p.ID, later)
				case k == 1:
					_, err = svc.Cancel(ctx, buyers[i], p.ID)
					ok = err == nil
					if apperr.Is(err, apperr.KindConflict) {
						err = nil
					}
				default:
					var n int
					n, err = svc.Sweep(ctx, later)
					_ = n
				}
				if err != nil {
					t.Errorf("order %d way %d: %v", i, k, err)
				}
				if ok {
					moved.Add(1)
				}
			}(i, k, p)
		}
	}
	wg.Wait()
	close(racing)
	n := 0
	for p := range racing {
		n++
		if !p.Price.Equal(decimal.NewFromInt(2)) {
			t.Errorf("an order took ₹%s after round Two had sold", p.Price)
		}
	}
	// The racing orders still waiting (some were swept with the others) expire too.
	if _, err := svc.Sweep(ctx, later.Add(purchase.PaymentWindow)); err != nil {
		t.Fatal(err)
	}
	var live int64
	_ = d.DB.QueryRowContext(ctx, "SELECT count(*) FROM purchases WHERE status IN ('INITIATED', 'PENDING')").Scan(&live)
	if live != 0 || n != len(racers) {
		t.Fatalf("%d orders still live, %d racing orders placed", live, n)
	}
	if one, two := roundSold(t, d, "One"), roundSold(t, d, "Two"); one != 0 || two != 0 {
		t.Fatalf("rounds after release: %d %d", one, two)
	}
	if one, two := roundAllocation(t, d, "One"), roundAllocation(t, d, "Two"); one != 0 || two != 5250 {
		t.Fatalf("allocations after release: One %d, Two %d (want 0 and 5250: One's tokens moved to Two)", one, two)
	}
	t.Logf("release race: 40 orders, 120 racing exits (%d reported by reject, expire and cancel; the rest by sweeps) and %d new orders, rounds back to 0/0 (closed) and 0/5250", moved.Load(), n)
	testkit.CheckSupply(t, d.DB)
}
