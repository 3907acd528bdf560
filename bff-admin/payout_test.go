package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"prelaunch/core/infra/tasks"
	"prelaunch/core/seed"
)

const payoutPath = "/api/v1/admin/beneficiary/update"

// payoutMails are the payout-change notices queued for to.
func (h *harness) payoutMails(to string) []tasks.EmailSendPayload {
	var out []tasks.EmailSendPayload
	for _, m := range h.mails(to) {
		if strings.Contains(m.Subject, "payout details") {
			out = append(out, m)
		}
	}
	return out
}

// payoutNow is company A's beneficiary as the admin reads it.
func (h *harness) payoutNow() map[string]any {
	h.t.Helper()
	var b map[string]any
	h.want(h.call("GET", "/api/v1/admin/beneficiary/get", h.adminA, nil), 200).Into(h.t, &b)
	return b
}

func with(base map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// The bank account and UPI id every buyer pays into changed in one click, with no password, no
// second entry of the account number and no word to anyone. Now a change needs the admin's
// password (and two-factor code), the account number twice, and it is audited (masked) and
// emailed to every admin of the company — of that company only.
func TestPayoutChangeNeedsPasswordAndTellsEveryAdmin(t *testing.T) {
	h := setup(t)
	ctx := context.Background()
	_, _ = h.addAdmin("Peer Admin", "peer@demo.test", "PeerPass#12")
	seeded := h.payoutNow()
	oldAccount := seeded["accountNumber"].(string)
	admins := []string{seed.DemoAdminEmail, "peer@demo.test"}

	// The details in place, sent again: nothing changes, no password asked, nobody told.
	r := h.want(h.call("PUT", payoutPath, h.adminA, seeded), 200)
	var res struct{ Changed []string }
	r.Into(t, &res)
	if r.Msg() != "Nothing changed: these are already the payout details." || len(res.Changed) != 0 {
		t.Fatalf("unchanged: %s %v", r.Msg(), res.Changed)
	}
	if n := h.audits("beneficiary.update"); n != 0 {
		t.Fatalf("an unchanged submit was audited (%d)", n)
	}

	changed := with(seeded, "bankName", "HDFC Bank", "accountNumber", "50100098765432")
	refused := func(body map[string]any, code int, msg string) {
		t.Helper()
		r := h.want(h.call("PUT", payoutPath, h.adminA, body), code)
		if !strings.Contains(strings.Join(msgs(r), "|"), msg) {
			t.Fatalf("%v: %v, want %q", body, r.Message, msg)
		}
		if b := h.payoutNow(); b["bankName"] != seeded["bankName"] || b["accountNumber"] != oldAccount {
			t.Fatalf("a refused change was stored: %v", b)
		}
	}
	// The account number typed twice: missing, then different (422 naming the field).
	refused(with(changed, "currentPassword", seedPW), 422, "Please type the account number again in Confirm account number.")
	refused(with(changed, "confirmAccountNumber", "50100098765431", "currentPassword", seedPW), 422,
		"Confirm account number does not match Account number.")
	ok := with(changed, "confirmAccountNumber", "5010 0098 7654 32")
	// The password: missing, then wrong.
	refused(ok, 422, "Please enter your current password.")
	refused(with(ok, "currentPassword", "Wrong-pass-1"), 422, "Current password is incorrect.")
	if n := h.audits("beneficiary.update"); n != 0 || len(h.payoutMails(seed.DemoAdminEmail)) != 0 {
		t.Fatal("a refused change was audited or emailed")
	}

	// Right: stored, audited with both sides masked, every admin of A emailed, nobody of B.
	r = h.want(h.call("PUT", payoutPath, h.adminA, with(ok, "currentPassword", seedPW)), 200)
	r.Into(t, &res)
	if r.Msg() != "Beneficiary updated successfully" || strings.Join(res.Changed, ",") != "bankName,accountNumber" {
		t.Fatalf("changed: %s %v", r.Msg(), res.Changed)
	}
	if b := h.payoutNow(); b["bankName"] != "HDFC Bank" || b["accountNumber"] != "50100098765432" {
		t.Fatalf("after: %v", b)
	}
	var before, after map[string]string
	var bj, aj []byte
	if err := h.d.DB.QueryRowContext(ctx, `SELECT before, after FROM audit_log WHERE action = 'beneficiary.update' AND company_id = ?`,
		h.cidA).Scan(&bj, &aj); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(bj, &before)
	_ = json.Unmarshal(aj, &after)
	if before["accountNumber"] != "••••"+oldAccount[len(oldAccount)-4:] || after["accountNumber"] != "••••5432" ||
		before["bankName"] != seeded["bankName"] || after["bankName"] != "HDFC Bank" || len(after) != 2 {
		t.Fatalf("audit before %s after %s", bj, aj)
	}
	var actorName string
	if err := h.d.DB.QueryRowContext(ctx, "SELECT name FROM users WHERE id = ?", h.adminAID).Scan(&actorName); err != nil {
		t.Fatal(err)
	}
	for _, to := range admins {
		ms := h.payoutMails(to)
		if len(ms) != 1 {
			t.Fatalf("%s got %d payout notices", to, len(ms))
		}
		body := ms[0].Text
		for _, want := range []string{actorName, seed.DemoAdminEmail, "HDFC Bank", "••••5432", "IST", "Bank name"} {
			if !strings.Contains(body, want) {
				t.Fatalf("notice to %s lacks %q: %s", to, want, body)
			}
		}
		if strings.Contains(body+ms[0].HTML, "50100098765432") || strings.Contains(body+ms[0].HTML, oldAccount) {
			t.Fatalf("notice to %s carries a full account number: %s", to, body)
		}
	}
	if n := len(h.payoutMails("owner@beta.test")); n != 0 {
		t.Fatalf("company B's admin was told of A's change (%d)", n)
	}

	// With two-factor on, the code is asked too: missing, wrong, then right.
	secret, _, tok := h.enrol(h.adminA, seedPW)
	h.adminA = tok // enabling ended every other session
	upi := with(h.payoutNow(), "upi", "demo.new@okaxis", "currentPassword", seedPW)
	for code, msg := range map[string]string{"": "Please enter the code from your authenticator app.", "000000": "The code is not valid. Please try again."} {
		r := h.want(h.call("PUT", payoutPath, tok, with(upi, "code", code)), 422)
		if r.Msg() != msg {
			t.Fatalf("code %q: %s", code, r.Msg())
		}
	}
	if b := h.payoutNow(); b["upi"] == "demo.new@okaxis" {
		t.Fatal("changed without the code")
	}
	h.want(h.call("PUT", payoutPath, tok, with(upi, "code", h.totp(secret, 1))), 200)
	if b := h.payoutNow(); b["upi"] != "demo.new@okaxis" {
		t.Fatalf("after the code: %v", b)
	}
	if n := h.audits("beneficiary.update"); n != 2 {
		t.Fatalf("%d audit rows", n)
	}
	if n := len(h.payoutMails("peer@demo.test")); n != 2 {
		t.Fatalf("the peer got %d notices", n)
	}
}

// Wrong passwords on the payout change count towards the account's limit, as on every other
// password check: the 11th attempt is refused (429) even with the right password.
func TestPayoutWrongPasswordsAreLimited(t *testing.T) {
	h := setup(t)
	_, peer := h.addAdmin("Peer Admin", "peer@demo.test", "PeerPass#12")
	body := with(h.payoutNow(), "upi", "elsewhere@okaxis")
	for i := 0; i < 10; i++ {
		h.want(h.call("PUT", payoutPath, peer, with(body, "currentPassword", "Wrong-pass-1")), 422)
	}
	r := h.want(h.call("PUT", payoutPath, peer, with(body, "currentPassword", "PeerPass#12")), 429)
	if r.Msg() == "" {
		t.Fatal("429 without a message")
	}
	if b := h.payoutNow(); b["upi"] == "elsewhere@okaxis" || h.audits("beneficiary.update") != 0 {
		t.Fatal("changed past the limit")
	}
}
