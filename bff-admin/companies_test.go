package main

import (
	"strings"
	"testing"

	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
)

type companyRec struct {
	ID          string   `json:"id"`
	CompanyName string   `json:"companyName"`
	Email       string   `json:"email"`
	TokenSymbol string   `json:"tokenSymbol"`
	Domains     []string `json:"domains"`
	Status      string   `json:"status"`
	Reason      string   `json:"suspensionReason"`
	Require2FA  bool     `json:"require2fa"`
	SiteURL     *string  `json:"siteUrl"`
	Aadhaar     string   `json:"companyAadhaarCard"`
	Figures     struct {
		Buyers         int64   `json:"buyers"`
		ApprovedAmount float64 `json:"approvedAmount"`
		TokensSold     float64 `json:"tokensSold"`
	} `json:"figures"`
	Affected *struct {
		PendingPayments int64 `json:"pendingPayments"`
		OpenOrders      int64 `json:"openOrders"`
	} `json:"affected"`
}

// TestSuperAdminCompanyGetUpdate: company/get and company/update — details, domains,
// status and require2fa; every refusal is a clear 4xx that changes nothing; audited.
func TestSuperAdminCompanyGetUpdate(t *testing.T) {
	h := setup(t)
	get := func(id string) companyRec {
		t.Helper()
		var c companyRec
		h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+id, h.super, nil), 200).Into(t, &c)
		return c
	}
	b := get(h.cidB)
	if b.CompanyName != "Beta Ltd" || b.TokenSymbol != "BTC2" || b.Status != "ACTIVE" || b.Require2FA || len(b.Domains) != 0 ||
		b.SiteURL != nil || !strings.HasPrefix(b.Aadhaar, "XXXX XXXX ") {
		t.Fatalf("company B: %+v", b)
	}
	// The demo company has no domain but is the TOKEN_SYMBOL one; with no PUBLIC_USER_URL (tests) it has no address.
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id=", h.super, nil), 422)
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id=not-a-uuid", h.super, nil), 404)
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id=00000000-0000-0000-0000-000000000000", h.super, nil), 404)
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+h.cidB, h.adminA, nil), 403)
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+h.cidB, "", nil), 401)

	upd := "/api/v1/superadmin/company/update"
	var out companyRec
	h.want(h.call("PUT", upd, h.super, map[string]any{"id": h.cidB, "companyName": " Beta Holdings ", "domains": []string{"Sale.Beta.TEST.", "beta.example.test"},
		"require2fa": true}), 200).Into(t, &out)
	if out.CompanyName != "Beta Holdings" || out.Email != "owner@beta.test" || !out.Require2FA ||
		strings.Join(out.Domains, ",") != "sale.beta.test,beta.example.test" || out.SiteURL == nil || *out.SiteURL != "https://sale.beta.test" {
		t.Fatalf("updated: %+v", out)
	}
	// Refusals, each naming the problem; nothing changes.
	for _, c := range []struct {
		body map[string]any
		code int
		msg  string
	}{
		{map[string]any{"id": h.cidB, "domains": []string{"https://x.test/path"}}, 422, "is not a host name"},
		{map[string]any{"id": h.cidB, "domains": []string{"localhost"}}, 422, "is not a host name"},
		{map[string]any{"id": h.cidB, "domains": []string{"10.0.0.1"}}, 422, "is not a host name"},
		{map[string]any{"id": h.cidB, "domains": []string{"x.test:8080"}}, 422, "is not a host name"},
		{map[string]any{"id": h.cidB, "domains": []string{"a.test", "A.test"}}, 422, "The domain a.test is listed twice."},
		{map[string]any{"id": h.cidB, "domains": strings.Split("a.t,b.t,c.t,d.t,e.t,f.t,g.t,h.t,i.t,j.t,k.t", ",")}, 422, "at most 10 domains"},
		{map[string]any{"id": h.cidB, "status": "CLOSED"}, 422, "Status must be ACTIVE or SUSPENDED."},
		{map[string]any{"id": h.cidB, "companyName": "", "email": "nope", "companyPincode": "12"}, 422, "Company name is required"},
		{map[string]any{"id": ""}, 422, "Company ID is required."},
		{map[string]any{"id": "00000000-0000-0000-0000-000000000000", "companyName": "X"}, 404, "Company not found."},
		{map[string]any{"id": h.cidA, "domains": []string{"beta.example.test"}}, 409, "The domain beta.example.test is already used by another company."},
		{map[string]any{"id": h.cidB, "domains": 7}, 400, "Invalid value for domains."},
		{map[string]any{"id": h.cidB, "require2fa": "yes"}, 400, "Invalid value for require2fa."},
	} {
		r := h.call("PUT", upd, h.super, c.body)
		if r.Code != c.code || !strings.Contains(r.Msg(), c.msg) {
			t.Errorf("%v: %d %s, want %d %q", c.body, r.Code, r.Msg(), c.code, c.msg)
		}
	}
	if again := get(h.cidB); again.CompanyName != "Beta Holdings" || len(again.Domains) != 2 || again.Status != "ACTIVE" {
		t.Fatalf("a refused update changed B: %+v", again)
	}
	h.want(h.call("PUT", upd, h.adminA, map[string]any{"id": h.cidA, "status": "SUSPENDED", "reason": "x"}), 403)
	if n := h.num("SELECT count(*) FROM audit_log WHERE action = 'company.update' AND target_id = ?", h.cidB); n != 1 {
		t.Errorf("%d company.update audit rows, want 1", n)
	}

	// Suspending needs a reason: one line, at most 300 characters; a refusal changes nothing.
	for _, body := range []map[string]any{
		{"id": h.cidB, "status": "SUSPENDED"},
		{"id": h.cidB, "status": "SUSPENDED", "reason": "   "},
		{"id": h.cidB, "status": "SUSPENDED", "reason": strings.Repeat("é", 301)},
	} {
		if r := h.call("PUT", upd, h.super, body); r.Code != 422 || !strings.Contains(r.Msg(), "A reason is required to suspend a company (at most 300 characters).") {
			t.Errorf("suspend without a good reason: %d %s", r.Code, r.Msg())
		}
	}
	if r := h.call("PUT", upd, h.super, map[string]any{"id": h.cidB, "status": "SUSPENDED", "reason": "Fees\nunpaid"}); r.Code != 422 ||
		!strings.Contains(r.Msg(), "Reason must not contain control characters.") {
		t.Errorf("a two-line reason: %d %s", r.Code, r.Msg())
	}
	if again := get(h.cidB); again.Status != "ACTIVE" || again.Reason != "" {
		t.Fatalf("a refused suspension changed B: %+v", again)
	}
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", h.adminB, nil), 200)

	// Suspension signs B's admin out: their calls answer 403 with the reason, never "session
	// expired" (401); a new sign-in is refused (403, without the reason); A is untouched.
	reason := strings.Repeat("é", 280) + " Unpaid fees" // 292 characters, more bytes
	h.want(h.call("PUT", upd, h.super, map[string]any{"id": h.cidB, "status": "SUSPENDED", "reason": "  " + reason + "  "}), 200).Into(t, &out)
	if out.Status != "SUSPENDED" || out.Reason != reason {
		t.Fatalf("suspended: %+v", out)
	}
	want := "This company is suspended. Please contact support. Reason: " + reason
	for _, path := range []string{"/api/v1/admin/auth/profile/get", "/api/v1/admin/transaction/list"} {
		if r := h.call("GET", path, h.adminB, nil); r.Code != 403 || r.Msg() != want {
			t.Errorf("%s of the signed-out admin: %d %s", path, r.Code, r.Msg())
		}
	}
	// Another company's revoked or foreign token is still a plain 401, with no reason of B's.
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", "garbage", nil), 401)
	if r := h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "owner@beta.test", "password": "BetaPass#1"}); r.Code != 403 ||
		r.Msg() != "This company is suspended. Please contact support." {
		t.Errorf("suspended admin login: %d %s", r.Code, r.Msg())
	}
	// A wrong password answers the same (before: 401, so the 403 told the password was right).
	if r := h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "owner@beta.test", "password": "wrong-pass"}); r.Code != 403 ||
		r.Msg() != "This company is suspended. Please contact support." {
		t.Errorf("suspended admin, wrong password: %d %s (must answer as the right one does)", r.Code, r.Msg())
	}
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", h.adminA, nil), 200)
	// The reason may be changed while suspended; reactivating empties it.
	h.want(h.call("PUT", upd, h.super, map[string]any{"id": h.cidB, "reason": "Fees unpaid since March"}), 200).Into(t, &out)
	if out.Reason != "Fees unpaid since March" {
		t.Errorf("new reason: %+v", out)
	}
	h.want(h.call("PUT", upd, h.super, map[string]any{"id": h.cidB, "status": "ACTIVE"}), 200).Into(t, &out)
	if out.Status != "ACTIVE" || out.Reason != "" {
		t.Errorf("reactivated: %+v", out)
	}
	h.adminLogin("owner@beta.test", "BetaPass#1")
}

