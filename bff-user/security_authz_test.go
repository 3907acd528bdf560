package main

import (
	"context"
	"testing"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
)

type secRoute struct {
	method, path string
	body         any
	ok           int // the status a buyer of this site gets with this body
}

// TestSecurityAuthorizationMatrix: every signed-in buyer route × every caller kind → the exact
// status, and buyer B never sees buyer A's data.
func TestSecurityAuthorizationMatrix(t *testing.T) {
	s := secSetup(t)
	ctx := context.Background()
	// Buyer A (the demo buyer) has an approved purchase with a receipt and a pending one.
	tokA := s.buyerToken()
	uA := s.userByEmail(seed.DemoBuyerEmail)
	rcpt := s.receipt(tokA)
	oA := s.order(tokA, 100)
	s.want(s.call("POST", "/api/v1/user/package/purchase", tokA, map[string]any{"purchaseId": oA.ID, "paymentMethod": "UPI",
		"referenceNumber": "SBINR52026112700000001", "receiptId": rcpt}), 200)
	if _, err := s.d.Build().Purchases.Approve(ctx, audit.Actor{Kind: "system"}, s.companyID, oA.ID); err != nil {
		t.Fatal(err)
	}
	oA2 := s.order(tokA, 50)

	tokB, uB := s.newBuyer("buyer-b@x.test")
	adminA := s.userByEmail(seed.DemoAdminEmail)
	otherBuyer := s.otherCompany()
	otherAdmin := s.userByEmail("admin@beta.test")
	var saID string
	if err := s.d.DB.NewRaw("SELECT id FROM super_admins LIMIT 1").Scan(ctx, &saID); err != nil {
		t.Fatal(err)
	}
	superTok, _ := s.d.Tokens.Issue(saID, "", auth.RoleSuperAdmin, auth.AudienceSuperAdmin, 0)

	// Revoked: a token of a buyer who then changed their password; deleted: a buyer then deleted.
	tokRev, uRev := s.newBuyer("revoked@x.test")
	s.want(s.call("POST", "/api/v1/user/auth/password/otp", tokRev, nil), 200)
	s.want(s.call("PUT", "/api/v1/user/auth/password/update", tokRev, map[string]any{"otp": s.lastCode(uRev.Email),
		"password": "Passw0rd!", "newPassword": "Changed-Pass1"}), 200)
	tokDel, uDel := s.newBuyer("deleted@x.test")
	s.exec("UPDATE users SET deleted_at = now() WHERE id = ?", uDel.ID)

	routes := []secRoute{
		{"POST", "/api/v1/user/auth/password/otp", nil, 200},
		{"PUT", "/api/v1/user/auth/password/update", map[string]any{}, 422},
		{"GET", "/api/v1/user/auth/profile/get", nil, 200},
		{"PUT", "/api/v1/user/auth/profile/update", map[string]any{}, 422},
		{"GET", "/api/v1/user/package/price/get", nil, 200},
		{"GET", "/api/v1/user/package/beneficiary/get", nil, 200},
		{"POST", "/api/v1/user/package/order", map[string]any{"amount": "-1"}, 422},
		{"GET", "/api/v1/user/package/order/get?id=" + oA2.ID, nil, 0}, // A: 200, B: 404
		{"POST", "/api/v1/user/package/purchase", map[string]any{}, 422},
		{"GET", "/api/v1/user/transaction/list", nil, 200},
		{"GET", "/api/v1/user/stock/global/list", nil, 200},
		{"GET", "/api/v1/user/stock/my/list", nil, 200},
		{"POST", "/api/v1/superadmin/media/add", map[string]any{"medias": "x"}, 415},
	}
	refused := map[string]string{
		"admin of company A":     s.issue(adminA, auth.AudienceAdmin),
		"admin of company B":     s.issue(otherAdmin, auth.AudienceAdmin),
		"super admin":            superTok,
		"revoked (pw change)":    tokRev,
		"deleted user":           tokDel,
		"buyer token, no Bearer": "Bearer ",
	}
	for k, v := range s.forged(uA) {
		refused[k] = v
	}
	for _, r := range routes {
		s.want(s.call(r.method, r.path, "", r.body), 401)
		for who, tok := range refused {
			if got := s.call(r.method, r.path, tok, r.body); got.Code != 401 {
				t.Errorf("%s %s as %s: %d %s, want 401", r.method, r.path, who, got.Code, got.Msg())
			}
		}
		// A buyer of another company (valid token for the user audience): 403 on this site.
		if got := s.call(r.method, r.path, s.issue(otherBuyer, auth.AudienceUser), r.body); got.Code != 403 {
			t.Errorf("%s %s as buyer of company B: %d, want 403", r.method, r.path, got.Code)
		}
		wantA, wantB := r.ok, r.ok
		if r.ok == 0 {
			wantA, wantB = 200, 404
		}
		for who, c := range map[string]struct {
			tok  string
			want int
		}{"buyer A": {tokA, wantA}, "buyer B": {tokB, wantB}} {
			got := s.call(r.method, r.path, c.tok, r.body)
			if got.Code != c.want {
				t.Errorf("%s %s as %s: %d %s, want %d", r.method, r.path, who, got.Code, got.Msg(), c.want)
			}
			if who == "buyer B" {
				testkit.NoLeak(t, r.path, string(got.Data)+got.Msg(), uA.ID, uA.Email, uA.ReferralCode, oA.ID, oA.OrderNumber,
					oA2.ID, oA2.OrderNumber, "SBINR52026112700000001", rcpt)
			}
		}
	}
	// Raw token without "Bearer" works; a buyer's token is refused once they are blocked.
	s.want(s.form("GET", "/api/v1/user/auth/profile/get", tokB, nil), 200)
	s.exec("UPDATE users SET status = 'BLOCKED' WHERE id = ?", uB.ID)
	s.want(s.call("GET", "/api/v1/user/auth/profile/get", tokB, nil), 401)

	// B cannot reach A's order, submit it, or attach A's receipt to their own order.
	tokC, _ := s.newBuyer("buyer-c@x.test")
	s.want(s.call("POST", "/api/v1/user/package/purchase", tokC, map[string]any{"purchaseId": oA2.ID, "paymentMethod": "MANUAL"}), 404)
	oC := s.order(tokC, 100)
	r := s.call("POST", "/api/v1/user/package/purchase", tokC, map[string]any{"purchaseId": oC.ID, "paymentMethod": "UPI",
		"referenceNumber": "412345670001", "receiptId": rcpt})
	s.want(r, 422)
	r = s.call("PUT", "/api/v1/user/auth/profile/update", tokC, map[string]any{"password": "Passw0rd!", "profileImageId": rcpt})
	s.want(r, 422)
	// A signed receipt link of A only works with its signature; the bare id is refused.
	s.want(s.call("GET", "/api/v1/media/file/"+rcpt, "", nil), 403)
	s.want(s.call("GET", "/api/v1/media/file/"+rcpt+"?exp=99999999999&sig=00", "", nil), 403)
	testkit_CheckSupply(t, s)
}
