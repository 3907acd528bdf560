package main

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func secNasty() []any {
	return []any{
		strings.Repeat("A", 100<<10), "ünïcødé 🚀 עברית \u202e\u200b", "\u0000", "a\u0000b", "\xff\xfe",
		strings.Repeat("a", 99) + "é", "' OR '1'='1' --", `"; DROP TABLE users; --`, `%_\`,
		"<script>alert(1)</script>", -1, 0, 1e308, -1e308, "NaN", "Infinity", "1e400", 123456789012345678,
		true, nil, []any{1}, map[string]any{"$gt": ""},
	}
}

// TestSecurityAdminInputAbuse: every admin body field and query parameter, fed hostile values,
// answers 2xx or 4xx — never 500.
func TestSecurityAdminInputAbuse(t *testing.T) {
	s := secSetup(t)
	buyerA := s.newBuyer(s.cidA, "B", "b@a.test", nil)
	p := s.pending(s.cidA, buyerA, 1, "UPI", "UTR-IN-1", nil)
	type form struct {
		method, path, tok string
		base              map[string]any
		fields            []string
	}
	forms := []form{
		{"POST", "/api/v1/company/auth/login", "", map[string]any{"email": "x@x.test", "password": "Passw0rd!"}, []string{"email", "password"}},
		{"POST", "/api/v1/superadmin/auth/login/verify", "", map[string]any{"email": "superadmin@demo.test", "otp": "123456"}, []string{"email", "otp"}},
		{"POST", "/api/v1/admin/auth/add", s.adminA, map[string]any{"name": "N", "mobile": "9876543210", "email": "n@a.test", "role": "USER", "password": "Passw0rd!"},
			[]string{"name", "mobile", "email", "role", "password"}},
		{"PUT", "/api/v1/admin/auth/update", s.adminA, map[string]any{"id": buyerA, "name": "N"}, []string{"id", "name", "mobile", "email", "role", "isApproved"}},
		{"DELETE", "/api/v1/admin/auth/delete", s.adminA, map[string]any{"id": "00000000-0000-0000-0000-000000000000"}, []string{"id"}},
		{"POST", "/api/v1/admin/transaction/approve", s.adminA, map[string]any{"id": "00000000-0000-0000-0000-000000000000"}, []string{"id"}},
		{"POST", "/api/v1/admin/transaction/reject", s.adminA, map[string]any{"id": p}, []string{"id"}},
		{"PUT", "/api/v1/admin/beneficiary/update", s.adminA, map[string]any{"holderName": "H", "bankName": "B", "branch": "Br",
			"accountNumber": "1234567890", "ifscCode": "SBIN0000001", "upi": "h@okaxis"},
			[]string{"holderName", "bankName", "branch", "accountNumber", "ifscCode", "upi"}},
		{"POST", "/api/v1/superadmin/company/add", s.super, map[string]any{"companyName": "G", "email": "g@g.test", "mobile": "9000000001",
			"companyAadhaarCard": "234123412346", "companyPan": "ABCDE1234F", "companyAddress": "A", "companyPincode": "110001",
			"tokenName": "G", "tokenSymbol": "GGG", "tokenPrice": 2.5, "adminName": "G", "adminPassword": "GammaPass1"},
			[]string{"companyName", "email", "mobile", "companyAadhaarCard", "companyPan", "companyAddress", "companyPincode",
				"tokenName", "tokenSymbol", "tokenPrice", "adminName", "adminPassword"}},
	}
	n := 0
	check := func(what string, r reply) {
		t.Helper()
		n++
		if r.Code >= 500 {
			t.Errorf("%s: %d %s", what, r.Code, r.Msg())
		}
	}
	for _, f := range forms {
		for _, field := range f.fields {
			for _, v := range secNasty() {
				body := map[string]any{}
				for k, x := range f.base {
					body[k] = x
				}
				body[field] = v
				check(fmt.Sprintf("%s %s %s=%.40v", f.method, f.path, field, v), s.call(f.method, f.path, f.tok, body))
				vals := url.Values{}
				for k, x := range body {
					if x != nil {
						vals.Set(k, fmt.Sprint(x))
					}
				}
				req := httptest.NewRequest(f.method, f.path, strings.NewReader(vals.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				if f.tok != "" {
					req.Header.Set("Authorization", f.tok)
				}
				check(fmt.Sprintf("form %s %s %s=%.40v", f.method, f.path, field, v), s.send(req))
			}
		}
		for _, raw := range []string{`{`, `[]`, `"s"`, `null`, "\xff", `{"a":1}{`} {
			req := httptest.NewRequest(f.method, f.path, strings.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			if f.tok != "" {
				req.Header.Set("Authorization", f.tok)
			}
			if r := s.send(req); r.Code != 400 && r.Code != 422 && r.Code != 429 {
				t.Errorf("%s %s raw %q: %d %s, want 400", f.method, f.path, raw, r.Code, r.Msg())
			}
		}
	}
	gets := []struct {
		path, tok string
		params    []string
	}{
		{"/api/v1/admin/auth/list", s.adminA, []string{"page", "limit", "search", "isApproved"}},
		{"/api/v1/admin/transaction/list", s.adminA, []string{"page", "limit", "status", "search"}},
		{"/api/v1/superadmin/company/list", s.super, []string{"page", "limit", "search"}},
		{"/api/v1/superadmin/transaction/list", s.super, []string{"page", "limit", "status", "search", "companyId"}},
		{"/api/v1/superadmin/beneficiary/list", s.super, []string{"page", "limit", "search"}},
		{"/api/v1/superadmin/auth/login/email/otp", "", []string{"email"}},
		{"/api/v1/admin/export/purchases.csv", s.adminA, []string{"status", "from", "to"}},
		{"/api/v1/admin/export/users.csv", s.adminA, []string{"isApproved"}},
		{"/api/v1/superadmin/export/purchases.csv", s.super, []string{"companyId", "status", "from", "to"}},
	}
	values := []string{strings.Repeat("9", 400), "-1", "0", "1e308", "NaN", "9223372036854775808", "' OR 1=1 --", "%", "_", `\`,
		"<script>", "ünï🚀", "\x00", "\xff", "é" + strings.Repeat("é", 60), strings.Repeat("a", 99) + "é", strings.Repeat("x", 3000)}
	for _, g := range gets {
		for _, p := range g.params {
			for _, v := range values {
				check(fmt.Sprintf("GET %s?%s=%.30q", g.path, p, v), s.call("GET", g.path+"?"+p+"="+url.QueryEscape(v), g.tok, nil))
			}
		}
	}
	if strings.Contains(s.logs.String(), "status=500") {
		t.Errorf("the server logged a 500:\n%s", secGrep(s.logs.String(), "status=500"))
	}
	// Stored HTML and SQL come back as the same text, JSON-escaped.
	evil := `<img src=x onerror=alert(1)>' OR 1=1 --`
	s.want(s.call("PUT", "/api/v1/admin/auth/update", s.adminA, map[string]any{"id": buyerA, "name": evil}), 200)
	r := s.call("GET", "/api/v1/admin/auth/list?search="+url.QueryEscape("onerror"), s.adminA, nil)
	s.want(r, 200)
	var l struct {
		Total   int
		Records []struct{ Name string }
	}
	r.Into(t, &l)
	if l.Total != 1 || l.Records[0].Name != evil || bytes.Contains(r.Data, []byte("<img")) {
		t.Errorf("stored text: %s", r.Data)
	}
	t.Logf("%d hostile requests", n)
}