// TestSuperAdminCompanyAffected: company/get counts what a suspension catches: the pending payments
// (PENDING) and the open orders (INITIATED, not expired) of that company only.
func TestSuperAdminCompanyAffected(t *testing.T) {
	h := setup(t)
	h.pending(h.cidA, h.buyerID, 5, "UPI", "UTR-AFF-1", nil)
	h.pending(h.cidA, h.buyerID, 6, "UPI", "UTR-AFF-2", nil)
	h.exec(`INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price, quantity, final_amount, status, expires_at)
		VALUES (?, ?, 'ORD-AFF-OPEN', 'TX-AFF-OPEN', 10, 10, 1, 10, 'INITIATED', now() + interval '1 hour'),
		       (?, ?, 'ORD-AFF-GONE', 'TX-AFF-GONE', 10, 10, 1, 10, 'INITIATED', now() - interval '1 minute')`,
		h.cidA, h.buyerID, h.cidA, h.buyerID)
	var a, b companyRec
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+h.cidA, h.super, nil), 200).Into(t, &a)
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+h.cidB, h.super, nil), 200).Into(t, &b)
	if a.Affected == nil || a.Affected.PendingPayments != 2 || a.Affected.OpenOrders != 1 {
		t.Errorf("A's affected: %+v", a.Affected)
	}
	if b.Affected == nil || b.Affected.PendingPayments != 0 || b.Affected.OpenOrders != 0 {
		t.Errorf("B's affected: %+v", b.Affected)
	}
}

