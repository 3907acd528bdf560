package allocation_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/allocation"
	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

var t0 = time.Date(2027, 3, 1, 10, 0, 0, 0, time.UTC)

type env struct {
	d       *runtime.Deps
	cid     string
	clk     *clock.Fixed
	sales   *sale.Service
	alloc   *allocation.Service
	orders  *purchase.Service
	admin   audit.Actor
	roundID string
}

func num(s string) fields.Num { return fields.Num{Raw: s, Set: true} }
func str(s string) *string    { return &s }

// setup seeds the demo company and makes its one round "Launch" (₹10, 10,000 tokens) sold by
// requests, window t0+1h .. t0+2h, paymentHours 48; the clock stands at t0.
func setup(t *testing.T) *env {
	t.Helper()
	d := testkit.Deps(t, "allocation", 11)
	cid := testkit.Seed(t, d, "Admin@12345")
	e := &env{d: d, cid: cid, clk: clock.NewFixed(t0)}
	e.sales = &sale.Service{DB: d.DB, Clock: e.clk}
	e.alloc = &allocation.Service{DB: d.DB, Clock: e.clk, Bought: purchase.BoughtSoFar}
	e.orders = &purchase.Service{DB: d.DB, Clock: e.clk}
	e.admin = audit.Actor{Kind: "admin", CompanyID: cid}
	v, err := e.sales.UpdateTokenSettings(context.Background(), e.admin, sale.SettingsInput{
		Limits: &sale.LimitsInput{},
		Rounds: &[]sale.RoundInput{{Position: num("1"), Name: "Launch", Price: num("10"), Allocation: num("10000"),
			Mode: str("REQUESTS"), RequestStartsAt: str(t0.Add(time.Hour).Format(time.RFC3339)),
			RequestEndsAt: str(t0.Add(2 * time.Hour).Format(time.RFC3339))}}})
	if err != nil {
		t.Fatal(err)
	}
	r := v.Rounds[0]
	if r.Mode != "REQUESTS" || r.PaymentHours != 48 || r.Commitment == nil || len(*r.Commitment) != 64 || r.DrawStatus != "OPEN" {
		t.Fatalf("round %+v", r)
	}
	e.roundID = r.ID
	return e
}

func (e *env) buyers(t *testing.T, n int) []user.Buyer {
	t.Helper()
	out := make([]user.Buyer, n)
	for i := range out {
		u := &user.User{CompanyID: e.cid, Role: user.RoleUser, Name: fmt.Sprintf("Buyer %d", i), Email: fmt.Sprintf("r%d@x.test", i),
			PasswordHash: "x", ReferralCode: fmt.Sprintf("PL-R%07d", i), Status: user.StatusActive, StockBalance: decimal.Zero}
		if _, err := e.d.DB.NewInsert().Model(u).Returning("id").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		out[i] = user.Buyer{UserID: u.ID, CompanyID: e.cid}
	}
	return out
}

func (e *env) request(b user.Buyer, amount string) error {
	_, err := e.alloc.Request(context.Background(), b, allocation.RequestInput{RoundID: e.roundID, Amount: num(amount)})
	return err
}

