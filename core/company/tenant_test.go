package company_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
)

// TestResolverLagsAtMostTTL pins the resolver's contract: the same site within the TTL, a fresh
// read (new price) after it; Refresh keeps an unchanged company's Site and reads a changed one
// again; an unknown host is the fallback's outside production and ErrUnknownSite in it.
func TestResolverLagsAtMostTTL(t *testing.T) {
	d := testkit.Deps(t, "company_site", 15)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	links := company.Links{Fallback: "acw", PublicURL: "http://localhost:8080"}
	r := &company.Resolver{DB: d.DB, Links: links, Now: clock}
	s1, err := r.Site(ctx, "LOCALHOST:8080")
	if err != nil || s1.CompanyID != cid || s1.Token.Price.String() != "10" || s1.URL != "http://localhost:8080" {
		t.Fatalf("first load: %v %+v", err, s1)
	}
	// Refresh with nothing changed keeps the very same Site.
	if err := r.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if s, _ := r.Site(ctx, "localhost"); s != s1 {
		t.Fatal("an unchanged company was read again")
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET price = 12 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	now = now.Add(company.SiteTTL - time.Millisecond)
	if s, _ := r.Site(ctx, "localhost"); s != s1 {
		t.Fatal("reloaded within the TTL")
	}
	if err := r.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if s, _ := r.Site(ctx, "localhost"); s == s1 || s.Token.Price.String() != "12" {
		t.Fatalf("Refresh kept a changed company: price %v", s.Token.Price)
	}
	now = now.Add(time.Hour) // past the TTL without a refresh: read on the request
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET price = 13 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	if s, err := r.Site(ctx, "localhost"); err != nil || s.Token.Price.String() != "13" {
		t.Fatalf("after the TTL: %v", err)
	}
	strict := &company.Resolver{DB: d.DB, Links: links, Strict: true, Now: clock}
	if _, err := strict.Site(ctx, "localhost"); !errors.Is(err, company.ErrUnknownSite) {
		t.Fatalf("strict, unknown host: %v", err)
	}
	if s, err := strict.Fallback(ctx); err != nil || s.CompanyID != cid {
		t.Fatalf("strict fallback: %v", err)
	}
	// A domain added: the strict resolver answers it once it forgets or the TTL passes.
	if _, err := d.DB.ExecContext(ctx, "INSERT INTO company_domains (host, company_id, position) VALUES ('sale.acw.test', ?, 1)", cid); err != nil {
		t.Fatal(err)
	}
	if s, err := strict.Site(ctx, "Sale.ACW.test."); err != nil || s.CompanyID != cid || s.URL != "http://sale.acw.test:8080" {
		t.Fatalf("a new domain: %v %+v", err, s)
	}
}

// TestSiteURL: the site address of each kind of company.
func TestSiteURL(t *testing.T) {
	l := company.Links{PublicURL: "https://sale.example.com", BaseDomain: "presale.test", Fallback: "ACW"}
	for _, c := range []struct {
		symbol  string
		domains []string
		want    string
	}{
		{"BETA", []string{"beta.example.com", "www.beta.example.com"}, "https://beta.example.com"},
		{"BETA", nil, "https://beta.presale.test"},
	} {
		if got := l.SiteURL(c.symbol, c.domains); got != c.want {
			t.Errorf("%s %v: %s, want %s", c.symbol, c.domains, got, c.want)
		}
	}
	noBase := company.Links{PublicURL: "http://localhost:8080", Fallback: "ACW"}
	if got := noBase.SiteURL("acw", nil); got != "http://localhost:8080" {
		t.Errorf("fallback company: %s", got)
	}
	if got := noBase.SiteURL("BETA", nil); got != "" {
		t.Errorf("a company with no address: %q", got)
	}
	if got := (company.Links{}).SiteURL("BETA", []string{"beta.test"}); got != "https://beta.test" {
		t.Errorf("no PUBLIC_USER_URL: %s", got)
	}
}

// TestResolverHearsChangesAtOnce: a change of what a site shows (token settings: settings_version
// moves; a company's status; its domains) reaches a running resolver through Postgres at once,
// long before its TTL; an order's supply change does not notify (the TTL covers it).
func TestResolverHearsChangesAtOnce(t *testing.T) {
	d := testkit.Deps(t, "company_site", 15)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cid := testkit.Seed(t, d, "Admin@12345")
	r := &company.Resolver{DB: d.DB, Links: company.Links{Fallback: "ACW"}, TTL: time.Hour}
	go r.Run(ctx)
	s1, err := r.Site(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // the LISTEN is up
	exec := func(q string) {
		t.Helper()
		if _, err := d.DB.ExecContext(ctx, q, cid); err != nil {
			t.Fatal(err)
		}
	}
	exec("UPDATE tokens SET remaining_private_supply = remaining_private_supply - 1 WHERE company_id = ?")
	time.Sleep(300 * time.Millisecond)
	if s, _ := r.Site(ctx, "localhost"); s != s1 {
		t.Fatal("a supply change was read at once: it should wait for the TTL")
	}
	seen := func(what string, ok func(*company.Site) bool) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Second)
		for {
			if s, err := r.Site(ctx, "localhost"); err == nil && ok(s) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not seen within 2 s (TTL an hour)", what)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	exec("UPDATE tokens SET sale_paused = true, settings_version = settings_version + 1 WHERE company_id = ?")
	seen("a paused sale", func(s *company.Site) bool { return s.Token.SalePaused })
	exec("UPDATE companies SET status = 'SUSPENDED' WHERE id = ?")
	seen("a suspension", func(s *company.Site) bool { return s.Suspended() })
	exec("INSERT INTO company_domains (host, company_id, position) VALUES ('fresh.acw.test', ?, 1)")
	seen("a new domain", func(s *company.Site) bool { return len(s.Domains) == 1 })
}

// TestForgottenHostIsReadAgainButRecentKeepsIt: after ForgetHost (a cancelled order gave tokens
// back) Site reads the host again at once, while Recent — what orders and cancellations use —
// keeps the answer it has until the TTL, so a rush of cancellations does not reload the site on
// every request.
func TestForgottenHostIsReadAgainButRecentKeepsIt(t *testing.T) {
	d := testkit.Deps(t, "company_forget", 15)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	r := &company.Resolver{DB: d.DB, Links: company.Links{Fallback: "acw"}, Now: func() time.Time { return now }}
	s1, err := r.Site(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = remaining_private_supply - 1 WHERE company_id = ?", cid); err != nil {
		t.Fatal(err)
	}
	r.ForgetHost("localhost:8080")
	if s, err := r.Recent(ctx, "localhost"); err != nil || s != s1 {
		t.Fatalf("Recent read a forgotten host again within the TTL (%v)", err)
	}
	s2, err := r.Site(ctx, "localhost")
	if err != nil || s2 == s1 || !s2.Token.RemainingPrivateSupply.Equal(s1.Token.RemainingPrivateSupply.Sub(decimal.NewFromInt(1))) {
		t.Fatalf("Site kept a forgotten host: %v", err)
	}
	if s, _ := r.Recent(ctx, "localhost"); s != s2 {
		t.Fatal("Recent did not take the site Site read again")
	}
	if s, _ := r.Site(ctx, "localhost"); s != s2 {
		t.Fatal("the site read again was forgotten too")
	}
	now = now.Add(company.SiteTTL)
	if s, _ := r.Recent(ctx, "localhost"); s == s2 {
		t.Fatal("Recent kept a site past the TTL")
	}
}
