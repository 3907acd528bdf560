package buyer

import (
	"context"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

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
