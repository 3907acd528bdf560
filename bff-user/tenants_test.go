package main

import (
	"context"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
)

const (
	hostA       = "acw.example.test"  // company A's domain (the demo company, ACW)
	hostB       = "beta.example.test" // company B's domain
	hostUnknown = "nobody.example.test"
)

// tenants is two companies on one deployment: A (the demo company, ACW) at hostA,
// B (BETA) at hostB, each with a buyer; and the server as production runs it (strict: a host that
// names no company is "Unknown site.") beside the development one (it falls back to ACW).
type tenants struct {
	*harness
	strict       *fiber.App
	cidB         string
	tokA, tokB   string
	orderA       string
	orderB       string
	svc          *runtime.Services
	adminActor   audit.Actor
	strictDeps   *runtime.Deps
	adminBEmail  string
	adminBPasswd string
}

func tenantSetup(t *testing.T) *tenants {
	h := setup(t)
	ctx := context.Background()
	svc := h.d.Build()
	s := &tenants{harness: h, svc: svc, adminActor: audit.Actor{Kind: "superadmin", ID: "00000000-0000-0000-0000-000000000001"}}
	if _, err := svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: h.companyID, Domains: &company.Domains{hostA}}); err != nil {
		t.Fatal(err)
	}
	s.adminBEmail, s.adminBPasswd = "owner@beta.test", "Beta-Pass-123"
	cid, err := svc.Companies.Add(ctx, s.adminActor, company.AddInput{CompanyName: "Beta Ltd", Email: s.adminBEmail,
		Mobile: "9876543210", CompanyAadhaarCard: "234123412346", CompanyPan: "ABCDE1234F", CompanyAddress: "1 Beta Road",
		CompanyPincode: "560001", TokenName: "Beta Token", TokenSymbol: "BETA", TokenPrice: decimal.NewFromInt(5),
		AdminPassword: s.adminBPasswd, Domains: company.Domains{hostB}})
	if err != nil {
		t.Fatal(err)
	}
	testkit.OpenSale(t, h.d.DB, cid)
	s.cidB = cid
	h.exec(`INSERT INTO beneficiaries (company_id, holder_name, bank_name, branch, account_number, ifsc_code, upi)
		VALUES (?, 'Beta Ltd', 'HDFC Bank', 'MG Road', '50100123456789', 'HDFC0001234', 'beta@hdfcbank')`, cid)
	s.tokA = s.registerOn(hostA, h.companyID, "a-buyer@x.test")
	s.tokB = s.registerOn(hostB, cid, "b-buyer@x.test")
	s.orderA = s.orderOn(hostA, s.tokA)
	s.orderB = s.orderOn(hostB, s.tokB)

	prod := *h.d
	prod.Cfg.Env = config.EnvProduction
	s.strictDeps = &prod
	s.strict = newServer(&prod)
	return s
}

// on sends a JSON call to app with the given Host header.
func (s *tenants) on(app *fiber.App, host, method, path, token string, body any) reply {
	s.t.Helper()
	req := testkit.JSONRequest(method, path, token, body)
	req.Host = host
	return testkit.HTTP{T: s.t, App: app, Spec: testkit.UserAPI}.Send(req)
}

func (s *tenants) registerOn(host, cid, email string) string {
	s.t.Helper()
	mobile := testkit.Mobile() // one buyer account per mobile and company
	r := s.on(s.app, host, "POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": cid, "name": "Buyer " + email,
		"email": email, "mobile": mobile})
	s.want(r, 200)
	r = s.on(s.app, host, "POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": cid, "name": "Buyer " + email,
		"mobile": mobile, "email": email, "otp": s.lastCode(email), "dateOfBirth": "1990-05-17", "gender": "female",
		"pincode": "560001", "password": "Passw0rd!"})
	s.want(r, 200)
	r = s.on(s.app, host, "POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": cid, "user": email, "password": "Passw0rd!"})
	s.want(r, 200)
	var d struct{ Token string }
	r.Into(s.t, &d)
	return d.Token
}

