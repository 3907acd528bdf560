package main

import (
	"strings"
	"testing"

	"prelaunch/core/seed"
)

// addAdmin adds an admin of company A (through the owner) and signs them in.
func (h *harness) addAdmin(name, email, pw string) (id, token string) {
	h.t.Helper()
	var out struct{ ID string }
	h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminA, map[string]any{"name": name, "email": email,
		"mobile": "9876501234", "password": pw, "role": "ADMIN"}), 200).Into(h.t, &out)
	return out.ID, h.adminLogin(email, pw)
}

func (h *harness) mailedSubject(to, part string) bool {
	for _, m := range h.mails(to) {
		if strings.Contains(m.Subject, part) {
			return true
		}
	}
	return false
}

// Account takeover by email change: an admin set a peer admin's email to their own, reset the
// password through the buyer site and signed in as the peer; old sessions stayed valid. Now another
// admin's email is the owner's alone to change, every email change needs the acting admin's
// password (and code), the old address is told, and every session of the account ends.
func TestEmailChangeNeedsThePasswordAndTheOwner(t *testing.T) {
	h := setup(t)
	peerID, peerTok := h.addAdmin("Peer Admin", "peer@demo.test", "PeerPass#12")
	_, malTok := h.addAdmin("Mallory", "mallory@demo.test", "MalPass#123")
	upd := func(tok string, body map[string]any, code int) reply {
		t.Helper()
		return h.want(h.call("PUT", "/api/v1/admin/auth/update", tok, body), code)
	}
	// A non-owner admin cannot take a peer admin's address, with their password or without.
	for _, body := range []map[string]any{
		{"id": peerID, "email": "mallory+peer@demo.test"},
		{"id": peerID, "email": "mallory+peer@demo.test", "currentPassword": "MalPass#123"},
	} {
		if r := upd(malTok, body, 403); r.Msg() != "Only the company's owner can change another admin's email." {
			t.Fatal(r.Msg())
		}
	}
	// Nor delete or demote the owner.
	if r := h.want(h.call("DELETE", "/api/v1/admin/auth/delete", malTok, map[string]any{"id": h.adminAID}), 403); r.Msg() != "The company's owner cannot be deleted or demoted." {
		t.Fatal(r.Msg())
	}
	upd(malTok, map[string]any{"id": h.adminAID, "role": "USER"}, 403)

	// A buyer's email: the acting admin's password is asked and checked.
	buyerTok := h.buyer
	if r := upd(malTok, map[string]any{"id": h.buyerID, "email": "buyer2@demo.test"}, 422); r.Msg() != "Please enter your current password." {
		t.Fatal(r.Msg())
	}
	if r := upd(malTok, map[string]any{"id": h.buyerID, "email": "buyer2@demo.test", "currentPassword": "Wrong-pass-1"}, 422); r.Msg() != "Current password is incorrect." {
		t.Fatal(r.Msg())
	}
	// Sending the email unchanged (an edit form sends every field) asks for nothing.
	upd(malTok, map[string]any{"id": h.buyerID, "email": seed.DemoBuyerEmail, "name": "Demo Buyer"}, 200)
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", malTok, nil), 200)
	upd(malTok, map[string]any{"id": h.buyerID, "email": "buyer2@demo.test", "currentPassword": "MalPass#123"}, 200)
	if !h.mailedSubject(seed.DemoBuyerEmail, "was changed") {
		t.Fatal("the old address must be told of the change")
	}
	// Every session of the buyer ended (their token of the buyer site).
	if h.num("SELECT token_version FROM users WHERE id = ?", h.buyerID) == 0 {
		t.Fatal("the email change must end the account's sessions")
	}
	_ = buyerTok

	// The owner changes the peer admin's email: audited, the peer signed out, the old address told.
	upd(h.adminA, map[string]any{"id": peerID, "email": "peer.new@demo.test", "currentPassword": seedPW}, 200)
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", peerTok, nil), 401)
	if !h.mailedSubject("peer@demo.test", "was changed") {
		t.Fatal("the peer's old address must be told")
	}
	if n := h.num(`SELECT count(*) FROM audit_log WHERE action = 'user.update' AND target_id = ? AND after->>'email' = 'peer.new@demo.test'
		AND before->>'email' = 'peer@demo.test'`, peerID); n != 1 {
		t.Fatal("the change must be audited with both addresses")
	}

	// With two-factor on, the owner's code is asked too.
	secret, _, ownerTok := h.enrol(h.adminA, seedPW)
	if r := upd(ownerTok, map[string]any{"id": peerID, "email": "peer.third@demo.test", "currentPassword": seedPW}, 422); r.Msg() != "Please enter the code from your authenticator app." {
		t.Fatal(r.Msg())
	}
	if r := upd(ownerTok, map[string]any{"id": peerID, "email": "peer.third@demo.test", "currentPassword": seedPW, "code": "000000"}, 422); r.Msg() != "The code is not valid. Please try again." {
		t.Fatal(r.Msg())
	}
	upd(ownerTok, map[string]any{"id": peerID, "email": "peer.third@demo.test", "currentPassword": seedPW, "code": h.totp(secret, 1)}, 200)
}

