package company_test

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/company"
	"prelaunch/core/testkit"
)

// TestSiteCacheLagsAtMostTTL pins the cache's contract: the same site within the TTL, a fresh
// read (new price) after it, and a failed load is not remembered.
func TestSiteCacheLagsAtMostTTL(t *testing.T) {
	d := testkit.Deps(t, "company_site", 15)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	c := &company.SiteCache{DB: d.DB, Symbol: "acw", Now: func() time.Time { return now }}
	s1, err := c.Get(ctx)
	if err != nil || s1.CompanyID != cid || s1.Token.Price.String() != "10" {
		t.Fatalf("first load: %v %+v", err, s1)
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET price = 12 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	now = now.Add(company.SiteTTL - time.Millisecond)
	if s, _ := c.Get(ctx); s != s1 {
		t.Fatal("reloaded within the TTL")
	}
	now = now.Add(time.Millisecond)
	if s, err := c.Get(ctx); err != nil || s.Token.Price.String() != "12" {
		t.Fatalf("after the TTL: %v price %v", err, s.Token.Price)
	}
	bad := &company.SiteCache{DB: d.DB, Symbol: "NOPE", Now: func() time.Time { return now }}
	if _, err := bad.Get(ctx); err == nil {
		t.Fatal("unknown symbol loaded")
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET symbol = 'NOPE' WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	if s, err := bad.Get(ctx); err != nil || s.CompanyID != cid {
		t.Fatalf("an error was cached: %v", err)
	}
}
