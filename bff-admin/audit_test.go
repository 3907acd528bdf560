package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"prelaunch/core/seed"
)

type auditRecord struct {
	ID          int64
	At          time.Time
	CompanyID   *string
	CompanyName *string
	Actor       struct {
		ID                *string
		Name, Email, Role string
	}
	Action string
	Target struct{ Type, ID, Name, Detail string }
	Before json.RawMessage
	After  json.RawMessage
	IP     string
}

type auditList struct {
	Records []auditRecord
	Total   int
}

// TestActivityLists: an admin reads their own company's log (who, what, before, after, from
// where), filtered; never another company's; the super admin reads every company's.
func TestActivityLists(t *testing.T) {
	h := setup(t)
	// Company A: the admin adds a user and updates the beneficiary; company B: its admin adds a user.
	h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminA, map[string]any{"name": "Clerk A", "email": "clerk@a.test",
		"mobile": "9876501234", "password": "ClerkPass#1", "role": "USER"}), 200)
	h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminB, map[string]any{"name": "Clerk B", "email": "clerk@b.test",
		"mobile": "9876501235", "password": "ClerkPass#1", "role": "USER"}), 200)

	var a auditList
	h.want(h.call("GET", "/api/v1/admin/audit/list", h.adminA, nil), 200).Into(t, &a)
	if a.Total < 1 || len(a.Records) < 1 {
		t.Fatalf("company A's log is empty: %+v", a)
	}
	for _, r := range a.Records {
		if r.CompanyID == nil || *r.CompanyID != h.cidA {
			t.Fatalf("another company's record in A's log: %+v", r)
		}
	}
	top := a.Records[0]
	if top.Action != "user.create" || top.Actor.ID == nil || *top.Actor.ID != h.adminAID || top.Actor.Email != seed.DemoAdminEmail ||
		top.Actor.Role != "ADMIN" || top.Actor.Name == "" || top.Target.Type != "user" || top.IP == "" ||
		!strings.Contains(string(top.After), "clerk@a.test") || string(top.Before) != "null" {
		t.Fatalf("newest record: %+v after %s", top, top.After)
	}
	// The target and the company by name, not by id.
	if top.Target.Name != "Clerk A" || top.Target.Detail != "clerk@a.test" || top.CompanyName == nil || *top.CompanyName == "" {
		t.Fatalf("newest record's names: %+v (company %v)", top.Target, top.CompanyName)
	}
	// Filters.
	var f auditList
	h.want(h.call("GET", "/api/v1/admin/audit/list?action=user.create&actorId="+h.adminAID, h.adminA, nil), 200).Into(t, &f)
	if f.Total != 1 || f.Records[0].Action != "user.create" {
		t.Fatalf("filtered: %+v", f)
	}
	h.want(h.call("GET", "/api/v1/admin/audit/list?action=purchase.approve", h.adminA, nil), 200).Into(t, &f)
	if f.Total != 0 {
		t.Fatalf("no approvals yet: %+v", f)
	}
	today := time.Now().In(time.FixedZone("IST", 5*3600+30*60)).Format("2006-01-02")
	h.want(h.call("GET", "/api/v1/admin/audit/list?from="+today+"&to="+today, h.adminA, nil), 200).Into(t, &f)
	if f.Total != a.Total {
		t.Fatalf("today's records %d, all %d", f.Total, a.Total)
	}
	h.want(h.call("GET", "/api/v1/admin/audit/list?to=2001-01-01", h.adminA, nil), 200).Into(t, &f)
	if f.Total != 0 {
		t.Fatalf("nothing before 2001: %+v", f)
	}
	h.want(h.call("GET", "/api/v1/admin/audit/list?actorId=nope", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/audit/list?from=2026-13-01", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/audit/list?from=2026-11-02&to=2026-11-01", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/audit/list?limit=101", h.adminA, nil), 422)
	// Access: a buyer's token is 403, none is 401; an admin cannot reach the super admin's list.
	h.want(h.call("GET", "/api/v1/admin/audit/list", h.buyer, nil), 403)
	h.want(h.call("GET", "/api/v1/admin/audit/list", "", nil), 401)
	h.want(h.call("GET", "/api/v1/superadmin/audit/list", h.adminA, nil), 403)

	// The super admin: every company, or one.
	var all, onlyB auditList
	h.want(h.call("GET", "/api/v1/superadmin/audit/list?limit=100", h.super, nil), 200).Into(t, &all)
	seen := map[string]bool{}
	for _, r := range all.Records {
		if r.CompanyID != nil {
			seen[*r.CompanyID] = true
		}
	}
	if !seen[h.cidA] || !seen[h.cidB] {
		t.Fatalf("the super admin must see both companies: %v", seen)
	}
	h.want(h.call("GET", "/api/v1/superadmin/audit/list?companyId="+h.cidB, h.super, nil), 200).Into(t, &onlyB)
	for _, r := range onlyB.Records {
		if *r.CompanyID != h.cidB {
			t.Fatalf("companyId filter: %+v", r)
		}
	}
	if onlyB.Total == 0 {
		t.Fatal("company B has records")
	}
	h.want(h.call("GET", "/api/v1/superadmin/audit/list?companyId=x", h.super, nil), 422)
	// A super admin's own action names them.
	h.want(h.call("PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidB, "companyName": "Beta Two"}), 200)
	h.want(h.call("GET", "/api/v1/superadmin/audit/list?action=company.update", h.super, nil), 200).Into(t, &f)
	if f.Total != 1 || f.Records[0].Actor.Role != "SUPERADMIN" || f.Records[0].Actor.Email != seed.DemoSuperAdmin ||
		f.Records[0].Target.Name != "Beta Two" || f.Records[0].CompanyName == nil || *f.Records[0].CompanyName != "Beta Two" {
		t.Fatalf("super admin's record: %+v", f.Records)
	}
	var acts struct{ Actions []string }
	h.want(h.call("GET", "/api/v1/admin/audit/actions", h.adminA, nil), 200).Into(t, &acts)
	if len(acts.Actions) < 10 {
		t.Fatalf("actions: %v", acts.Actions)
	}
	h.want(h.call("GET", "/api/v1/superadmin/audit/actions", h.super, nil), 200)
}

// TestAdminAnswersAreNotStored: admin and super admin answers of signed-in calls say no-store.
func TestAdminAnswersAreNotStored(t *testing.T) {
	h := setup(t)
	for tok, path := range map[string]string{h.adminA: "/api/v1/admin/auth/profile/get", h.super: "/api/v1/superadmin/dashboard/get"} {
		req, _ := http.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", tok)
		resp, err := h.app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s: %d Cache-Control %q", path, resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
	}
}

// TestAdminOneLineFieldsRefuseControlCharacters: company, token, beneficiary and user names with
// CR/LF are a 422 naming the field.
func TestAdminOneLineFieldsRefuseControlCharacters(t *testing.T) {
	h := setup(t)
	cases := []struct {
		method, path, tok string
		body              map[string]any
		msg               string
	}{
		{"PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidB, "companyName": "Beta\r\nBcc: x@evil.test"}, "Company name must not contain control characters."},
		{"PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidB, "companyAddress": "1 Beta St\nFloor 2"}, "Company address must not contain control characters."},
		{"PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"name": "Coin\r\nX"}, "Token name must not contain control characters."},
		{"POST", "/api/v1/admin/auth/add", h.adminA, map[string]any{"name": "Eve\x00l", "email": "eve@a.test", "mobile": "9876501299", "password": "EvePass#12", "role": "USER"}, ""},
		{"POST", "/api/v1/admin/auth/add", h.adminA, map[string]any{"name": "Eve\nAdmin", "email": "eve@a.test", "mobile": "9876501299", "password": "EvePass#12", "role": "USER"}, "Name must not contain control characters."},
		{"PUT", "/api/v1/admin/beneficiary/update", h.adminA, map[string]any{"holderName": "Demo\u0085Co", "bankName": "SBI", "branch": "MG Road",
			"accountNumber": "1234567890", "ifscCode": "SBIN0001234", "upi": "demo@sbi"}, "Holder name must not contain control characters."},
		// Every one-line text of the token settings goes through fields.OneLine too.
		{"PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"rounds": []any{map[string]any{"position": 1, "name": "Seed\r\nround",
			"price": 11, "allocation": 1000}}}, "Round 1: name must not contain control characters."},
		{"PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"branding": map[string]any{"title": "Demo", "footerNote": "Note\nBcc: x"}},
			"Footer note must not contain control characters."},
		{"PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"branding": map[string]any{"title": "Demo",
			"metaData": map[string]any{"description": "Buy\r\n<script>"}}}, "Meta description must not contain control characters."},
		{"PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"branding": map[string]any{"title": "Demo",
			"tokenDistribution": []any{"Private 10%", "Public\u2028cell"}}}, "Token distribution line 2 must not contain control characters."},
	}
	for _, c := range cases {
		r := h.call(c.method, c.path, c.tok, c.body)
		if c.msg == "" { // NUL is refused at the edge (400)
			h.want(r, 400)
			continue
		}
		h.want(r, 422)
		if !strings.Contains(strings.Join(msgs(r), "|"), c.msg) {
			t.Fatalf("%s %v: %v", c.path, c.body, r.Message)
		}
	}
	if n := h.num("SELECT count(*) FROM companies WHERE name LIKE '%' || chr(10) || '%' OR address LIKE '%' || chr(10) || '%'"); n != 0 {
		t.Fatal("a refused value was stored")
	}
	if n := h.num("SELECT count(*) FROM token_rounds WHERE name LIKE '%' || chr(10) || '%'"); n != 0 {
		t.Fatal("a round name with a line break was stored")
	}
}

func msgs(r reply) []string {
	switch m := r.Message.(type) {
	case string:
		return []string{m}
	case []any:
		var out []string
		for _, x := range m {
			out = append(out, x.(string))
		}
		return out
	}
	return nil
}

// TestAdminLoginSameAnswerForUnknownEmail: an unknown email and a wrong password answer alike.
func TestAdminLoginSameAnswerForUnknownEmail(t *testing.T) {
	h := setup(t)
	a := h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": seed.DemoAdminEmail, "password": "Wrong-Pass-1"})
	b := h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "nobody@a.test", "password": "Wrong-Pass-1"})
	if a.Code != 401 || a.Code != b.Code || a.Msg() != b.Msg() || string(a.Data) != string(b.Data) {
		t.Fatalf("answers differ: %d %s / %d %s", a.Code, a.Msg(), b.Code, b.Msg())
	}
}