// TestSuperAdminCompanyListFiguresAndFilters: the list carries domains, status and figures
// (buyers, approved INR, tokens sold), filters by status and searches domains.
func TestSuperAdminCompanyListFiguresAndFilters(t *testing.T) {
	h := setup(t)
	// A: one approved purchase of 100 tokens (the demo buyer) and one still pending.
	p := h.pending(h.cidA, h.buyerID, 100, "UPI", "UTR-LIST-1", nil)
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p}), 200)
	h.pending(h.cidA, h.buyerID, 7, "UPI", "UTR-LIST-2", nil)
	h.want(h.call("PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidB, "domains": "beta.example.test, www.beta.test",
		"status": "SUSPENDED", "reason": "Under review"}), 200)
	list := func(q string) []companyRec {
		t.Helper()
		var l struct {
			Records []companyRec `json:"records"`
			Total   int          `json:"total"`
		}
		h.want(h.call("GET", "/api/v1/superadmin/company/list"+q, h.super, nil), 200).Into(t, &l)
		if l.Total != len(l.Records) {
			t.Fatalf("%s: total %d, %d records", q, l.Total, len(l.Records))
		}
		return l.Records
	}
	byID := map[string]companyRec{}
	for _, c := range list("") {
		byID[c.ID] = c
	}
	a, b := byID[h.cidA], byID[h.cidB]
	var price float64
	if err := h.d.DB.NewRaw("SELECT price FROM tokens WHERE company_id = ?", h.cidA).Scan(t.Context(), &price); err != nil {
		t.Fatal(err)
	}
	if a.Status != "ACTIVE" || a.Figures.Buyers != 1 || a.Figures.TokensSold != 100 || a.Figures.ApprovedAmount <= 100*price-1 {
		t.Errorf("A's figures: %+v", a)
	}
	if b.Status != "SUSPENDED" || strings.Join(b.Domains, ",") != "beta.example.test,www.beta.test" || b.Figures.Buyers != 0 ||
		b.Figures.TokensSold != 0 || b.Figures.ApprovedAmount != 0 {
		t.Errorf("B: %+v", b)
	}
	if got := list("?status=suspended"); len(got) != 1 || got[0].ID != h.cidB {
		t.Errorf("suspended filter: %+v", got)
	}
	if got := list("?status=ACTIVE"); len(got) != 1 || got[0].ID != h.cidA {
		t.Errorf("active filter: %+v", got)
	}
	if got := list("?search=www.beta"); len(got) != 1 || got[0].ID != h.cidB {
		t.Errorf("domain search: %+v", got)
	}
	h.want(h.call("GET", "/api/v1/superadmin/company/list?status=CLOSED", h.super, nil), 422)
}

