package sale

import (
	"time"

	"github.com/shopspring/decimal"
)

// PriceView is package/price/get: what sale/get shows anyone (the price, the token's name and
// icon, the sale, its current and next round) and the signed-in buyer's limits.
type PriceView struct {
	PublicSaleView
	Limits PriceLimits `json:"limits"`
}

type PriceSale struct {
	Status   string     `json:"status"`
	StartsAt *time.Time `json:"startsAt"`
	EndsAt   *time.Time `json:"endsAt"`
}

type PriceRound struct {
	Name       string          `json:"name"`
	Price      decimal.Decimal `json:"price"`
	Allocation decimal.Decimal `json:"allocation"`
	Sold       decimal.Decimal `json:"sold"`
	EndsAt     *time.Time      `json:"endsAt"`
	// Mode is FCFS or REQUESTS: a current round sold by requests takes no first-come order, so
	// Buy Token shows its request panel instead of BUY NOW.
	Mode string `json:"mode"`
}

// PriceRequestRound is the round sold by requests the buyer sees on Buy Token: the first one not
// closed that takes requests now or later, or has been allocated. Status: SCHEDULED, OPEN,
// CLOSING (window over, allocation pending) or ALLOCATED.
type PriceRequestRound struct {
	ID              string          `json:"id"`
	Name            string          `json:"name"`
	Price           decimal.Decimal `json:"price"`
	RequestStartsAt *time.Time      `json:"requestStartsAt"`
	RequestEndsAt   *time.Time      `json:"requestEndsAt"`
	PaymentHours    int             `json:"paymentHours"`
	Commitment      string          `json:"commitment"`
	Status          string          `json:"status"`
}

// RequestRound picks the round of PriceRequestRound (nil when none).
func RequestRound(rounds []Round, now time.Time) *PriceRequestRound {
	for i := range rounds {
		r := &rounds[i]
		if !r.ByRequests() || r.Closed || (r.DrawStatus != DrawOpen && r.DrawStatus != DrawAllocated) {
			continue
		}
		v := &PriceRequestRound{ID: r.ID, Name: r.Name, Price: r.Price, RequestStartsAt: utc(r.RequestStartsAt),
			RequestEndsAt: utc(r.RequestEndsAt), PaymentHours: r.PaymentHours, Status: "SCHEDULED"}
		if r.DrawCommitment != nil {
			v.Commitment = *r.DrawCommitment
		}
		switch {
		case r.DrawStatus == DrawAllocated:
			v.Status = "ALLOCATED"
		case r.RequestsOpen(now):
			v.Status = "OPEN"
		case r.RequestEndsAt != nil && !now.Before(*r.RequestEndsAt):
			v.Status = "CLOSING"
		}
		return v
	}
	return nil
}

type PriceNextRound struct {
	Name     string          `json:"name"`
	Price    decimal.Decimal `json:"price"`
	StartsAt *time.Time      `json:"startsAt"`
}

type PriceLimits struct {
	MinOrder    *decimal.Decimal `json:"minOrder"`
	MaxOrder    *decimal.Decimal `json:"maxOrder"`
	MaxPerBuyer *decimal.Decimal `json:"maxPerBuyer"`
	BoughtSoFar decimal.Decimal  `json:"boughtSoFar"`
	// KYCRequiredAbove: an order taking BoughtSoFar above it needs an APPROVED KYC.
	KYCRequiredAbove *decimal.Decimal `json:"kycRequiredAbove"`
}

// Price is package/price/get at now for a buyer who has bought boughtSoFar INR: the price an order
// would take now, the sale's status, its current and next round and its limits, from the site as
// loaded (at most company.SiteTTL old).
func Price(t *Token, rounds []Round, now time.Time, boughtSoFar decimal.Decimal) *PriceView {
	offer := OfferAt(t, rounds, now)
	v := &PriceView{PublicSaleView: PublicSaleView{Price: offer.Price, PlatformChargePercent: t.PlatformChargePercent,
		RemainingPrivateSupply: t.RemainingPrivateSupply, Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL,
		Sale: PriceSale{Status: offer.Status, StartsAt: utc(t.SaleStartsAt), EndsAt: utc(t.SaleEndsAt)}},
		Limits: PriceLimits{MinOrder: t.MinOrderINR, MaxOrder: t.MaxOrderINR, MaxPerBuyer: t.MaxPerBuyerINR, BoughtSoFar: boughtSoFar,
			KYCRequiredAbove: t.KYCRequiredAboveINR}}
	if r := offer.Round; r != nil {
		mode := ModeFCFS
		if r.ByRequests() {
			mode = ModeRequests
		}
		v.Round = &PriceRound{Name: r.Name, Price: r.Price, Allocation: r.Allocation, Sold: r.Sold, EndsAt: utc(r.EndsAt), Mode: mode}
	}
	if r := NextRound(rounds, now); r != nil {
		v.NextRound = &PriceNextRound{Name: r.Name, Price: r.Price, StartsAt: utc(r.StartsAt)}
	}
	v.RequestRound = RequestRound(rounds, now)
	return v
}

// PublicSaleView is sale/get, the public view of the sale a visitor sees before signing in: the price an
// order would take now, the fee, what is left, the sale's status and its current and next round —
// price/get without the buyer's own limits.
type PublicSaleView struct {
	Price                  decimal.Decimal `json:"price"`
	PlatformChargePercent  decimal.Decimal `json:"platformChargePercent"`
	RemainingPrivateSupply decimal.Decimal `json:"remainingPrivateSupply"`
	Symbol                 string          `json:"symbol"`
	Name                   string          `json:"name"`
	IconURL                string          `json:"icon_url"`
	Sale                   PriceSale       `json:"sale"`
	Round                  *PriceRound     `json:"round"`
	NextRound              *PriceNextRound `json:"nextRound"`
	// RequestRound is the round sold by requests, when there is one (docs/decisions/0014).
	RequestRound *PriceRequestRound `json:"requestRound"`
}

// PublicSale is sale/get at now, from the site as loaded (at most SiteTTL old).
func PublicSale(t *Token, rounds []Round, now time.Time) *PublicSaleView {
	return &Price(t, rounds, now, decimal.Zero).PublicSaleView
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC().Truncate(time.Second)
	return &u
}
