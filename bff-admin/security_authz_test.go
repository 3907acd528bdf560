package main

import (
	"testing"

	"prelaunch/core/auth"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

type secRoute struct {
	method, path string
	body         any
	ok           int // what the rightful caller gets with this body
}

// TestSecurityAdminAuthorizationMatrix: every admin and super admin route × every caller kind
// → the exact status, and admin B never sees company A's data.
func TestSecurityAdminAuthorizationMatrix(t *testing.T) {
	s := secSetup(t)
	buyerA := s.newBuyer(s.cidA, "Secret Buyer A", "secret-a@a.test", nil)
	pA := s.pending(s.cidA, buyerA, 10, "UPI", "UTR-SECRET-A", nil)
	var uA user.User
	s.scan(&uA, "secret-a@a.test")

	admin := []secRoute{
		{"GET", "/api/v1/admin/auth/profile/get", nil, 200},
		{"GET", "/api/v1/admin/auth/list", nil, 200},
		{"POST", "/api/v1/admin/auth/add", map[string]any{}, 422},
		{"PUT", "/api/v1/admin/auth/update", map[string]any{"id": buyerA, "name": "Renamed"}, 0},
		{"DELETE", "/api/v1/admin/auth/delete", map[string]any{"id": "00000000-0000-0000-0000-000000000000"}, 404},
		{"GET", "/api/v1/admin/transaction/list", nil, 200},
		{"POST", "/api/v1/admin/transaction/approve", map[string]any{"id": "00000000-0000-0000-0000-000000000000"}, 404},
		{"POST", "/api/v1/admin/transaction/reject", map[string]any{"id": pA}, 0},
		{"GET", "/api/v1/admin/dashboard/get", nil, 200},
		{"GET", "/api/v1/admin/beneficiary/get", nil, 200},
		{"PUT", "/api/v1/admin/beneficiary/update", map[string]any{}, 422},
		{"POST", "/api/v1/superadmin/media/add", map[string]any{}, 415},
		{"POST", "/api/v1/admin/reconcile/import", map[string]any{}, 415},
		{"GET", "/api/v1/admin/reconcile/list", nil, 200},
		{"GET", "/api/v1/admin/reconcile/get?id=00000000-0000-0000-0000-000000000000", nil, 404},
		{"POST", "/api/v1/admin/reconcile/approve", map[string]any{"id": "00000000-0000-0000-0000-000000000000"}, 404},
	}
	super := []secRoute{
		{"GET", "/api/v1/superadmin/dashboard/get", nil, 200},
		{"GET", "/api/v1/superadmin/company/list", nil, 200},
		{"POST", "/api/v1/superadmin/company/add", map[string]any{}, 422},
		{"GET", "/api/v1/superadmin/transaction/list", nil, 200},
		{"GET", "/api/v1/superadmin/beneficiary/list", nil, 200},
	}
	// Revoked and deleted admins of company A.
	s.want(s.call("POST", "/api/v1/admin/auth/add", s.adminA, map[string]any{"name": "Rev", "mobile": "9876543210",
		"email": "rev@a.test", "role": "ADMIN", "password": "RevPass#12"}), 200)
	revTok := s.adminLogin("rev@a.test", "RevPass#12")
	s.exec("UPDATE users SET token_version = token_version + 1 WHERE email = 'rev@a.test'") // what a password change does
	s.want(s.call("POST", "/api/v1/admin/auth/add", s.adminA, map[string]any{"name": "Del", "mobile": "9876543210",
		"email": "del@a.test", "role": "ADMIN", "password": "DelPass#12"}), 200)
	delTok := s.adminLogin("del@a.test", "DelPass#12")
	s.exec("UPDATE users SET deleted_at = now() WHERE email = 'del@a.test'")

	unauth := map[string]string{"anonymous": "", "garbage": "garbage", "revoked admin": revTok, "deleted admin": delTok,
		"Bearer only": "raw:Bearer "}
	for k, v := range s.forged(s.adminAID, s.cidA, "ADMIN", auth.AudienceAdmin) {
		unauth[k] = v
	}
	for k, v := range s.forged(s.saID, "", auth.RoleSuperAdmin, auth.AudienceSuperAdmin) {
		unauth[k] = v
	}
	check := func(r secRoute, who, tok string, want int) reply {
		t.Helper()
		got := s.call(r.method, r.path, tok, r.body)
		if got.Code != want {
			t.Errorf("%s %s as %s: %d %s, want %d", r.method, r.path, who, got.Code, got.Msg(), want)
		}
		return got
	}
	for _, r := range append(append([]secRoute{}, admin...), super...) {
		for who, tok := range unauth {
			check(r, who, tok, 401)
		}
		if r.path != "/api/v1/superadmin/media/add" {
			check(r, "buyer", s.buyer, 403)
		}
	}
	for _, r := range admin {
		if r.path == "/api/v1/superadmin/media/add" {
			continue // uploads are for admins and the super admin alike
		}
		check(r, "super admin", s.super, 403)
		wantB := r.ok
		if r.ok == 0 {
			wantB = 404
		}
		got := check(r, "admin B", s.adminB, wantB)
		testkit.NoLeak(t, r.path+" (admin B)", string(got.Data)+got.Msg(), s.cidA, buyerA, pA, uA.Email, uA.Name, uA.ReferralCode,
			"UTR-SECRET-A", seed.DemoBuyerEmail, seed.DemoAdminEmail, "Demo Company")
	}
	for _, r := range super {
		check(r, "admin A", s.adminA, 403)
		check(r, "admin B", s.adminB, 403)
		check(r, "super admin", s.super, r.ok)
	}
	// The rightful admin last (reject moves the purchase; update renames).
	for _, r := range admin {
		want := r.ok
		if want == 0 {
			want = 200
		}
		check(r, "admin A", "raw:"+s.adminA, want)
	}
	// The super admin's token signs nobody in as an admin of a company, and a super admin of a
	// deleted row is refused.
	s.exec("DELETE FROM super_admins")
	check(super[0], "deleted super admin", s.super, 401)
	testkit.CheckSupply(t, s.d.DB)
	testkit.NoToken(t, "the server log", s.logs.String())
}