// TestSuperAdminCompanyAddWithDomains: company/add takes domains (same rules; a taken one is 409
// and nothing is created).
func TestSuperAdminCompanyAddWithDomains(t *testing.T) {
	h := setup(t)
	body := func(symbol string, domains any) map[string]any {
		return map[string]any{"companyName": "Gamma Ltd", "email": "owner@" + strings.ToLower(symbol) + ".test", "mobile": "9876500001",
			"companyAadhaarCard": "499118665246", "companyPan": "GAMMA1234G", "companyAddress": "1 Gamma Street", "companyPincode": "400001",
			"tokenName": "Gamma", "tokenSymbol": symbol, "tokenPrice": 2, "adminPassword": "GammaPass#1", "domains": domains}
	}
	// Issue 29 item 5: a refused company names its fields.
	bad := body("G", []string{"not a host"})
	bad["companyPan"], bad["companyPincode"], bad["tokenPrice"] = "GAMMA", "12", 0
	r := h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, bad), 422)
	for field, msg := range map[string]string{
		"companyPan": "Please enter a valid PAN (e.g. ABCDE1234F).", "companyPincode": "PIN code must be 6 digits.",
		"tokenSymbol": "Token symbol must be 2 to 10 letters or digits.", "tokenPrice": "Token price must be greater than 0.",
	} {
		if got := r.FieldMsg(field); got != msg {
			t.Errorf("errors on %s: %q, want %q (all %+v)", field, got, msg, r.Errors)
		}
	}
	if !strings.Contains(r.FieldMsg("domains"), "is not a host name") {
		t.Errorf("domains: %+v", r.Errors)
	}
	var created struct{ ID string }
	h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, body("GAM", []string{"gamma.example.test"})), 200).Into(t, &created)
	var c companyRec
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+created.ID, h.super, nil), 200).Into(t, &c)
	if strings.Join(c.Domains, ",") != "gamma.example.test" || c.SiteURL == nil || *c.SiteURL != "https://gamma.example.test" {
		t.Fatalf("created: %+v", c)
	}
	if r := h.call("POST", "/api/v1/superadmin/company/add", h.super, body("GAM2", []string{"gamma.example.test"})); r.Code != 409 ||
		r.Msg() != "The domain gamma.example.test is already used by another company." {
		t.Fatalf("taken domain on add: %d %s", r.Code, r.Msg())
	}
	if r := h.call("POST", "/api/v1/superadmin/company/add", h.super, body("GAM3", []string{"http://bad"})); r.Code != 422 {
		t.Fatalf("bad domain on add: %d %s", r.Code, r.Msg())
	}
	if n := h.num("SELECT count(*) FROM tokens WHERE symbol IN ('GAM2', 'GAM3')"); n != 0 {
		t.Fatalf("a refused add created %d tokens", n)
	}
	// company/site/get answers for the host's company (the admin sign-in page names it), and
	// nothing elsewhere: never the TOKEN_SYMBOL company the buyer site falls back to, so the admin
	// sign-in page of a host of no company shows the platform, not the demo company.
	var site company.SiteView
	req := testkit.JSONRequest("GET", "/api/v1/company/site/get", "", nil)
	req.Host = "gamma.example.test"
	h.send(req).Into(t, &site)
	if site.CompanyID != created.ID || site.CompanyName != "Gamma Ltd" || site.Token.Symbol != "GAM" {
		t.Errorf("admin site/get on gamma's host: %+v", site)
	}
	for _, host := range []string{"", "unknown.example.test"} {
		req := testkit.JSONRequest("GET", "/api/v1/company/site/get", "", nil)
		if host != "" {
			req.Host = host
		}
		var none *company.SiteView
		h.want(h.send(req), 200).Into(t, &none)
		if none != nil {
			t.Errorf("admin site/get on %q (no company's host): %+v, want null", host, none)
		}
	}
}
