package main

import (
	"testing"

	"prelaunch/core/seed"
)

type loginAnswer struct {
	Token           string
	CompanyRequired bool
	Companies       []struct{ ID, Name string }
}

// One email, an admin in two companies with the same password, always signed in to the older
// company. The right password now lists both companies by name; the sign-in is asked again with
// companyId. A wrong password lists nothing (401), and companyId narrows to that company alone.
func TestOneEmailInTwoCompaniesAsksWhichCompany(t *testing.T) {
	h := setup(t)
	h.exec("UPDATE users SET email = ?, password_hash = (SELECT password_hash FROM users WHERE email = ? AND company_id = ?) WHERE company_id = ? AND role = 'ADMIN'",
		seed.DemoAdminEmail, seed.DemoAdminEmail, h.cidA, h.cidB)
	login := func(body map[string]any, code int) (reply, loginAnswer) {
		t.Helper()
		r := h.want(h.call("POST", "/api/v1/company/auth/login", "", body), code)
		var a loginAnswer
		if code == 200 {
			r.Into(t, &a)
		}
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("the sign-in answer must carry Cache-Control: no-store, got %q", r.Header.Get("Cache-Control"))
		}
		return r, a
	}
	r, a := login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW}, 200)
	if a.Token != "" || !a.CompanyRequired || len(a.Companies) != 2 || r.Msg() != "Choose the company to sign in to" {
		t.Fatalf("two companies, one password: %s %+v", r.Msg(), a)
	}
	if a.Companies[0].ID != h.cidA || a.Companies[1].ID != h.cidB || a.Companies[1].Name != "Beta Ltd" {
		t.Fatalf("companies (oldest first, by name): %+v", a.Companies)
	}
	// A wrong password lists nothing.
	if r, _ := login(map[string]any{"email": seed.DemoAdminEmail, "password": "Wrong-pass-1"}, 401); r.Msg() != "Invalid email or password." {
		t.Fatal(r.Msg())
	}
	// The chosen company signs in to it.
	_, b := login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW, "companyId": h.cidB}, 200)
	var prof struct{ Company struct{ ID string } }
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", b.Token, nil), 200).Into(t, &prof)
	if b.Token == "" || prof.Company.ID != h.cidB {
		t.Fatalf("companyId B must sign in to B: %+v %+v", b, prof)
	}
	_, a2 := login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW, "companyId": h.cidA}, 200)
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", a2.Token, nil), 200).Into(t, &prof)
	if prof.Company.ID != h.cidA {
		t.Fatalf("companyId A must sign in to A: %+v", prof)
	}
	// A company the email is no admin of, or no id at all: the wrong-password answer.
	login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW, "companyId": "00000000-0000-0000-0000-000000000000"}, 401)
	login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW, "companyId": "not-an-id"}, 401)
	// B suspended: the email signs in to A alone, without a choice.
	h.exec("UPDATE companies SET status = 'SUSPENDED' WHERE id = ?", h.cidB)
	_, only := login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW}, 200)
	if only.Token == "" || only.CompanyRequired {
		t.Fatalf("with B suspended the email signs in to A: %+v", only)
	}
	// Asking for B: suspended, with the right password and a wrong one alike.
	r1, _ := login(map[string]any{"email": seed.DemoAdminEmail, "password": seedPW, "companyId": h.cidB}, 403)
	r2, _ := login(map[string]any{"email": seed.DemoAdminEmail, "password": "Wrong-pass-1", "companyId": h.cidB}, 403)
	if r1.Msg() != r2.Msg() {
		t.Fatalf("suspended: %q vs %q", r1.Msg(), r2.Msg())
	}
}
