package main

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/sale"
)

type priceView struct {
	Price float64
	Sale  struct {
		Status           string
		StartsAt, EndsAt *string
	}
	Round *struct {
		Name                    string
		Price, Allocation, Sold float64
		EndsAt                  *string
	}
	NextRound *struct {
		Name     string
		Price    float64
		StartsAt *string
	}
	Limits struct {
		MinOrder, MaxOrder, MaxPerBuyer, KYCRequiredAbove *float64
		BoughtSoFar                                       float64
	}
}

// TestPriceShowsTheSaleAndOrdersMeetItsRefusals: a settings change shows in price/get within a
// second (the site cache), and orders over HTTP meet each refusal.
func TestPriceShowsTheSaleAndOrdersMeetItsRefusals(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	var cid string
	if err := h.d.DB.QueryRow("SELECT company_id FROM tokens WHERE symbol = 'ACW'").Scan(&cid); err != nil {
		t.Fatal(err)
	}
	price := func() priceView {
		t.Helper()
		var p priceView
		r := h.call("GET", "/api/v1/user/package/price/get", tok, nil)
		h.want(r, 200)
		r.Into(t, &p)
		return p
	}
	p := price()
	if p.Price != 10 || p.Sale.Status != "OPEN" || p.Round != nil || p.NextRound != nil || p.Limits.MinOrder != nil || p.Limits.BoughtSoFar != 0 {
		t.Fatalf("no rounds: %+v", p)
	}
	change := func(in sale.SettingsInput) {
		t.Helper()
		if _, err := h.d.Build().Sales.UpdateTokenSettings(context.Background(), audit.Actor{Kind: "admin", CompanyID: cid}, in); err != nil {
			t.Fatal(err)
		}
	}
	n := func(s string) sale.Num { return sale.Num{Raw: s, Set: true} }
	later := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	rounds := []sale.RoundInput{
		{Position: n("1"), Name: "Seed", Price: n("2"), Allocation: n("50"), EndsAt: &later},
		{Position: n("2"), Name: "Early", Price: n("4"), Allocation: n("1000")},
	}
	change(sale.SettingsInput{Rounds: &rounds, Limits: &sale.LimitsInput{MinOrder: n("20"), MaxOrder: n("150"), MaxPerBuyer: n("250")}})
	time.Sleep(company.SiteTTL + 50*time.Millisecond)
	p = price()
	if p.Price != 2 || p.Round == nil || p.Round.Name != "Seed" || p.Round.Allocation != 50 || p.Round.EndsAt == nil ||
		p.NextRound == nil || p.NextRound.Name != "Early" || p.NextRound.Price != 4 || *p.Limits.MinOrder != 20 || *p.Limits.MaxPerBuyer != 250 {
		t.Fatalf("with rounds: %+v", p)
	}
	order := func(amount string, code int, msg string) {
		t.Helper()
		r := h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": amount})
		h.want(r, code)
		if msg != "" && r.Msg() != msg {
			t.Fatalf("order %s: %q, want %q", amount, r.Msg(), msg)
		}
		// Issue 29 item 5: a refused amount is named beside the buy form's field.
		if code == 422 && r.FieldMsg("amount") != msg {
			t.Fatalf("order %s: errors %+v, want %q on amount", amount, r.Errors, msg)
		}
	}
	order("10", 422, "The minimum order is ₹20.00.")
	order("160", 422, "The maximum order is ₹150.00.") // 80 tokens charge ₹160
	order("102", 409, "Only 50 tokens remain at this price (Seed). Enter a smaller amount.")
	order("100", 200, "")
	order("140", 200, "") // round 2 now: 35 tokens at ₹4
	order("20", 422, "You can buy at most ₹250.00 in this sale; ₹10.00 remains for you.")
	p = price()
	if p.Limits.BoughtSoFar != 240 {
		t.Fatalf("bought so far: %+v", p.Limits)
	}
	time.Sleep(company.SiteTTL + 50*time.Millisecond)
	if p = price(); p.Round == nil || p.Round.Name != "Early" || p.Round.Sold != 35 || p.NextRound != nil || p.Price != 4 {
		t.Fatalf("after round 1 sold out: %+v", p)
	}
	change(sale.SettingsInput{Sale: &sale.SaleInput{Paused: true}})
	order("20", 409, "The sale is not open right now.")
	time.Sleep(company.SiteTTL + 50*time.Millisecond)
	if p = price(); p.Sale.Status != "PAUSED" {
		t.Fatalf("paused: %+v", p.Sale)
	}
}