func (s *tenants) orderOn(host, tok string) string {
	s.t.Helper()
	r := s.on(s.app, host, "POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 100})
	s.want(r, 200)
	var o struct{ ID string }
	r.Into(s.t, &o)
	return o.ID
}

// TestTenantIsolationMatrix: every buyer route × {own host, the other company's host, an unknown
// host} × each company's buyer → the exact status; data never crosses companies.
func TestTenantIsolationMatrix(t *testing.T) {
	s := tenantSetup(t)
	type route struct {
		method, path string
		body         func(own string) any // own: the caller's order id
		ok           int                  // the status the caller gets on its own host
	}
	routes := []route{
		{"POST", "/api/v1/user/auth/password/otp", nil, 200},
		{"PUT", "/api/v1/user/auth/password/update", func(string) any { return map[string]any{} }, 422},
		{"GET", "/api/v1/user/auth/profile/get", nil, 200},
		{"PUT", "/api/v1/user/auth/profile/update", func(string) any { return map[string]any{} }, 422},
		{"POST", "/api/v1/user/auth/account/close", func(string) any { return map[string]any{} }, 422},
		{"GET", "/api/v1/user/package/price/get", nil, 200},
		{"GET", "/api/v1/user/package/beneficiary/get", nil, 200},
		{"POST", "/api/v1/user/package/order", func(string) any { return map[string]any{"amount": "-1"} }, 422},
		{"GET", "/api/v1/user/package/order/get?id=", nil, 200},
		{"POST", "/api/v1/user/package/order/cancel", func(string) any { return map[string]any{} }, 422},
		{"POST", "/api/v1/user/package/purchase", func(string) any { return map[string]any{} }, 422},
		{"GET", "/api/v1/user/transaction/list", nil, 200},
		{"GET", "/api/v1/user/stock/global/list", nil, 200},
		{"GET", "/api/v1/user/stock/my/list", nil, 200},
		{"POST", "/api/v1/superadmin/media/add", func(string) any { return map[string]any{"medias": "x"} }, 415},
		{"GET", "/api/v1/user/wallet/get", nil, 200},
		{"GET", "/api/v1/user/wallet/challenge?address=0x12", nil, 422},
		{"POST", "/api/v1/user/wallet/verify", func(string) any { return map[string]any{} }, 422},
	}
	type caller struct {
		name, tok, order, own, other string
		symbol                       string
	}
	callers := []caller{
		{"buyer of A", s.tokA, s.orderA, hostA, hostB, "ACW"},
		{"buyer of B", s.tokB, s.orderB, hostB, hostA, "BETA"},
	}
	for _, r := range routes {
		for _, c := range callers {
			path := r.path
			if strings.HasSuffix(path, "?id=") {
				path += c.order
			}
			var body any
			if r.body != nil {
				body = r.body(c.order)
			}
			// Own host: the route works, with the caller's own company.
			got := s.on(s.app, c.own, r.method, path, c.tok, body)
			if got.Code != r.ok {
				t.Errorf("%s %s as %s on its own host: %d %s, want %d", r.method, path, c.name, got.Code, got.Msg(), r.ok)
			}
			if r.path == "/api/v1/user/package/price/get" && !strings.Contains(string(got.Data), `"symbol":"`+c.symbol+`"`) {
				t.Errorf("price/get on %s names another token: %s", c.own, got.Data)
			}
			// The other company's host: 403 in development and production alike.
			for name, app := range map[string]*fiber.App{"development": s.app, "production": s.strict} {
				if got := s.on(app, c.other, r.method, path, c.tok, body); got.Code != 403 {
					t.Errorf("%s %s as %s on the other host (%s): %d %s, want 403", r.method, path, c.name, name, got.Code, got.Msg())
				}
			}
			// An unknown host: production has no such site; development falls back to ACW (A).
			if got := s.on(s.strict, hostUnknown, r.method, path, c.tok, body); got.Code != 404 || got.Msg() != "Unknown site." {
				t.Errorf("%s %s as %s on an unknown host (production): %d %s, want 404 Unknown site.", r.method, path, c.name, got.Code, got.Msg())
			}
			want := r.ok
			if c.symbol != "ACW" {
				want = 403
			}
			if got := s.on(s.app, hostUnknown, r.method, path, c.tok, body); got.Code != want {
				t.Errorf("%s %s as %s on an unknown host (development): %d %s, want %d", r.method, path, c.name, got.Code, got.Msg(), want)
			}
		}
	}
	// One buyer's order is never another's, even on its own host.
	s.want(s.on(s.app, hostB, "GET", "/api/v1/user/package/order/get?id="+s.orderA, s.tokB, nil), 404)
	// Each host answers site/get with its own company; production refuses the unknown host.
	for host, cid := range map[string]string{hostA: s.companyID, hostB: s.cidB, "ACW.EXAMPLE.TEST:8080": s.companyID} {
		var site company.SiteView
		s.on(s.strict, host, "GET", "/api/v1/user/site/get", "", nil).Into(t, &site)
		if site.CompanyID != cid || site.Suspended {
			t.Errorf("site/get on %s: %+v, want company %s", host, site, cid)
		}
	}
	if r := s.on(s.strict, hostUnknown, "GET", "/api/v1/user/site/get", "", nil); r.Code != 404 || r.Msg() != "Unknown site." {
		t.Errorf("site/get on an unknown host in production: %d %s", r.Code, r.Msg())
	}
	var dev company.SiteView
	s.on(s.app, "localhost:8080", "GET", "/api/v1/user/site/get", "", nil).Into(t, &dev)
	if dev.CompanyID != s.companyID || dev.Token.Symbol != "ACW" {
		t.Errorf("localhost in development: %+v, want the TOKEN_SYMBOL company", dev)
	}
}

// TestTenantPublicCallsTakeTheHostsCompany: sign-up, sign-in and reset act on the host's company;
// a companyId of another company is 422 "This site belongs to another company." and changes
// nothing; the same email is two accounts on two sites.
func TestTenantPublicCallsTakeTheHostsCompany(t *testing.T) {
	s := tenantSetup(t)
	calls := []struct {
		path string
		body map[string]any
	}{
		{"/api/v1/user/auth/register/otp", map[string]any{"name": "X", "email": "x@x.test", "mobile": "9876543210"}},
		{"/api/v1/user/auth/register", map[string]any{"name": "X", "email": "x@x.test", "mobile": "9876543210", "otp": "123456", "password": "Passw0rd!"}},
		{"/api/v1/user/auth/login", map[string]any{"user": "a-buyer@x.test", "password": "Passw0rd!"}},
		{"/api/v1/user/auth/forgot-password/otp", map[string]any{"user": "a-buyer@x.test"}},
		{"/api/v1/user/auth/forgot-password", map[string]any{"user": "a-buyer@x.test", "otp": "123456", "password": "Passw0rd!2"}},
	}
	for _, c := range calls {
		c.body["companyId"] = s.companyID // A's id on B's site
		if r := s.on(s.app, hostB, "POST", c.path, "", c.body); r.Code != 422 || r.Msg() != "This site belongs to another company." {
			t.Errorf("%s with company A's id on B's host: %d %s", c.path, r.Code, r.Msg())
		}
	}
	var n int
	if err := s.d.DB.NewRaw("SELECT count(*) FROM users WHERE lower(email) = 'x@x.test'").Scan(context.Background(), &n); err != nil || n != 0 {
		t.Fatalf("a refused sign-up left %d users (%v)", n, err)
	}
	// A's buyer cannot sign in on B's site with B's id: B has no such account.
	if r := s.on(s.app, hostB, "POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": s.cidB, "user": "a-buyer@x.test",
		"password": "Passw0rd!"}); r.Code != 401 {
		t.Errorf("A's buyer on B's site: %d %s", r.Code, r.Msg())
	}
	// The same email registers on B's site as a separate account, and the email names B and links to B's site.
	tok := s.registerOn(hostB, s.cidB, "a-buyer@x.test")
	if s.on(s.app, hostB, "GET", "/api/v1/user/auth/profile/get", tok, nil).Code != 200 {
		t.Fatal("second account on B")
	}
	var m tasks.EmailSendPayload
	for _, e := range testkit.QueuedEmails(t, s.d.Redis, "a-buyer@x.test") {
		if strings.Contains(e.Subject, "Beta Token") {
			m = e
		}
	}
	if m.Subject == "" || !strings.Contains(m.Text, "Beta Ltd") || !strings.Contains(m.Text, "https://"+hostB) ||
		!strings.Contains(m.HTML, `href="https://`+hostB) {
		t.Errorf("B's email: %+v", m)
	}
}

