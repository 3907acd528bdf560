package company

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
	"prelaunch/core/user"
)

// Site is the one company (and its token) a buyer BFF serves, chosen by token symbol.
type Site struct {
	CompanyID string
	Token     *Token
	Rounds    []Round // the token's rounds, in position order
}

// Brand names the token in emails.
func (s *Site) Brand() string {
	if s.Token != nil && s.Token.Name != "" {
		return s.Token.Name
	}
	return "Prelaunch"
}

// LoadSite finds the company whose token has this symbol.
func LoadSite(ctx context.Context, db bun.IDB, symbol string) (*Site, error) {
	var t Token
	err := db.NewSelect().Model(&t).Where("upper(symbol) = ?", strings.ToUpper(strings.TrimSpace(symbol))).
		Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
	}
	rounds, err := LoadRounds(ctx, db, t.ID)
	if err != nil {
		return nil, apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
	}
	return &Site{CompanyID: t.CompanyID, Token: &t, Rounds: rounds}, nil
}

// Tenant is the site as the account rules need it.
func (s *Site) Tenant() user.Tenant { return user.Tenant{CompanyID: s.CompanyID, Brand: s.Brand()} }

// PriceView is package/price/get (SPEC §3 "Token price response" plus the token's name and icon,
// and DESIGN §10's sale, round, next round and limits).
type PriceView struct {
	Price                  decimal.Decimal `json:"price"`
	PlatformChargePercent  decimal.Decimal `json:"platformChargePercent"`
	RemainingPrivateSupply decimal.Decimal `json:"remainingPrivateSupply"`
	Symbol                 string          `json:"symbol"`
	Name                   string          `json:"name"`
	IconURL                string          `json:"icon_url"`
	Sale                   PriceSale       `json:"sale"`
	Round                  *PriceRound     `json:"round"`
	NextRound              *PriceNextRound `json:"nextRound"`
	Limits                 PriceLimits     `json:"limits"`
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
}

// Price is package/price/get at now for a buyer who has bought boughtSoFar INR: the price an order
// would take now, the sale's status, its current and next round and its limits, from the site as
// loaded (at most SiteTTL old).
func (site *Site) Price(now time.Time, boughtSoFar decimal.Decimal) *PriceView {
	t := site.Token
	offer := OfferAt(t, site.Rounds, now)
	v := &PriceView{Price: offer.Price, PlatformChargePercent: t.PlatformChargePercent,
		RemainingPrivateSupply: t.RemainingPrivateSupply, Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL,
		Sale:   PriceSale{Status: offer.Status, StartsAt: utc(t.SaleStartsAt), EndsAt: utc(t.SaleEndsAt)},
		Limits: PriceLimits{MinOrder: t.MinOrderINR, MaxOrder: t.MaxOrderINR, MaxPerBuyer: t.MaxPerBuyerINR, BoughtSoFar: boughtSoFar}}
	if r := offer.Round; r != nil {
		v.Round = &PriceRound{Name: r.Name, Price: r.Price, Allocation: r.Allocation, Sold: r.Sold, EndsAt: utc(r.EndsAt)}
	}
	if r := NextRound(site.Rounds, now); r != nil {
		v.NextRound = &PriceNextRound{Name: r.Name, Price: r.Price, StartsAt: utc(r.StartsAt)}
	}
	return v
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC().Truncate(time.Second)
	return &u
}

// SiteTTL is how long a BFF reuses the site (company and token row) it serves before reading it
// again. Every signed-in call needs it; the price and the remaining supply shown by price/get may
// therefore lag a change by up to this long. Orders never use the cached row: they price and
// reserve from the token row itself, in one conditional UPDATE (purchase.reservePriced).
const SiteTTL = time.Second

// SiteCache keeps the site of one symbol for SiteTTL. Callers must not modify the *Site.
type SiteCache struct {
	DB     bun.IDB
	Symbol string
	TTL    time.Duration // SiteTTL when zero
	Now    func() time.Time

	mu   sync.Mutex
	site *Site
	at   time.Time
}

// Get returns the cached site, or loads it (one load at a time; errors are not cached).
func (c *SiteCache) Get(ctx context.Context) (*Site, error) {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	ttl := c.TTL
	if ttl == 0 {
		ttl = SiteTTL
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.site != nil && now().Sub(c.at) < ttl {
		return c.site, nil
	}
	s, err := LoadSite(ctx, c.DB, c.Symbol)
	if err != nil {
		return nil, err
	}
	c.site, c.at = s, now()
	return s, nil
}
