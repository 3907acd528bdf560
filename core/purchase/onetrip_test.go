package purchase_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
)

// waitingQuery holds the company's token row and its supply slices FOR UPDATE in a transaction of
// its own, runs act, and returns the statement the server is running for the backend that waits on
// those locks.
func waitingQuery(t *testing.T, d *runtime.Deps, cid string, act func() error) string {
	t.Helper()
	ctx := context.Background()
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, "SELECT 1 FROM tokens WHERE company_id = ? FOR UPDATE", cid); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM token_supply_slices WHERE token_id = (SELECT id FROM tokens WHERE company_id = ?)
		ORDER BY slot FOR UPDATE`, cid); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- act() }()
	var q string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && q == ""; time.Sleep(20 * time.Millisecond) {
		_ = d.DB.NewRaw(`SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
			AND pid <> pg_backend_pid() LIMIT 1`).Scan(ctx, &q)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return q
}

// TestTokenRowWaitsOnlyForTheCommit: an order's reservation and a cancellation's release reach
// the server together with their transaction's COMMIT, in one message, so the supply rows the
// orders of the company update (the token row, its slices) are never locked while a round trip
// to the BFF is under way. The first order finds no slice and waits for the token row; the
// cancellation gives back to the slice that order made, and waits for it.
func TestTokenRowWaitsOnlyForTheCommit(t *testing.T) {
	d, svc, cid := setup(t)
	b := addBuyers(t, d, cid, 1)[0]
	ctx := context.Background()
	var id string
	q := waitingQuery(t, d, cid, func() error {
		p, err := svc.CreateOrder(ctx, b, amt("100"))
		if p != nil {
			id = p.ID
		}
		return err
	})
	if !strings.Contains(q, "sale_reserve(") || !strings.Contains(q, "COMMIT") {
		t.Fatalf("the order waited for the token row in %q, want the reservation sent with its COMMIT", q)
	}
	q = waitingQuery(t, d, cid, func() error { _, err := svc.Cancel(ctx, b, id); return err })
	if !strings.Contains(q, "sale_release(") || !strings.Contains(q, "COMMIT") {
		t.Fatalf("the cancellation waited for the token row in %q, want the release sent with its COMMIT", q)
	}
	testkit.CheckSupply(t, d.DB)
}

// TestOrderPricedFromAStaleSiteIsPricedAgain: a site whose token settings are no longer the row's
// (an admin changed the price since it was cached) proposes a price the reservation refuses; the
// refused transaction is rolled back on its own connection and the order is priced again from the
// database — one order, at the current price, the supply intact, and the pool's connections
// usable after.
func TestOrderPricedFromAStaleSiteIsPricedAgain(t *testing.T) {
	d, svc, cid := setup(t)
	b := addBuyers(t, d, cid, 1)[0]
	ctx := context.Background()
	tok, err := sale.ForCompany(ctx, d.DB, cid)
	if err != nil {
		t.Fatal(err)
	}
	stale := *tok
	stale.Price = tok.Price.Div(decimal.NewFromInt(2))
	stale.SettingsVersion--
	before := remaining(t, d, cid)
	p, err := svc.CreateOrderAt(ctx, &company.Site{CompanyID: cid, Status: company.StatusActive, Token: &stale}, b, amt("100"))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Price.Equal(tok.Price) {
		t.Fatalf("priced at %s, want the row's %s", p.Price, tok.Price)
	}
	var n int
	if err := d.DB.NewRaw("SELECT count(*) FROM purchases WHERE user_id = ?", b.UserID).Scan(ctx, &n); err != nil || n != 1 {
		t.Fatalf("%d orders (%v), want 1", n, err)
	}
	if got := remaining(t, d, cid); got != before-p.Quantity.IntPart() {
		t.Fatalf("remaining %d, want %d", got, before-p.Quantity.IntPart())
	}
	// A fresh site proposes the row's own price: taken at once.
	fresh, err := svc.CreateOrderAt(ctx, &company.Site{CompanyID: cid, Status: company.StatusActive, Token: tok}, b, amt("100"))
	if err != nil || !fresh.Price.Equal(tok.Price) {
		t.Fatalf("order from a fresh site: %v", err)
	}
	for i := 0; i < 10; i++ { // no connection was handed back mid-transaction
		var inTx bool
		if err := d.DB.NewRaw("SELECT now() <> statement_timestamp()").Scan(ctx, &inTx); err != nil || inTx {
			t.Fatalf("a pooled connection is still inside a transaction (%v)", err)
		}
	}
	testkit.CheckSupply(t, d.DB)
}