// TestTenantSuspension: a suspended company's buyers still sign in and read their records (every
// GET answers) while every write is 423; site/get says suspended: true; its admins are signed out and refused, the other company is untouched, and
// reactivating restores both — each within a second, with no restart.
func TestTenantSuspension(t *testing.T) {
	s := tenantSetup(t)
	ctx := context.Background()
	adminB := s.adminLoginB()
	// A suspension needs a reason (422, nothing changes).
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Status: ptr(company.StatusSuspended)}); err == nil ||
		!strings.Contains(err.Error(), "A reason is required to suspend a company") {
		t.Fatalf("suspension without a reason: %v", err)
	}
	if code := s.adminCall(adminB); code != 200 {
		t.Fatalf("a refused suspension signed the admin out: %d", code)
	}
	const reason = "Platform fees unpaid since March"
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Status: ptr(company.StatusSuspended),
		Reason: ptr(reason)}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		return s.on(s.app, hostB, "POST", "/api/v1/user/package/order", s.tokB, map[string]any{"amount": 100}).Code == 423
	})
	for _, r := range []struct{ method, path string }{
		{"POST", "/api/v1/user/auth/register/otp"}, {"PUT", "/api/v1/user/auth/profile/update"},
		{"POST", "/api/v1/user/package/order"}, {"POST", "/api/v1/user/package/purchase"}, {"POST", "/api/v1/user/package/order/cancel"},
		{"POST", "/api/v1/user/kyc/submit"}, {"POST", "/api/v1/superadmin/media/add"}, {"POST", "/api/v1/user/wallet/verify"},
	} {
		if got := s.on(s.app, hostB, r.method, r.path, s.tokB, map[string]any{}); got.Code != 423 || got.Msg() != "This sale is temporarily unavailable." {
			t.Errorf("write %s %s on a suspended site: %d %s", r.method, r.path, got.Code, got.Msg())
		}
	}
	// The buyers' own records still answer: balance, history, stock, price, payment details.
	for _, path := range []string{"/api/v1/user/auth/profile/get", "/api/v1/user/transaction/list", "/api/v1/user/stock/my/list",
		"/api/v1/user/package/order/get?id=" + s.orderB,
		"/api/v1/user/stock/global/list", "/api/v1/user/package/price/get", "/api/v1/user/kyc/get", "/api/v1/user/wallet/get"} {
		if got := s.on(s.app, hostB, "GET", path, s.tokB, nil); got.Code != 200 {
			t.Errorf("read %s on a suspended site: %d %s", path, got.Code, got.Msg())
		}
	}
	// A receipt is read as usual: this open order has none yet (409), never 423.
	if got := s.on(s.app, hostB, "GET", "/api/v1/user/transaction/receipt?id="+s.orderB, s.tokB, nil); got.Code == 423 {
		t.Errorf("receipt on a suspended site: %d %s", got.Code, got.Msg())
	}
	// Signing in is not refused as a write (a wrong password is the usual 401, not 423).
	if got := s.on(s.app, hostB, "POST", "/api/v1/user/auth/login", "", map[string]any{"email": "nobody@b.test", "password": "wrong-password"}); got.Code == 423 {
		t.Errorf("sign-in on a suspended site: %d %s", got.Code, got.Msg())
	}
	var site company.SiteView
	s.on(s.app, hostB, "GET", "/api/v1/user/site/get", "", nil).Into(t, &site)
	if !site.Suspended || site.SuspensionReason != reason || site.CompanyID != s.cidB || site.Token.Symbol != "BETA" {
		t.Errorf("site/get while suspended: %+v", site)
	}
	if got := s.on(s.app, hostA, "GET", "/api/v1/user/package/price/get", s.tokA, nil); got.Code != 200 {
		t.Errorf("A while B is suspended: %d", got.Code)
	}
	// B's admin: the old token is revoked, a new sign-in is 403.
	if code := s.adminCall(adminB); code != 401 {
		t.Errorf("suspended company's admin token: %d, want 401", code)
	}
	if code, msg := s.adminLoginCode(); code != 403 || msg != "This company is suspended. Please contact support." {
		t.Errorf("suspended company's admin login: %d %s", code, msg)
	}
	// B's open order still expires as usual.
	var expires time.Time
	if err := s.d.DB.NewRaw("SELECT expires_at FROM purchases WHERE id = ?", s.orderB).Scan(ctx, &expires); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.svc.Purchases.Expire(ctx, s.orderB, expires.Add(time.Second)); err != nil || !ok {
		t.Errorf("expire a suspended company's order: %v %v", ok, err)
	}
	// Reactivated: the site and the admin sign-in work again.
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Status: ptr(company.StatusActive)}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		return s.on(s.app, hostB, "PUT", "/api/v1/user/auth/profile/update", s.tokB, map[string]any{}).Code != 423
	})
	if code, msg := s.adminLoginCode(); code != 200 {
		t.Errorf("reactivated company's admin login: %d %s", code, msg)
	}
	s.on(s.app, hostB, "GET", "/api/v1/user/site/get", "", nil).Into(t, &site)
	if site.Suspended || site.SuspensionReason != "" {
		t.Errorf("site/get once reactivated: %+v", site)
	}
}