func slug(err error) string {
	if a, ok := apperr.As(err); ok {
		return a.Slug
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestRequestsOnlyInTheirWindowAndWithinTheLimits(t *testing.T) {
	e := setup(t)
	b := e.buyers(t, 1)[0]
	if err := e.request(b, "1000"); slug(err) != "requests_not_open" || !strings.Contains(err.Error(), "open on 1 Mar 2027, 16:30 IST") {
		t.Fatalf("before the window: %v", err)
	}
	e.clk.Set(t0.Add(90 * time.Minute))
	// No first-come order in the round.
	if _, err := e.orders.CreateOrder(context.Background(), b, num("100")); slug(err) != "round_by_requests" {
		t.Fatalf("first-come order: %v", err)
	}
	if err := e.request(b, "5"); slug(err) != "amount_too_small" {
		t.Fatalf("below one token: %v", err)
	}
	if err := e.request(b, "1005"); err != nil {
		t.Fatal(err)
	}
	v, err := e.alloc.Get(context.Background(), b, e.roundID)
	if err != nil || v.Request == nil || v.Request.Quantity.IntPart() != 100 || v.Allocation != nil || v.Round.Seed != nil || v.Round.Status != "OPEN" {
		t.Fatalf("%+v %v", v, err)
	}
	// The per-buyer limit and the KYC threshold apply as to an order.
	if _, err := e.d.DB.ExecContext(context.Background(), "UPDATE tokens SET max_per_buyer_inr = 500, kyc_required_above_inr = 300 WHERE company_id = ?", e.cid); err != nil {
		t.Fatal(err)
	}
	if err := e.request(b, "600"); slug(err) != "above_max_per_buyer" {
		t.Fatalf("per buyer: %v", err)
	}
	if err := e.request(b, "400"); slug(err) != "kyc_required" {
		t.Fatalf("kyc: %v", err)
	}
	if err := e.request(b, "0"); err != nil { // withdraw
		t.Fatal(err)
	}
	if v, _ := e.alloc.Get(context.Background(), b, e.roundID); v.Request != nil {
		t.Fatal("withdrawn request still there")
	}
	// Mode, window and price are fixed once the window opened.
	_, err = e.sales.UpdateTokenSettings(context.Background(), e.admin, sale.SettingsInput{Rounds: &[]sale.RoundInput{{ID: &e.roundID,
		Position: num("1"), Name: "Launch", Price: num("10"), Allocation: num("10000"), Mode: str("FCFS")}}})
	if slug(err) != "round_requests_opened" {
		t.Fatalf("mode change after opening: %v", err)
	}
	e.clk.Set(t0.Add(2 * time.Hour))
	if err := e.request(b, "100"); slug(err) != "requests_closed" {
		t.Fatalf("after the window: %v", err)
	}
}

func TestSettingsRefuseAWindowInThePastOrOutOfOrder(t *testing.T) {
	e := setup(t)
	_, err := e.sales.UpdateTokenSettings(context.Background(), e.admin, sale.SettingsInput{Rounds: &[]sale.RoundInput{{
		Position: num("2"), Name: "Late", Price: num("12"), Allocation: num("10"), Mode: str("REQUESTS"),
		RequestStartsAt: str(t0.Add(-time.Hour).Format(time.RFC3339)), RequestEndsAt: str(t0.Add(-2 * time.Hour).Format(time.RFC3339)),
		PaymentHours: num("0")}}})
	a, ok := apperr.As(err)
	if !ok || a.Kind != apperr.KindInvalid {
		t.Fatalf("%v", err)
	}
	named := map[string]bool{}
	for _, f := range a.Fields {
		named[f.Field] = true
	}
	for _, f := range []string{"rounds[0].requestStartsAt", "rounds[0].requestEndsAt", "rounds[0].paymentHours"} {
		if !named[f] {
			t.Errorf("no message for %s: %+v", f, a.Fields)
		}
	}
}

// The golden example through the database: six requests, 10,000 tokens; two workers race the close
// and the round is allocated once.
func TestCloseRacedByTwoWorkersAllocatesOnce(t *testing.T) {
	e := setup(t)
	bs := e.buyers(t, 6)
	e.clk.Set(t0.Add(90 * time.Minute))
	for i, amount := range []string{"12000", "26000", "35000", "7000", "50000", "9000"} {
		if err := e.request(bs[i], amount); err != nil {
			t.Fatal(err)
		}
	}
	e.clk.Set(t0.Add(2 * time.Hour))
	var wg sync.WaitGroup
	results := make([]bool, 2)
	errs := make([]error, 2)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			n, _, err := e.alloc.Tick(context.Background(), e.clk.Now())
			results[w], errs[w] = n == 1, err
		}(w)
	}
	wg.Wait()
	if errors.Join(errs...) != nil || results[0] == results[1] {
		t.Fatalf("allocated by %v, errors %v", results, errs)
	}
	want := []int64{1200, 2400, 2400, 700, 2400, 900}
	for i, b := range bs {
		v, err := e.alloc.Get(context.Background(), b, e.roundID)
		if err != nil || v.Allocation == nil || v.Allocation.Quantity.IntPart() != want[i] || !v.Allocation.PayBy.Equal(t0.Add(50*time.Hour)) {
			t.Fatalf("buyer %d: %+v %v", i, v.Allocation, err)
		}
		if v.Round.Seed == nil || allocation.Commitment(mustHex(t, *v.Round.Seed)) != v.Round.Commitment {
			t.Fatalf("the revealed seed does not match the commitment: %+v", v.Round)
		}
	}
	view, err := e.alloc.AdminView(context.Background(), e.cid, e.roundID, pageOf(50))
	if err != nil || len(view.Draws) != 1 || view.Draws[0].Level.IntPart() != 2400 || view.Count != 6 ||
		view.Asked.IntPart() != 13900 || view.Oversubscription.String() != "1.39" || view.Allocations.Total != 6 {
		t.Fatalf("%+v %v", view, err)
	}
	var sold int64
	if err := e.d.DB.QueryRowContext(context.Background(), "SELECT sold FROM token_rounds WHERE id = ?", e.roundID).Scan(&sold); err != nil || sold != 10000 {
		t.Fatalf("sold %d %v", sold, err)
	}
	testkit.CheckSupply(t, e.d.DB)
	// A later tick finds nothing to do.
	if n, _, err := e.alloc.Tick(context.Background(), e.clk.Now()); n != 0 || err != nil {
		t.Fatalf("second tick: %d %v", n, err)
	}
}