// Two-factor codes could be guessed for ever (rate-limited, never locked). Ten wrong codes in a
// row lock the account and email it; the company's owner (or the super admin) resets it, audited.
func TestTenWrongCodesLockTwoFactor(t *testing.T) {
	h := setup(t)
	peerID, peerTok := h.addAdmin("Peer Admin", "peer@demo.test", "PeerPass#12")
	_, malTok := h.addAdmin("Mallory", "mallory@demo.test", "MalPass#123")
	secret, _, _ := h.enrol(peerTok, "PeerPass#12")
	wrong := 0
	for wrong < 10 {
		h.forgetCodeChecks(peerID) // the lock, not the rate limit, is what this counts
		ch := h.loginChallenge("peer@demo.test", "PeerPass#12")
		for i := 0; i < 5 && wrong < 10; i++ {
			h.secondStep(ch, "000000", 401)
			wrong++
		}
	}
	if !h.mailedSubject("peer@demo.test", "two-factor sign-in is locked") {
		t.Fatal("the 10th wrong code must email the admin")
	}
	h.forgetCodeChecks(peerID)
	ch := h.loginChallenge("peer@demo.test", "PeerPass#12")
	r := h.want(h.call("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": ch, "code": h.totp(secret, 1)}), 403)
	if r.Msg() != "Two-factor sign-in is locked after too many wrong codes. Ask your company's owner to reset it." {
		t.Fatalf("a locked account takes no code: %s", r.Msg())
	}
	// The owner sees it locked in the user list.
	var list struct {
		Records []struct {
			ID              string
			TwoFactorLocked bool
		}
	}
	h.want(h.call("GET", "/api/v1/admin/auth/list?search=peer&role=ADMIN", h.adminA, nil), 200).Into(t, &list)
	if len(list.Records) != 1 || !list.Records[0].TwoFactorLocked {
		t.Fatalf("the list must show the lock: %+v", list.Records)
	}
	// Another admin may not reset it; the owner may, once.
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/reset", malTok, map[string]any{"id": peerID}), 403)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/reset", h.adminA, map[string]any{"id": peerID}), 200)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/reset", h.adminA, map[string]any{"id": peerID}), 409)
	if n := h.num("SELECT count(*) FROM audit_log WHERE action = 'admin.2fa.reset' AND target_id = ? AND actor_id = ?", peerID, h.adminAID); n != 1 {
		t.Fatal("the reset must be audited")
	}
	h.forgetCodeChecks(peerID)
	ch = h.loginChallenge("peer@demo.test", "PeerPass#12")
	h.secondStep(ch, h.totp(secret, 1), 200)

	// The super admin resets any company's admin.
	h.exec("UPDATE admin_two_factor SET locked_at = now(), failed_codes = 10 WHERE user_id = ?", peerID)
	h.want(h.call("POST", "/api/v1/superadmin/auth/2fa/reset", h.super, map[string]any{"id": peerID}), 200)
	h.want(h.call("POST", "/api/v1/superadmin/auth/2fa/reset", h.adminA, map[string]any{"id": peerID}), 403)
	if n := h.num("SELECT count(*) FROM admin_two_factor WHERE user_id = ? AND locked_at IS NULL AND failed_codes = 0", peerID); n != 1 {
		t.Fatal("the super admin's reset must unlock")
	}
}