// TestTenantDomainChangeNeedsNoRestart: a domain added, moved or removed is served (or refused)
// within a second by a server that was already running.
func TestTenantDomainChangeNeedsNoRestart(t *testing.T) {
	s := tenantSetup(t)
	ctx := context.Background()
	const fresh = "sale.beta-new.test"
	if r := s.on(s.strict, fresh, "GET", "/api/v1/user/site/get", "", nil); r.Code != 404 {
		t.Fatalf("a host before it is added: %d", r.Code)
	}
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Domains: &company.Domains{hostB, fresh}}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return s.on(s.strict, fresh, "GET", "/api/v1/user/site/get", "", nil).Code == 200 })
	if got := s.on(s.strict, fresh, "GET", "/api/v1/user/package/price/get", s.tokB, nil); got.Code != 200 {
		t.Errorf("B's buyer on B's new domain: %d", got.Code)
	}
	// Taking A's domain is refused and changes nothing; dropping B's old domain stops it at once.
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Domains: &company.Domains{hostA}}); !apperr.Is(err, apperr.KindConflict) ||
		!strings.Contains(err.Error(), "The domain "+hostA+" is already used by another company.") {
		t.Fatalf("taking A's domain: %v", err)
	}
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Domains: &company.Domains{fresh}}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return s.on(s.strict, hostB, "GET", "/api/v1/user/site/get", "", nil).Code == 404 })
	if got := s.on(s.strict, hostA, "GET", "/api/v1/user/site/get", "", nil); got.Code != 200 {
		t.Errorf("A's domain after B's refused change: %d", got.Code)
	}
}