// Requests racing the close are either in the draw or refused, never lost half-way.
func TestRequestsRacingTheCloseAreInOrRefused(t *testing.T) {
	e := setup(t)
	bs := e.buyers(t, 30)
	e.clk.Set(t0.Add(90 * time.Minute))
	late := &allocation.Service{DB: e.d.DB, Clock: clock.NewFixed(t0.Add(2*time.Hour - time.Millisecond)), Bought: purchase.BoughtSoFar}
	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted := map[string]bool{}
	start := make(chan struct{})
	for _, b := range bs {
		wg.Add(1)
		go func(b user.Buyer) {
			defer wg.Done()
			<-start
			_, err := late.Request(context.Background(), b, allocation.RequestInput{RoundID: e.roundID, Amount: num("1000")})
			mu.Lock()
			defer mu.Unlock()
			switch slug(err) {
			case "":
				accepted[b.UserID] = true
			case "requests_closed":
			default:
				t.Errorf("request: %v", err)
			}
		}(b)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		<-start
		time.Sleep(2 * time.Millisecond)
		if _, err := e.alloc.Allocate(context.Background(), e.cid, e.roundID, t0.Add(2*time.Hour)); err != nil {
			t.Error(err)
		}
	}()
	close(start)
	wg.Wait()
	view, err := e.alloc.AdminView(context.Background(), e.cid, e.roundID, pageOf(100))
	if err != nil || len(view.Draws) != 1 {
		t.Fatalf("%+v %v", view, err)
	}
	if view.Draws[0].Requests != len(accepted) || view.Count != len(accepted) || view.Draws[0].Allocated.IntPart() != int64(100*len(accepted)) {
		t.Fatalf("accepted %d, the draw saw %d requests (%d stored), allocated %s", len(accepted), view.Draws[0].Requests, view.Count, view.Draws[0].Allocated)
	}
	for _, a := range view.Allocations.Records {
		if !accepted[a.UserID] {
			t.Fatalf("allocation for a refused request: %s", a.UserID)
		}
	}
	t.Logf("%d of %d requests made it before the close", len(accepted), len(bs))
	testkit.CheckSupply(t, e.d.DB)
}

