package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"prelaunch/core/seed"
)

// secNasty are the values every text field is fed: huge, unicode, NUL, SQL and HTML
// metacharacters, numbers where strings belong and the reverse.
func secNasty() []any {
	return []any{
		strings.Repeat("A", 100<<10), // 100 KB
		"ünïcødé 🚀 עברית \u202e\u200b", "\u0000", "a\u0000b", "\ufffd\ufeff", "\xff\xfe", strings.Repeat("a", 99) + "é",
		"' OR '1'='1' --", `"; DROP TABLE users; --`, `%_\`, "%", "_", `\`,
		"<script>alert(1)</script>", `"><img src=x onerror=alert(1)>`,
		-1, 0, 1e308, -1e308, "NaN", "Infinity", "-0", "1e400", "0x10", 123456789012345678,
		true, nil, []any{1, "a"}, map[string]any{"$gt": ""},
	}
}

// secRawBodies are bodies that are not a JSON object at all.
var secRawBodies = []string{`{`, `{"a":`, `[]`, `"str"`, `123`, `null`, `{"a":1}{"b":2}`, "\xff\xfe", `{"x":"\ud800"}`,
	strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)}

type secField struct {
	method, path string
	base         map[string]any
	fields       []string
}

// TestSecurityInputAbuse: every body field and query parameter of the buyer API, fed hostile
// values, answers 2xx or 4xx — never 500 — and the server never logs a 500.
func TestSecurityInputAbuse(t *testing.T) {
	s := secSetup(t)
	tok := s.buyerToken()
	o := s.order(tok, 100)
	cid := s.companyID
	forms := []secField{
		{"POST", "/api/v1/user/auth/register/otp", map[string]any{"companyId": cid, "name": "N", "email": "n@x.test", "mobile": "9876543210"},
			[]string{"companyId", "name", "email", "mobile"}},
		{"POST", "/api/v1/user/auth/register", map[string]any{"companyId": cid, "name": "N", "mobile": "9876543210", "email": "n2@x.test",
			"otp": "123456", "dateOfBirth": "1990-01-01", "gender": "male", "pincode": "560001", "password": "Passw0rd!"},
			[]string{"companyId", "name", "mobile", "email", "otp", "dateOfBirth", "gender", "pincode", "referralCode", "password", "confirmPassword"}},
		{"POST", "/api/v1/user/auth/login", map[string]any{"companyId": cid, "user": "x@x.test", "password": "Passw0rd!"},
			[]string{"companyId", "user", "email", "password"}},
		{"POST", "/api/v1/user/auth/forgot-password/otp", map[string]any{"companyId": cid, "user": "x@x.test"}, []string{"companyId", "user", "email"}},
		{"POST", "/api/v1/user/auth/forgot-password", map[string]any{"companyId": cid, "user": "x@x.test", "otp": "123456", "password": "Passw0rd!"},
			[]string{"companyId", "user", "otp", "password", "newPassword", "confirmNewPassword"}},
		{"PUT", "/api/v1/user/auth/password/update", map[string]any{"otp": "123456", "password": seedPW, "newPassword": "Another-1"},
			[]string{"otp", "password", "newPassword"}},
		{"PUT", "/api/v1/user/auth/profile/update", map[string]any{"password": seedPW, "name": "N"},
			[]string{"name", "email", "mobile", "referralCode", "dateOfBirth", "profileImageId", "kycDocumentNumber", "password"}},
		{"POST", "/api/v1/user/package/order", map[string]any{"amount": 100}, []string{"amount"}},
		{"POST", "/api/v1/user/package/purchase", map[string]any{"purchaseId": o.ID, "paymentMethod": "MANUAL"},
			[]string{"purchaseId", "paymentMethod", "referenceNumber", "receiptId", "bankName", "amount"}},
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
				check(fmt.Sprintf("%s %s %s=%.40v", f.method, f.path, field, v), s.call(f.method, f.path, tok, body))
				// The same as a form post, where the value is text.
				vals := url.Values{}
				for k, x := range body {
					if x != nil {
						vals.Set(k, fmt.Sprint(x))
					}
				}
				check(fmt.Sprintf("form %s %s %s=%.40v", f.method, f.path, field, v), s.form(f.method, f.path, tok, vals))
			}
		}
		for _, raw := range secRawBodies {
			req := httptest.NewRequest(f.method, f.path, strings.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", tok)
			r := s.send(req)
			check(fmt.Sprintf("%s %s raw %.30q", f.method, f.path, raw), r)
			if r.Code != 400 && r.Code != 422 && r.Code != 429 {
				t.Errorf("%s %s raw body %.30q: %d, want 400", f.method, f.path, raw, r.Code)
			}
		}
		// Wrong content types.
		for _, ct := range []string{"text/xml", "application/xml", "text/plain"} {
			req := httptest.NewRequest(f.method, f.path, strings.NewReader(`<a>1</a>`))
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Authorization", tok)
			check(fmt.Sprintf("%s %s as %s", f.method, f.path, ct), s.send(req))
		}
	}
	// Query parameters of every list and read.
	gets := map[string][]string{
		"/api/v1/user/transaction/list":  {"page", "limit", "status", "search"},
		"/api/v1/user/stock/global/list": {"page", "limit"},
		"/api/v1/user/stock/my/list":     {"page", "limit"},
		"/api/v1/user/package/order/get": {"id"},
		"/api/v1/media/file/x":           {"exp", "sig"},
	}
	queryValues := []string{strings.Repeat("9", 400), "-1", "0", "1e308", "NaN", "9223372036854775808", "' OR 1=1 --", "%",
		"_", `\`, "<script>", "ünï🚀", "\x00", "a\x00b", "\xff\xfe", "é" + strings.Repeat("é", 60), strings.Repeat("a", 99) + "é",
		strings.Repeat("x", 3000)}
	for path, params := range gets {
		for _, p := range params {
			for _, v := range queryValues {
				check(fmt.Sprintf("GET %s?%s=%.30q", path, p, v), s.call("GET", path+"?"+p+"="+url.QueryEscape(v), tok, nil))
			}
		}
	}
	// Path parameters.
	for _, id := range []string{"..%2F..%2Fetc%2Fpasswd", "%00", "'", strings.Repeat("f", 36), "00000000-0000-0000-0000-000000000000"} {
		check("media id "+id, s.call("GET", "/api/v1/media/file/"+id+"?exp=1&sig=x", "", nil))
	}
	if strings.Contains(s.logs.String(), "status=500") {
		t.Errorf("the server logged a 500:\n%s", secGrep(s.logs.String(), "status=500"))
	}
	t.Logf("%d hostile requests", n)
}

// TestSecurityStoredTextStaysText: SQL and HTML stored through the API come back as the same
// text (JSON-escaped), are never executed, and searches treat LIKE metacharacters literally.
func TestSecurityStoredTextStaysText(t *testing.T) {
	s := secSetup(t)
	tok := s.buyerToken()
	evil := `<script>alert(1)</script>' OR '1'='1'; DROP TABLE users; -- <img src=x> ü 🚀`
	s.want(s.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"password": seedPW, "name": evil}), 200)
	r := s.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	s.want(r, 200)
	var p struct{ Name string }
	r.Into(t, &p)
	if p.Name != evil {
		t.Fatalf("stored name %q, want %q", p.Name, evil)
	}
	if bytes.Contains(r.Data, []byte("<script>")) {
		t.Fatalf("raw <script> in a JSON body (want \\u003c escaping): %s", r.Data)
	}
	var n int
	if err := s.d.DB.NewRaw("SELECT count(*) FROM users").Scan(t.Context(), &n); err != nil || n == 0 {
		t.Fatalf("users table: %d %v", n, err)
	}
	// LIKE metacharacters are literal: "%" finds nothing among orders without a "%".
	o := s.order(tok, 100)
	s.want(s.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "MANUAL"}), 200)
	for _, q := range []string{"%", "_", `\`, "' OR 1=1 --"} {
		r := s.call("GET", "/api/v1/user/transaction/list?search="+url.QueryEscape(q), tok, nil)
		s.want(r, 200)
		var l struct{ Total int }
		r.Into(t, &l)
		if l.Total != 0 {
			t.Errorf("search %q matched %d rows", q, l.Total)
		}
	}
	_ = json.Valid
	_ = seed.DemoBuyerEmail
}

func secGrep(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	if len(out) > 20 {
		out = out[:20]
	}
	return strings.Join(out, "\n")
}