// TestTenantBaseDomain: with TENANT_BASE_DOMAIN, <symbol>.<base> reaches the token's company with
// no domain row; an unknown symbol under it is an unknown site in production.
func TestTenantBaseDomain(t *testing.T) {
	s := tenantSetup(t)
	prod := *s.d
	prod.Cfg.Env = config.EnvProduction
	prod.Cfg.TenantBaseDomain = "presale.test"
	app := newServer(&prod)
	var site company.SiteView
	s.on(app, "beta.presale.test", "GET", "/api/v1/user/site/get", "", nil).Into(t, &site)
	if site.CompanyID != s.cidB {
		t.Errorf("beta.presale.test: %+v", site)
	}
	if got := s.on(app, "beta.presale.test", "GET", "/api/v1/user/package/price/get", s.tokB, nil); got.Code != 200 {
		t.Errorf("B's buyer on beta.presale.test: %d", got.Code)
	}
	if got := s.on(app, "nope.presale.test", "GET", "/api/v1/user/site/get", "", nil); got.Code != 404 {
		t.Errorf("an unknown symbol under the base: %d", got.Code)
	}
}

// TestTenantIndexPage: index.html carries the host's token title, description, keywords and icon,
// escaped; production answers an unknown host with a plain "Unknown site." page.
func TestTenantIndexPage(t *testing.T) {
	s := tenantSetup(t)
	dist := t.TempDir()
	writeIndex(t, dist)
	s.exec(`UPDATE tokens SET meta_title = 'Beta <Sale> & more', meta_description = 'Buy "BETA" early', meta_keywords = 'beta, presale',
		icon_url = 'https://cdn.example.test/beta.png' WHERE company_id = ?`, s.cidB)
	prod := *s.d
	prod.Cfg.Env = config.EnvProduction
	prod.Cfg.UserDist = dist
	app := newServer(&prod)
	page := func(host string) (int, string, string) {
		req := httptest.NewRequest("GET", "/user/dashboard", nil)
		req.Host = host
		r := testkit.HTTP{T: t, App: app, Spec: testkit.UserAPI}.Send(req)
		return r.Code, r.Header.Get("Content-Type"), string(r.Data)
	}
	code, ct, body := page(hostB)
	for _, want := range []string{"<title>Beta &lt;Sale&gt; &amp; more</title>", `<meta name="description" content="Buy &#34;BETA&#34; early" />`,
		`<meta name="keywords" content="beta, presale" />`, `<link rel="icon" href="https://cdn.example.test/beta.png" />`,
		`<meta property="og:site_name" content="Beta Ltd" />`} {
		if !strings.Contains(body, want) {
			t.Errorf("B's page lacks %s:\n%s", want, body)
		}
	}
	if code != 200 || !strings.HasPrefix(ct, "text/html") || strings.Contains(body, "ACW |") {
		t.Errorf("B's page: %d %s", code, ct)
	}
	if _, _, body := page(hostA); !strings.Contains(body, "<title>ACW") {
		t.Errorf("A's page: %s", body)
	}
	if code, ct, body := page(hostUnknown); code != 404 || !strings.HasPrefix(ct, "text/plain") || body != "Unknown site." {
		t.Errorf("unknown host: %d %s %q", code, ct, body)
	}
}

