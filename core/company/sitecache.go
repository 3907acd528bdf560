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
	return &Site{CompanyID: t.CompanyID, Token: &t}, nil
}

// Tenant is the site as the account rules need it.
func (s *Site) Tenant() user.Tenant { return user.Tenant{CompanyID: s.CompanyID, Brand: s.Brand()} }

// PriceView is package/price/get (SPEC §3 "Token price response" plus the token's name and icon).
type PriceView struct {
	Price                  decimal.Decimal `json:"price"`
	PlatformChargePercent  decimal.Decimal `json:"platformChargePercent"`
	RemainingPrivateSupply decimal.Decimal `json:"remainingPrivateSupply"`
	Symbol                 string          `json:"symbol"`
	Name                   string          `json:"name"`
	IconURL                string          `json:"icon_url"`
}

// Price is package/price/get: the price and remaining supply of the site's token as loaded.
func (site *Site) Price() *PriceView {
	t := site.Token
	return &PriceView{Price: t.Price, PlatformChargePercent: t.PlatformChargePercent,
		RemainingPrivateSupply: t.RemainingPrivateSupply, Symbol: t.Symbol, Name: t.Name, IconURL: t.IconURL}
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
