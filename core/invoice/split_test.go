package invoice

import (
	"math/rand"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/clock"
)

func TestSplitChargeFixed(t *testing.T) {
	r18 := decimal.NewFromInt(18)
	for _, c := range []struct {
		charge int64
		rate   decimal.Decimal
		same   bool
		want   Split
	}{
		{2000, r18, true, Split{Taxable: 1695, CGST: 152, SGST: 153, Total: 2000}}, // ₹20.00: 16.949… → 16.95
		{2000, r18, false, Split{Taxable: 1695, IGST: 305, Total: 2000}},
		{118, r18, true, Split{Taxable: 100, CGST: 9, SGST: 9, Total: 118}},
		{1, r18, true, Split{Taxable: 1, Total: 1}},
		{11800, r18, false, Split{Taxable: 10000, IGST: 1800, Total: 11800}},
		{1000, decimal.Zero, true, Split{Taxable: 1000, Total: 1000}},
		{10000, decimal.RequireFromString("12.5"), true, Split{Taxable: 8889, CGST: 555, SGST: 556, Total: 10000}},
	} {
		if got := SplitCharge(c.charge, c.rate, c.same); got != c.want {
			t.Errorf("%d at %s%% same=%v: %+v, want %+v", c.charge, c.rate, c.same, got, c.want)
		}
	}
}

// Property: at any charge and rate, taxable + taxes = charge to the paisa, taxable is the
// charge ÷ (1 + rate) to the nearest paisa, CGST and SGST differ by at most a paisa.
func TestSplitChargeAddsUp(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		charge := rng.Int63n(100_000_000_00) + 1
		if i < 1000 {
			charge = int64(i + 1)
		}
		rate := decimal.New(rng.Int63n(2801), -2)
		for _, same := range []bool{true, false} {
			s := SplitCharge(charge, rate, same)
			if s.Taxable+s.CGST+s.SGST+s.IGST != charge || s.Total != charge {
				t.Fatalf("%d at %s: %+v does not add up", charge, rate, s)
			}
			exact := decimal.NewFromInt(charge).Mul(decimal.NewFromInt(100)).DivRound(decimal.NewFromInt(100).Add(rate), 12)
			if exact.Sub(decimal.NewFromInt(s.Taxable)).Abs().GreaterThan(decimal.RequireFromString("0.5")) {
				t.Fatalf("%d at %s: taxable %d, exact %s", charge, rate, s.Taxable, exact)
			}
			if same && (s.IGST != 0 || s.SGST-s.CGST < 0 || s.SGST-s.CGST > 1) {
				t.Fatalf("same state %d at %s: %+v", charge, rate, s)
			}
			if !same && (s.CGST != 0 || s.SGST != 0) {
				t.Fatalf("other state %d at %s: %+v", charge, rate, s)
			}
		}
	}
}

func TestFY(t *testing.T) {
	for _, c := range []struct {
		at   time.Time
		want string
	}{
		{time.Date(2026, 4, 1, 0, 0, 0, 0, clock.IST), "2026-27"},
		{time.Date(2026, 3, 31, 23, 59, 59, 0, clock.IST), "2025-26"},
		{time.Date(2026, 3, 31, 18, 30, 0, 0, time.UTC), "2026-27"}, // 00:00 IST on 1 April
		{time.Date(2026, 3, 31, 18, 29, 59, 0, time.UTC), "2025-26"},
		{time.Date(2099, 12, 1, 0, 0, 0, 0, time.UTC), "2099-00"},
	} {
		if got := FY(c.at); got != c.want {
			t.Errorf("FY(%s) = %s, want %s", c.at, got, c.want)
		}
	}
	for s, ok := range map[string]bool{"2026-27": true, "2099-00": true, "2026-28": false, "2026/27": false, "26-27": false, "": false} {
		if ValidFY(s) != ok {
			t.Errorf("ValidFY(%q) != %v", s, ok)
		}
	}
	if got := Label(KindInvoice, "2026-27", 7); got != "INV/2026-27/000007" {
		t.Errorf("label %s", got)
	}
	if got := Label(KindCreditNote, "2026-27", 123456); got != "CN/2026-27/123456" {
		t.Errorf("label %s", got)
	}
}