func writeIndex(t *testing.T, dist string) {
	t.Helper()
	const index = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>ACW | The Decentralized Future of Digital Finance</title>
<meta
  name="description"
  content="ACW is a decentralized project."
/>
<meta name="keywords" content="ACW, token" />
</head><body><div id="root"></div></body></html>`
	if err := os.WriteFile(dist+"/index.html", []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (s *tenants) adminLoginB() string {
	s.t.Helper()
	res, err := s.svc.Users.AdminLogin(context.Background(), s.adminBEmail, s.adminBPasswd, "", "127.0.0.1")
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Token
}

func (s *tenants) adminLoginCode() (int, string) {
	_, err := s.svc.Users.AdminLogin(context.Background(), s.adminBEmail, s.adminBPasswd, "", "127.0.0.1")
	if err == nil {
		return 200, ""
	}
	if e, ok := apperr.As(err); ok {
		return e.Kind.Status(), e.Message
	}
	return 500, err.Error()
}

// adminCall reports the status an admin token gets from the session verifier (401 revoked).
func (s *tenants) adminCall(tok string) int {
	if _, err := s.d.Verifier.Authenticate(context.Background(), tok, "admin"); err != nil {
		return 401
	}
	return 200
}

func ptr[T any](v T) *T { return &v }

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(company.SiteTTL + 500*time.Millisecond)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not seen within %s", company.SiteTTL+500*time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
