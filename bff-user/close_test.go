package main

import (
	"context"
	"strings"
	"testing"

	"prelaunch/core/audit"
	"prelaunch/core/user"
)

func (h *harness) closeAccount(tok, password string) reply {
	h.t.Helper()
	return h.call("POST", "/api/v1/user/auth/account/close", tok, map[string]any{"password": password})
}

// A buyer closes their own account from Profile: the current password proves it is them; an
// order still under way (waiting for payment, or a payment waiting for review) refuses it with
// 409; once closed the account is anonymised as the admin's Delete does it, the session ends,
// the records stay, and the old email and password no longer sign in.
func TestBuyerClosesTheirOwnAccount(t *testing.T) {
	h := setup(t)
	ctx := context.Background()
	tok, u := h.newBuyer("closing@x.test")

	h.want(h.call("POST", "/api/v1/user/auth/account/close", "", map[string]any{"password": "Passw0rd!"}), 401)
	r := h.closeAccount(tok, "")
	h.want(r, 422)
	if r.FieldMsg("password") != "Please enter your current password." {
		t.Fatalf("no password: %+v", r.Errors)
	}
	r = h.closeAccount(tok, "Wrong-Pass-1")
	h.want(r, 422)
	if r.FieldMsg("password") != "Current password is incorrect." {
		t.Fatalf("wrong password: %+v", r.Errors)
	}

	// An order waiting for payment: 409, nothing changed.
	o := h.order(tok, 100)
	r = h.closeAccount(tok, "Passw0rd!")
	h.want(r, 409)
	if !strings.Contains(r.Msg(), "You have an order that is not finished") {
		t.Fatalf("open order: %q", r.Msg())
	}
	if p := h.profileOf(tok); p.Name != u.Name {
		t.Fatalf("closed with an open order: %+v", p)
	}
	// Its payment sent: waiting for review, still 409.
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI",
		"referenceNumber": "412345679901", "receiptId": h.receipt(tok)}), 200)
	h.want(h.closeAccount(tok, "Passw0rd!"), 409)
	// Approved: nothing is under way any more.
	if _, err := h.d.Build().Purchases.Approve(ctx, audit.Actor{Kind: "system"}, h.companyID, o.ID); err != nil {
		t.Fatal(err)
	}
	// An order whose payment window is over is no longer under way either.
	late := h.order(tok, 100)
	h.exec("UPDATE purchases SET expires_at = now() - interval '1 minute' WHERE id = ?", late.ID)

	r = h.closeAccount(tok, "Passw0rd!")
	h.want(r, 200)
	if r.Msg() != "Your account is closed." {
		t.Fatalf("message %q", r.Msg())
	}
	// The session ended with it.
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", tok, nil), 401)
	h.want(h.closeAccount(tok, "Passw0rd!"), 401)
	// The old email and password sign in no more (the email is no longer the account's).
	l := h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": "closing@x.test", "password": "Passw0rd!"})
	h.want(l, 401)
	if l.Msg() != "Invalid email or password." {
		t.Fatalf("login after close: %q", l.Msg())
	}
	// Anonymised as the admin's Delete does it; the purchase is kept; audited as the buyer's own act.
	var c user.User
	if err := h.d.DB.NewSelect().Model(&c).Where("id = ?", u.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if c.Name != user.ClosedName || c.Email != user.ClosedEmail(u.ID) || c.Mobile != "" || c.DeletedAt == nil || c.PasswordHash != "!" {
		t.Fatalf("closed row: %+v", c)
	}
	var kept, audited int
	_ = h.d.DB.QueryRowContext(ctx, "SELECT count(*) FROM purchases WHERE user_id = ? AND status = 'APPROVED'", u.ID).Scan(&kept)
	_ = h.d.DB.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE action = 'user.close' AND target_id = ?
		AND actor_id = ? AND actor_kind = 'user' AND before->>'email' = 'closing@x.test'`, u.ID, u.ID).Scan(&audited)
	if kept != 1 || audited != 1 {
		t.Fatalf("kept %d purchases, %d audit rows", kept, audited)
	}
	// The email is free for a new account.
	h.newBuyer("closing@x.test")
}

// Wrong passwords count against the account's password-attempt limit, like every other check
// of a signed-in buyer's current password.
func TestAccountCloseWrongPasswordsAreLimited(t *testing.T) {
	h := setup(t)
	tok, _ := h.newBuyer("close-limit@x.test")
	limited := false
	for i := 0; i < 30 && !limited; i++ {
		r := h.closeAccount(tok, "Wrong-Pass-1")
		switch r.Code {
		case 422:
		case 429:
			limited = true
		default:
			t.Fatalf("try %d: %d %s", i, r.Code, r.Msg())
		}
	}
	if !limited {
		t.Fatal("30 wrong passwords and no 429")
	}
	h.want(h.closeAccount(tok, "Passw0rd!"), 429)
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", tok, nil), 200)
}

// A buyer of company B, on company A's site, cannot close anything there: 403, and their
// account stays open.
func TestAccountCloseStaysInItsCompany(t *testing.T) {
	s := tenantSetup(t)
	r := s.on(s.app, hostA, "POST", "/api/v1/user/auth/account/close", s.tokB, map[string]any{"password": "Passw0rd!"})
	if r.Code != 403 {
		t.Fatalf("other host: %d %s", r.Code, r.Msg())
	}
	if r := s.on(s.app, hostB, "GET", "/api/v1/user/auth/profile/get", s.tokB, nil); r.Code != 200 {
		t.Fatalf("B's buyer after the refused call: %d", r.Code)
	}
	// B's buyer has an order open (tenantSetup): refused on their own site too.
	if r := s.on(s.app, hostB, "POST", "/api/v1/user/auth/account/close", s.tokB, map[string]any{"password": "Passw0rd!"}); r.Code != 409 {
		t.Fatalf("own host with an open order: %d %s", r.Code, r.Msg())
	}
	s.exec("UPDATE purchases SET expires_at = now() - interval '1 minute' WHERE id = ?", s.orderB)
	if r := s.on(s.app, hostB, "POST", "/api/v1/user/auth/account/close", s.tokB, map[string]any{"password": "Passw0rd!"}); r.Code != 200 {
		t.Fatalf("own host: %d %s", r.Code, r.Msg())
	}
	// A's buyer is untouched.
	if r := s.on(s.app, hostA, "GET", "/api/v1/user/auth/profile/get", s.tokA, nil); r.Code != 200 {
		t.Fatalf("A's buyer: %d", r.Code)
	}
}
