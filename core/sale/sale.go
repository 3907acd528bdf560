package sale

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
)

// The sale rules, in one place: the sale's status, the current and next round, the
// price an order takes now and the limits an order meets. Orders (purchase.CreateOrder), price/get
// and the admin's token settings all ask these.

// Sale statuses, computed when asked.
const (
	SaleClosed    = "CLOSED"
	SaleScheduled = "SCHEDULED"
	SalePaused    = "PAUSED"
	SaleSoldOut   = "SOLD_OUT"
	SaleOpen      = "OPEN"
)

// Started reports whether the round's window has begun at now.
func (r *Round) Started(now time.Time) bool { return r.StartsAt == nil || !now.Before(*r.StartsAt) }

// Ended reports whether the round's window is over at now.
func (r *Round) Ended(now time.Time) bool { return r.EndsAt != nil && !now.Before(*r.EndsAt) }

// Remaining is how many tokens the round still has to sell.
func (r *Round) Remaining() decimal.Decimal { return r.Allocation.Sub(r.Sold) }

// available: the round is not closed (a later round has sold), still has tokens and its window
// is not over.
func (r *Round) available(now time.Time) bool {
	return !r.Closed && r.Remaining().IsPositive() && !r.Ended(now)
}

// CurrentRound is the round an order takes now: the lowest position not closed with sold <
// allocation whose window holds now; nil when none. A round is closed for good once a later one
// has sold, so the price never goes back to an earlier round's. rounds are ordered by position.
func CurrentRound(rounds []Round, now time.Time) *Round {
	for i := range rounds {
		if r := &rounds[i]; r.available(now) && r.Started(now) {
			return r
		}
	}
	return nil
}

// NextRound is the round after the current one that can still sell (or, with no current round,
// the first one still to open); nil when none.
func NextRound(rounds []Round, now time.Time) *Round {
	cur := CurrentRound(rounds, now)
	for i := range rounds {
		r := &rounds[i]
		if cur != nil && r.Position <= cur.Position {
			continue
		}
		if r.available(now) && (cur != nil || !r.Started(now)) {
			return r
		}
	}
	return nil
}

// SaleStatus is the sale's state at now, first match wins: CLOSED (the sale's end passed),
// SCHEDULED (its start ahead), PAUSED, SOLD_OUT (nothing left to sell), else OPEN. With rounds,
// a gap between rounds (the next one still to open) is SCHEDULED, and rounds all over without
// being sold out are CLOSED.
func SaleStatus(t *Token, rounds []Round, now time.Time) string {
	switch {
	case t.SaleEndsAt != nil && !now.Before(*t.SaleEndsAt):
		return SaleClosed
	case t.SaleStartsAt != nil && now.Before(*t.SaleStartsAt):
		return SaleScheduled
	case t.SalePaused:
		return SalePaused
	case !t.RemainingPrivateSupply.IsPositive():
		return SaleSoldOut
	}
	if len(rounds) == 0 || CurrentRound(rounds, now) != nil {
		return SaleOpen
	}
	if NextRound(rounds, now) != nil {
		return SaleScheduled
	}
	for i := range rounds {
		if !rounds[i].Closed && rounds[i].Remaining().IsPositive() {
			return SaleClosed
		}
	}
	return SaleSoldOut
}

// Offer is what an order placed now takes: the sale must be OPEN; the price is the current
// round's (the token's without rounds).
type Offer struct {
	Status string
	Round  *Round // nil without rounds
	Price  decimal.Decimal
}

// OfferAt prices an order at now.
func OfferAt(t *Token, rounds []Round, now time.Time) Offer {
	o := Offer{Status: SaleStatus(t, rounds, now), Price: t.Price}
	if r := CurrentRound(rounds, now); r != nil {
		o.Round, o.Price = r, r.Price
	}
	return o
}

// ErrSaleNotOpen is the refusal of an order while the sale is closed, scheduled or paused.
func ErrSaleNotOpen() error {
	return apperr.Conflict("sale_not_open", "The sale is not open right now.")
}

// ErrRoundRemaining is the refusal of an order larger than what its round has left.
func ErrRoundRemaining(r *Round) error {
	return apperr.Conflict("round_remaining", fmt.Sprintf(
		"Only %s tokens remain at this price (%s). Enter a smaller amount.", Grouped(r.Remaining(), 0), r.Name))
}

// CheckLimits applies the token's order limits to an order charging amount INR, the buyer having
// bought boughtSoFar INR (INITIATED, PENDING and APPROVED orders).
func CheckLimits(t *Token, amount, boughtSoFar decimal.Decimal) error {
	if t.MinOrderINR != nil && amount.LessThan(*t.MinOrderINR) {
		return apperr.InvalidField("below_min_order", "amount", fmt.Sprintf("The minimum order is %s.", Rupees(*t.MinOrderINR)))
	}
	if t.MaxOrderINR != nil && amount.GreaterThan(*t.MaxOrderINR) {
		return apperr.InvalidField("above_max_order", "amount", fmt.Sprintf("The maximum order is %s.", Rupees(*t.MaxOrderINR)))
	}
	if t.MaxPerBuyerINR != nil && boughtSoFar.Add(amount).GreaterThan(*t.MaxPerBuyerINR) {
		left := decimal.Max(t.MaxPerBuyerINR.Sub(boughtSoFar), decimal.Zero)
		return apperr.InvalidField("above_max_per_buyer", "amount", fmt.Sprintf(
			"You can buy at most %s in this sale; %s remains for you.", Rupees(*t.MaxPerBuyerINR), Rupees(left)))
	}
	return nil
}

// Rupees formats INR as the apps show it: ₹, Indian digit grouping, 2 decimals (₹1,25,000.50).
func Rupees(d decimal.Decimal) string { return "₹" + Grouped(d, 2) }

// Grouped writes d with places decimals and Indian digit grouping (12,34,567).
func Grouped(d decimal.Decimal, places int32) string {
	s := d.StringFixed(places)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		whole, frac = s[:i], s[i:]
	}
	if len(whole) > 3 {
		head, tail := whole[:len(whole)-3], whole[len(whole)-3:]
		var parts []string
		for len(head) > 2 {
			parts = append([]string{head[len(head)-2:]}, parts...)
			head = head[:len(head)-2]
		}
		parts = append([]string{head}, parts...)
		whole = strings.Join(parts, ",") + "," + tail
	}
	return sign + whole + frac
}

// LoadRounds reads a token's rounds in position order.
func LoadRounds(ctx context.Context, db bun.IDB, tokenID string) ([]Round, error) {
	var rounds []Round
	if err := db.NewSelect().Model(&rounds).Where("token_id = ?", tokenID).Order("position").Scan(ctx); err != nil {
		return nil, fmt.Errorf("load rounds: %w", err)
	}
	return rounds, nil
}
