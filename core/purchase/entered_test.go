package purchase_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/pagination"
	"prelaunch/core/purchase"
)

// TestEnteredAmountIsKept: whole tokens only: ₹1,005 at ₹10 charges ₹1,000 for
// 100 tokens and keeps the typed 1005 beside it, for the order, the buyer's history and the admin
// and super admin lists (the admin's review shows both). The one-step create-and-submit keeps it too.
func TestEnteredAmountIsKept(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()
	dec := decimal.RequireFromString

	p, err := svc.CreateOrder(ctx, bs[0], amt("1005"))
	if err != nil {
		t.Fatal(err)
	}
	var row struct {
		Entered  decimal.Decimal `bun:"entered_amount"`
		Amount   decimal.Decimal `bun:"amount"`
		Quantity decimal.Decimal `bun:"quantity"`
	}
	if err := d.DB.NewSelect().Table("purchases").Column("entered_amount", "amount", "quantity").
		Where("id = ?", p.ID).Scan(ctx, &row); err != nil {
		t.Fatal(err)
	}
	if !row.Entered.Equal(dec("1005")) || !row.Amount.Equal(dec("1000")) || !row.Quantity.Equal(dec("100")) {
		t.Fatalf("stored entered %s amount %s quantity %s, want 1005, 1000, 100", row.Entered, row.Amount, row.Quantity)
	}
	if v := p.View(); !v.EnteredAmount.Equal(dec("1005")) || !v.Amount.Equal(dec("1000")) {
		t.Fatalf("order answer: entered %s amount %s", v.EnteredAmount, v.Amount)
	}
	got, err := svc.GetOrder(ctx, bs[0], p.ID)
	if err != nil || !got.View().EnteredAmount.Equal(dec("1005")) {
		t.Fatalf("order/get: %v %+v", err, got)
	}

	sub, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PurchaseID: p.ID, PaymentMethod: "MANUAL"})
	if err != nil {
		t.Fatal(err)
	}
	if !sub.EnteredAmount.Equal(dec("1005")) {
		t.Fatalf("submitted order entered %s", sub.EnteredAmount)
	}
	// Create and submit in one step: ₹2,003.50 at ₹10 is 200 tokens for ₹2,000.
	one, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PaymentMethod: "MANUAL", Amount: amt("2003.50")})
	if err != nil {
		t.Fatal(err)
	}
	if !one.EnteredAmount.Equal(dec("2003.5")) || !one.Amount.Equal(dec("2000")) || !one.Quantity.Equal(dec("200")) {
		t.Fatalf("one-step: entered %s amount %s quantity %s", one.EnteredAmount, one.Amount, one.Quantity)
	}

	want := map[string]string{p.OrderNumber: "1005", one.OrderNumber: "2003.5"}
	admin, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Status: "PENDING"})
	if err != nil {
		t.Fatal(err)
	}
	super, err := views(svc).AllPurchases(ctx, purchase.ReviewFilter{CompanyID: cid})
	if err != nil {
		t.Fatal(err)
	}
	for name, recs := range map[string][]purchase.AdminRecord{"admin": admin.Records, "super admin": super.Records} {
		seen := 0
		for _, r := range recs {
			if w, ok := want[r.OrderNumber]; ok {
				seen++
				if !r.EnteredAmount.Equal(dec(w)) || !r.EnteredAmount.GreaterThan(r.Amount) {
					t.Errorf("%s list %s: entered %s amount %s, want entered %s", name, r.OrderNumber, r.EnteredAmount, r.Amount, w)
				}
			}
		}
		if seen != len(want) {
			t.Errorf("%s list has %d of the %d orders", name, seen, len(want))
		}
	}
	hist, err := svc.ListForBuyer(ctx, bs[0], "", "", pagination.Page{Page: 1, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist.Records) != 2 {
		t.Fatalf("history: %d rows", len(hist.Records))
	}
	for _, r := range hist.Records {
		if !r.EnteredAmount.Equal(dec(want[r.OrderNumber])) {
			t.Errorf("history %s: entered %s", r.OrderNumber, r.EnteredAmount)
		}
	}
}

// TestEnteredAmountOfAnOrderWithoutOne: a row inserted without a typed figure (as the orders placed
// before it was kept, or a seed) lists with its charged amount.
func TestEnteredAmountOfAnOrderWithoutOne(t *testing.T) {
	f := rvSetup(t)
	id := f.pending(t, f.cid, f.buyer(t, nil), 30, "UPI", "UTR-ENTERED-1")
	list, err := views(f.svc()).Purchases(context.Background(), f.cid, purchase.ReviewFilter{Search: "UTR-ENTERED-1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Records) != 1 || list.Records[0].ID != id {
		t.Fatalf("search: %+v", list.Records)
	}
	if r := list.Records[0]; !r.EnteredAmount.Equal(r.Amount) || !r.Amount.Equal(decimal.NewFromInt(300)) {
		t.Fatalf("entered %s amount %s, want both 300", r.EnteredAmount, r.Amount)
	}
}
