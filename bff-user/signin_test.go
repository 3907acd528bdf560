package main

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/auth"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

// An admin with two-factor on signed in on the buyer site with the password alone, and its
// profile/update renamed the admin (the "who" of their past Activity). Admins now get the
// wrong-password answer there, in the same time, and their older buyer-site tokens are refused.
func TestAdminsDoNotSignInOnTheBuyerSite(t *testing.T) {
	h := setup(t)
	var admin user.User
	if err := h.d.DB.NewSelect().Model(&admin).Where("email = ?", seed.DemoAdminEmail).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	timed := func(email, pw string) (reply, time.Duration) {
		start := time.Now()
		r := h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": email, "password": pw})
		return r, time.Since(start)
	}
	var adminTook, wrongTook time.Duration
	for i := 0; i < 3; i++ {
		ra, da := timed(seed.DemoAdminEmail, seedPW)
		rw, dw := timed(seed.DemoBuyerEmail, "Wrong-pass-1")
		h.want(ra, 401)
		h.want(rw, 401)
		if ra.Msg() != rw.Msg() || ra.Msg() != "Invalid email or password." {
			t.Fatalf("an admin's right password must read as a wrong one: %q vs %q", ra.Msg(), rw.Msg())
		}
		if ra.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("the login answer must not be stored: %q", ra.Header.Get("Cache-Control"))
		}
		adminTook += da
		wrongTook += dw
	}
	// Both run one bcrypt comparison: the admin's is not answered early (a tenth of a wrong one's).
	if adminTook*10 < wrongTook {
		t.Fatalf("an admin's answer is faster than a wrong password's: %v vs %v", adminTook, wrongTook)
	}
	old, _ := h.d.Tokens.Issue(admin.ID, admin.CompanyID, admin.Role, auth.AudienceUser, admin.TokenVersion)
	h.want(h.call("PUT", "/api/v1/user/auth/profile/update", old, map[string]any{"name": "Renamed", "password": seedPW}), 401)
	var name string
	if err := h.d.DB.NewRaw("SELECT name FROM users WHERE id = ?", admin.ID).Scan(context.Background(), &name); err != nil {
		t.Fatal(err)
	}
	if name == "Renamed" {
		t.Fatal("the admin was renamed through the buyer site")
	}
	// A buyer's login answer carries no-store too.
	r, _ := timed(seed.DemoBuyerEmail, seedPW)
	h.want(r, 200)
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("a token answer must carry Cache-Control: no-store, got %q", r.Header.Get("Cache-Control"))
	}
}
