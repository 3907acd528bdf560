package sale

import (
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/apperr"
)

var t0 = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

func at(d time.Duration) *time.Time { x := t0.Add(d); return &x }

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func decp(s string) *decimal.Decimal { d := dec(s); return &d }

func round(pos int, price, alloc, sold string, start, end *time.Time) Round {
	return Round{ID: "r" + string(rune('0'+pos)), Position: pos, Name: "Round " + string(rune('0'+pos)), Price: dec(price),
		Allocation: dec(alloc), Sold: dec(sold), StartsAt: start, EndsAt: end}
}

func TestSaleStatus(t *testing.T) {
	base := Token{Price: dec("10"), RemainingPrivateSupply: dec("100")}
	cases := []struct {
		name   string
		mod    func(*Token)
		rounds []Round
		want   string
	}{
		{"open, no window", nil, nil, SaleOpen},
		{"inside the window", func(t *Token) { t.SaleStartsAt, t.SaleEndsAt = at(-time.Hour), at(time.Hour) }, nil, SaleOpen},
		{"end passed", func(t *Token) { t.SaleEndsAt = at(0) }, nil, SaleClosed},
		{"closed wins over paused and sold out", func(t *Token) {
			t.SaleEndsAt, t.SalePaused, t.RemainingPrivateSupply = at(-time.Second), true, dec("0")
		}, nil, SaleClosed},
		{"start ahead", func(t *Token) { t.SaleStartsAt = at(time.Second) }, nil, SaleScheduled},
		{"scheduled wins over paused", func(t *Token) { t.SaleStartsAt, t.SalePaused = at(time.Hour), true }, nil, SaleScheduled},
		{"paused", func(t *Token) { t.SalePaused = true }, nil, SalePaused},
		{"paused wins over sold out", func(t *Token) { t.SalePaused, t.RemainingPrivateSupply = true, dec("0") }, nil, SalePaused},
		{"no private supply left", func(t *Token) { t.RemainingPrivateSupply = dec("0") }, nil, SaleSoldOut},
		{"a round selling", nil, []Round{round(1, "1", "10", "10", nil, nil), round(2, "2", "10", "3", nil, nil)}, SaleOpen},
		{"every round sold out", nil, []Round{round(1, "1", "10", "10", nil, nil), round(2, "2", "10", "10", nil, nil)}, SaleSoldOut},
		{"between rounds", nil, []Round{round(1, "1", "10", "2", nil, at(-time.Minute)), round(2, "2", "10", "0", at(time.Minute), nil)}, SaleScheduled},
		{"rounds over unsold", nil, []Round{round(1, "1", "10", "2", nil, at(-time.Minute))}, SaleClosed},
	}
	for _, c := range cases {
		tok := base
		if c.mod != nil {
			c.mod(&tok)
		}
		if got := SaleStatus(&tok, c.rounds, t0); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestRoundsAdvance(t *testing.T) {
	rounds := []Round{
		round(1, "1", "10", "0", nil, at(time.Hour)),
		round(2, "2", "10", "0", nil, nil),
		round(3, "3", "10", "0", at(2*time.Hour), nil),
	}
	tok := Token{Price: dec("9"), RemainingPrivateSupply: dec("100")}
	check := func(name string, now time.Time, cur, next string) {
		t.Helper()
		o := OfferAt(&tok, rounds, now)
		got := ""
		if o.Round != nil {
			got = o.Round.Name
			if !o.Price.Equal(o.Round.Price) {
				t.Errorf("%s: offer price %s, round %s", name, o.Price, o.Round.Price)
			}
		} else if !o.Price.Equal(tok.Price) {
			t.Errorf("%s: no round, price %s", name, o.Price)
		}
		n := ""
		if r := NextRound(rounds, now); r != nil {
			n = r.Name
		}
		if got != cur || n != next {
			t.Errorf("%s: current %q next %q, want %q %q", name, got, n, cur, next)
		}
	}
	check("first round", t0, "Round 1", "Round 2")
	rounds[0].Sold = dec("10")
	check("round 1 sold out", t0, "Round 2", "Round 3")
	rounds[0].Sold = dec("4")
	check("round 1 window over", t0.Add(time.Hour), "Round 2", "Round 3")
	rounds[1].Sold = dec("10")
	check("round 2 sold out, round 3 ahead", t0.Add(time.Hour), "", "Round 3")
	if s := SaleStatus(&tok, rounds, t0.Add(time.Hour)); s != SaleScheduled {
		t.Fatalf("between rounds: %s", s)
	}
	check("round 3 open", t0.Add(2*time.Hour), "Round 3", "")
	if o := OfferAt(&tok, nil, t0); o.Round != nil || !o.Price.Equal(dec("9")) || o.Status != SaleOpen {
		t.Fatalf("no rounds: %+v", o)
	}
}

func TestRupeesAndGrouping(t *testing.T) {
	for in, want := range map[string]string{"0": "₹0.00", "5": "₹5.00", "1025.1": "₹1,025.10", "100000": "₹1,00,000.00",
		"12345678.5": "₹1,23,45,678.50", "999": "₹999.00"} {
		if got := Rupees(dec(in)); got != want {
			t.Errorf("Rupees(%s) = %s, want %s", in, got, want)
		}
	}
	if got := Grouped(dec("1234567"), 0); got != "12,34,567" {
		t.Fatalf("Grouped: %s", got)
	}
}

func TestCheckLimitsMessages(t *testing.T) {
	tok := Token{MinOrderINR: decp("500"), MaxOrderINR: decp("1025.10"), MaxPerBuyerINR: decp("2000")}
	msg := func(amount, bought string) string {
		err := CheckLimits(&tok, dec(amount), dec(bought))
		if err == nil {
			return ""
		}
		e, _ := apperr.As(err)
		if e.Kind != apperr.KindInvalid {
			t.Fatalf("kind %v", e.Kind)
		}
		return e.Message
	}
	cases := map[[2]string]string{
		{"499.99", "0"}:  "The minimum order is ₹500.00.",
		{"1025.11", "0"}: "The maximum order is ₹1,025.10.",
		{"1000", "1500"}: "You can buy at most ₹2,000.00 in this sale; ₹500.00 remains for you.",
		{"1000", "2500"}: "You can buy at most ₹2,000.00 in this sale; ₹0.00 remains for you.",
		{"500", "1500"}:  "",
		{"1025.10", "0"}: "",
		{"500", "0"}:     "",
	}
	for in, want := range cases {
		if got := msg(in[0], in[1]); got != want {
			t.Errorf("%v: %q, want %q", in, got, want)
		}
	}
	if err := CheckLimits(&Token{}, dec("1"), dec("1e9")); err != nil {
		t.Fatalf("no limits: %v", err)
	}
	r := round(1, "2.5", "1000000", "1", nil, nil)
	if e, _ := apperr.As(ErrRoundRemaining(&r)); e.Kind != apperr.KindConflict || e.Slug != "round_remaining" ||
		!strings.Contains(e.Message, "Only 9,99,999 tokens remain at this price (Round 1).") {
		t.Fatalf("round remaining: %+v", e)
	}
}