// Paying: exactly the allocation, before pay-by; another amount is refused naming the amount due.
// Lapsed allocations go back to the round and the admin's second pass shares them out.
func TestPayLapseAndSecondPass(t *testing.T) {
	e := setup(t)
	bs := e.buyers(t, 3)
	e.clk.Set(t0.Add(90 * time.Minute))
	for _, b := range bs {
		if err := e.request(b, "60000"); err != nil { // 6,000 tokens each, 18,000 over 10,000
			t.Fatal(err)
		}
	}
	e.clk.Set(t0.Add(2 * time.Hour))
	if ok, err := e.alloc.Allocate(context.Background(), e.cid, e.roundID, e.clk.Now()); !ok || err != nil {
		t.Fatal(ok, err)
	}
	got := map[string]int64{}
	for _, b := range bs {
		v, _ := e.alloc.Get(context.Background(), b, e.roundID)
		got[b.UserID] = v.Allocation.Quantity.IntPart()
	}
	// 3,333 each, one buyer gets the 10,000th token.
	ctx := context.Background()
	due := got[bs[0].UserID]
	_, err := e.orders.CreateOrder(ctx, bs[0], num("100"))
	if slug(err) != "allocation_amount" || !strings.Contains(err.Error(), fmt.Sprintf("order exactly ₹%s", sale.Grouped(decimal.NewFromInt(due*10), 2))) {
		t.Fatalf("another amount: %v", err)
	}
	// Paid as bff-user orders: priced from the host's site as cached, which holds the round sold
	// by requests, so the allocation is found (an order priced first-come would be refused).
	site, err := (&company.Resolver{DB: e.d.DB, Links: company.Links{Fallback: "ACW"}, Now: e.clk.Now}).Fallback(ctx)
	if err != nil || site.CompanyID != e.cid {
		t.Fatalf("site: %v", err)
	}
	p, err := e.orders.CreateOrderAt(ctx, site, bs[0], num(fmt.Sprint(due*10)))
	if err != nil || p.Quantity.IntPart() != due || !p.ExpiresAt.Equal(t0.Add(50*time.Hour)) {
		t.Fatalf("%+v %v", p, err)
	}
	if v, _ := e.alloc.Get(ctx, bs[0], e.roundID); v.Allocation.Status != "ORDERED" || v.Allocation.PurchaseID == nil || *v.Allocation.PurchaseID != p.ID {
		t.Fatalf("%+v", v.Allocation)
	}
	testkit.CheckSupply(t, e.d.DB)
	// Before every pay-by passed the second pass waits.
	if _, err := e.alloc.SecondPass(ctx, e.admin, e.roundID); slug(err) != "allocations_open" {
		t.Fatalf("early second pass: %v", err)
	}
	// Buyer 1 pays nothing: at pay-by their allocation lapses, back to the round.
	e.clk.Set(t0.Add(50 * time.Hour))
	if _, n, err := e.alloc.Tick(ctx, e.clk.Now()); n != 2 || err != nil {
		t.Fatalf("lapsed %d %v", n, err)
	}
	testkit.CheckSupply(t, e.d.DB)
	// Buyer 0's order expired at pay-by too (its expiry gives its tokens back as any order's).
	if ok, err := e.orders.Expire(ctx, p.ID, e.clk.Now()); !ok || err != nil {
		t.Fatal(ok, err)
	}
	testkit.CheckSupply(t, e.d.DB)
	// Everyone lapsed or expired: buyer 0 ordered (not lapsed) and is still short.
	view, err := e.alloc.SecondPass(ctx, e.admin, e.roundID)
	if err != nil {
		t.Fatal(err)
	}
	if len(view.Draws) != 2 || view.Draws[1].Requests != 1 || view.Draws[1].Allocated.IntPart() != 6000-due {
		t.Fatalf("second pass %+v", view.Draws)
	}
	v, _ := e.alloc.Get(ctx, bs[0], e.roundID)
	if v.Allocation.Pass != 2 || v.Allocation.Status != "ALLOCATED" || !v.Allocation.PayBy.Equal(t0.Add(98*time.Hour)) {
		t.Fatalf("%+v", v.Allocation)
	}
	testkit.CheckSupply(t, e.d.DB)
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b := make([]byte, len(s)/2)
	if _, err := fmt.Sscanf(s, "%x", &b); err != nil {
		t.Fatal(err)
	}
	return b
}
