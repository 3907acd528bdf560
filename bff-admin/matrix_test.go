package main

import (
	"testing"
)

type route struct {
	method, path string
	body         any
}

// TestRouteCallerMatrix pins who may call what: anonymous and bad tokens 401, a valid token of
// another app 403, another company's records 404, the right caller 200.
func TestRouteCallerMatrix(t *testing.T) {
	h := setup(t)
	buyerA2 := h.newBuyer(h.cidA, "Matrix Buyer", "matrix@a.test", nil)
	p1 := h.pending(h.cidA, buyerA2, 10, "UPI", "UTR-M-1", nil)
	p2 := h.pending(h.cidA, buyerA2, 10, "UPI", "UTR-M-2", nil)

	admin := []route{
		{"GET", "/api/v1/admin/auth/profile/get", nil},
		{"GET", "/api/v1/admin/auth/list", nil},
		{"POST", "/api/v1/admin/auth/add", map[string]any{"name": "N", "mobile": "+917100000001", "email": "n@x.test", "role": "USER", "password": "Passw0rd!"}},
		{"PUT", "/api/v1/admin/auth/update", map[string]any{"id": buyerA2, "name": "Renamed"}},
		{"DELETE", "/api/v1/admin/auth/delete", map[string]any{"id": buyerA2}},
		{"GET", "/api/v1/admin/transaction/list?status=PENDING", nil},
		{"POST", "/api/v1/admin/transaction/approve", map[string]any{"id": p1}},
		{"POST", "/api/v1/admin/transaction/reject", map[string]any{"id": p2}},
		{"GET", "/api/v1/admin/dashboard/get", nil},
		{"GET", "/api/v1/admin/beneficiary/get", nil},
		{"PUT", "/api/v1/admin/beneficiary/update", map[string]any{"holderName": "H", "bankName": "B", "branch": "Br",
			"accountNumber": "1234567890", "confirmAccountNumber": "1234567890", "ifscCode": "sbin0000001", "upi": "holder@okaxis",
			"currentPassword": seedPW}},
		{"GET", "/api/v1/admin/token/get", nil},
		{"PUT", "/api/v1/admin/token/update", map[string]any{"price": 11}},
	}
	super := []route{
		{"GET", "/api/v1/superadmin/dashboard/get", nil},
		{"GET", "/api/v1/superadmin/company/list", nil},
		{"POST", "/api/v1/superadmin/company/add", map[string]any{}},
		{"GET", "/api/v1/superadmin/transaction/list", nil},
		{"GET", "/api/v1/superadmin/beneficiary/list", nil},
	}
	forged := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.bad"
	for _, r := range append(append([]route{}, admin...), super...) {
		h.want(h.call(r.method, r.path, "", r.body), 401)
		h.want(h.call(r.method, r.path, forged, r.body), 401)
		h.want(h.call(r.method, r.path, h.buyer, r.body), 403)
	}
	for _, r := range admin {
		h.want(h.call(r.method, r.path, h.super, r.body), 403)
	}
	for _, r := range super {
		h.want(h.call(r.method, r.path, h.adminA, r.body), 403)
		h.want(h.call(r.method, r.path, "raw:"+h.adminB, r.body), 403)
	}

	// Admin B against company A's records: 404, and nothing changed.
	for _, r := range admin[3:5] {
		h.want(h.call(r.method, r.path, h.adminB, r.body), 404)
	}
	for _, r := range admin[6:8] {
		h.want(h.call(r.method, r.path, h.adminB, r.body), 404)
	}
	if n := h.num("SELECT count(*) FROM purchases WHERE status = 'PENDING' AND company_id = ?", h.cidA); n != 2 {
		t.Fatalf("admin B changed company A's purchases: %d pending", n)
	}
	// Admin B's lists do not show company A's data.
	var list struct{ Total int }
	h.want(h.call("GET", "/api/v1/admin/transaction/list?status=PENDING", h.adminB, nil), 200).Into(t, &list)
	if list.Total != 0 {
		t.Fatalf("admin B sees %d of A's purchases", list.Total)
	}

	// The right callers: admin A (raw token form too) and the super admin.
	for _, r := range admin {
		if r.path == "/api/v1/admin/auth/add" || r.path == "/api/v1/admin/auth/update" || r.path == "/api/v1/admin/auth/delete" ||
			r.path == "/api/v1/admin/transaction/approve" || r.path == "/api/v1/admin/transaction/reject" {
			h.want(h.call(r.method, r.path, h.adminA, r.body), 200)
			continue
		}
		h.want(h.call(r.method, r.path, "raw:"+h.adminA, r.body), 200)
	}
	for _, r := range super {
		if r.path == "/api/v1/superadmin/company/add" {
			h.want(h.call(r.method, r.path, h.super, r.body), 422)
			continue
		}
		h.want(h.call(r.method, r.path, h.super, r.body), 200)
	}
	// Public calls need no token.
	h.want(h.call("GET", "/api/v1/company/site/get", "", nil), 200)
	// Unknown API paths are JSON 404s.
	h.want(h.call("GET", "/api/v1/admin/nope", h.adminA, nil), 404)
}

// TestDemotedAdminTokenIsRefused: an admin token stops working once the account is no longer
// an admin (role change bumps the token version).
func TestDemotedAdminTokenIsRefused(t *testing.T) {
	h := setup(t)
	r := h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminA, map[string]any{"name": "Second Admin", "mobile": "+917100000002",
		"email": "second@a.test", "role": "ADMIN", "password": "Second#123"}), 200)
	var created struct{ ID string }
	r.Into(t, &created)
	second := h.adminLogin("second@a.test", "Second#123")
	h.want(h.call("GET", "/api/v1/admin/auth/list", second, nil), 200)
	h.want(h.call("PUT", "/api/v1/admin/auth/update", h.adminA, map[string]any{"id": created.ID, "role": "USER"}), 200)
	h.want(h.call("GET", "/api/v1/admin/auth/list", second, nil), 401)
	h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "second@a.test", "password": "Second#123"}), 401)
}
