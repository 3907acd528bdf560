package main

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/sale"
)

// saleView is sale/get's data: price/get's without the buyer's limits.
type saleView struct {
	Price                  float64
	PlatformChargePercent  float64
	RemainingPrivateSupply float64
	Symbol, Name           string
	Sale                   struct{ Status string }
	Round                  *struct {
		Name             string
		Allocation, Sold float64
	}
	NextRound *struct{ Name string }
}

func (h *harness) withRounds(rounds []sale.RoundInput) {
	h.t.Helper()
	in := sale.SettingsInput{Rounds: &rounds}
	if _, err := h.d.Build().Sales.UpdateTokenSettings(context.Background(), audit.Actor{Kind: "admin", CompanyID: h.companyID}, in); err != nil {
		h.t.Fatal(err)
	}
	time.Sleep(company.SiteTTL + 50*time.Millisecond)
}

// TestSaleGetIsPublic: the first screen's sale — price, status, current and next round — answers a
// visitor who has not signed in, with no buyer's limits in it (the contract forbids other fields).
func TestSaleGetIsPublic(t *testing.T) {
	h := setup(t)
	n := func(s string) sale.Num { return sale.Num{Raw: s, Set: true} }
	h.withRounds([]sale.RoundInput{
		{Position: n("1"), Name: "Seed", Price: n("20"), Allocation: n("1000")},
		{Position: n("2"), Name: "Early", Price: n("25"), Allocation: n("1000")},
	})
	r := h.call("GET", "/api/v1/user/sale/get", "", nil)
	h.want(r, 200)
	if r.Msg() != "Sale fetched successfully" {
		t.Fatalf("message %q", r.Msg())
	}
	var s saleView
	r.Into(t, &s)
	if s.Price != 20 || s.Symbol != "ACW" || s.Sale.Status != "OPEN" || s.Round == nil || s.Round.Name != "Seed" ||
		s.Round.Allocation != 1000 || s.NextRound == nil || s.NextRound.Name != "Early" || s.RemainingPrivateSupply <= 0 {
		t.Fatalf("sale/get: %+v", s)
	}
}

// TestCancelShowsTheTokensAgainAtOnce: after a cancel, the buyer's next price/get shows the round's
// tokens back at once, not up to a second later from the site cache.
func TestCancelShowsTheTokensAgainAtOnce(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	n := func(s string) sale.Num { return sale.Num{Raw: s, Set: true} }
	h.withRounds([]sale.RoundInput{{Position: n("1"), Name: "Seed", Price: n("2"), Allocation: n("1000")}})
	sold := func() float64 {
		t.Helper()
		var p priceView
		r := h.call("GET", "/api/v1/user/package/price/get", tok, nil)
		h.want(r, 200)
		r.Into(t, &p)
		if p.Round == nil {
			t.Fatalf("no round: %+v", p)
		}
		return p.Round.Sold
	}
	o := h.order(tok, 100)
	time.Sleep(company.SiteTTL + 50*time.Millisecond)
	if got := sold(); got != 50 {
		t.Fatalf("after the order: sold %v, want 50", got)
	}
	h.want(h.call("POST", "/api/v1/user/package/order/cancel", tok, map[string]any{"id": o.ID}), 200)
	if got := sold(); got != 0 {
		t.Fatalf("right after the cancel: sold %v, want 0", got)
	}
}
