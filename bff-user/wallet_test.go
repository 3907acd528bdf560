package main

import (
	"context"
	"crypto/ecdsa"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"prelaunch/core/company"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/wallet"
)

type walletView struct {
	Address, VerifiedAt, DeliverableFrom *string
}

type challengeView struct {
	Message, ExpiresAt string
}

func newKey(t *testing.T) (*ecdsa.PrivateKey, string) {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k, crypto.PubkeyToAddress(k.PublicKey).Hex()
}

// personalSign signs msg as a wallet's personal_sign does (EIP-191, v = 27/28).
func personalSign(t *testing.T, k *ecdsa.PrivateKey, msg string) string {
	t.Helper()
	sig, err := crypto.Sign(accounts.TextHash([]byte(msg)), k)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	return hexutil.Encode(sig)
}

// walletSetup is the harness on a settable clock (the messages' expiry).
func walletSetup(t *testing.T) (*harness, *clock.Fixed) {
	t.Helper()
	d := testkit.Deps(t, "bffuser", 4)
	clk := clock.NewFixed(time.Now().UTC().Truncate(time.Second))
	d.Clock = clk
	cid := testkit.Seed(t, d, seedPW)
	return &harness{t: t, d: d, app: newServer(d), companyID: cid}, clk
}

func (h *harness) challenge(tok, addr string) challengeView {
	h.t.Helper()
	r := h.call("GET", "/api/v1/user/wallet/challenge?address="+addr, tok, nil)
	h.want(r, 200)
	var c challengeView
	r.Into(h.t, &c)
	return c
}

func (h *harness) verifyWallet(tok string, body map[string]any, code int, field, msg string) walletView {
	h.t.Helper()
	r := h.call("POST", "/api/v1/user/wallet/verify", tok, body)
	h.want(r, code)
	var w walletView
	if code == 200 {
		r.Into(h.t, &w)
	} else if got := r.FieldMsg(field); !strings.Contains(got, msg) {
		h.t.Fatalf("verify %v: %s on %s, want %q (message %s)", body, got, field, msg, r.Msg())
	}
	return w
}

func (h *harness) walletGet(tok string) walletView {
	h.t.Helper()
	r := h.call("GET", "/api/v1/user/wallet/get", tok, nil)
	h.want(r, 200)
	var w walletView
	r.Into(h.t, &w)
	return w
}

func deliverable(t *testing.T, h *harness, companyID string, at time.Time) map[string]string {
	t.Helper()
	m, err := wallet.Deliverable(context.Background(), h.d.DB, companyID, at)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestWalletProveAndReplace: a buyer proves a wallet with a real key's signature (first wallet:
// deliverable at once), the profile shows it, the message works once; a replacement needs the
// password (a wrong one keeps the message), is emailed and audited, and receives deliveries 24
// hours later.
func TestWalletProveAndReplace(t *testing.T) {
	h, clk := walletSetup(t)
	ctx := context.Background()
	tok, u := h.newBuyer("wallet-buyer@x.test")
	if w := h.walletGet(tok); w.Address != nil || w.VerifiedAt != nil || w.DeliverableFrom != nil {
		t.Fatalf("before: %+v", w)
	}
	key, addr := newKey(t)
	// All lower case carries no checksum: accepted, and named checksummed in the message.
	c := h.challenge(tok, strings.ToLower(addr))
	for _, want := range []string{addr, "example.com", "Nonce: ", "Expires: " + clk.Now().Add(10*time.Minute).UTC().Format(time.RFC3339)} {
		if !strings.Contains(c.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, c.Message)
		}
	}
	sig := personalSign(t, key, c.Message)
	w := h.verifyWallet(tok, map[string]any{"address": strings.ToLower(addr), "signature": sig}, 200, "", "")
	if w.Address == nil || *w.Address != addr || w.VerifiedAt == nil || w.DeliverableFrom == nil || *w.DeliverableFrom != *w.VerifiedAt {
		t.Fatalf("first wallet: %+v", w)
	}
	if g := h.walletGet(tok); g.Address == nil || *g.Address != addr || *g.DeliverableFrom != *w.DeliverableFrom {
		t.Fatalf("get: %+v", g)
	}
	var p struct{ WalletAddress string }
	pr := h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	h.want(pr, 200)
	pr.Into(t, &p)
	if p.WalletAddress != addr {
		t.Fatalf("profile walletAddress %q", p.WalletAddress)
	}
	// profile/update cannot set it.
	h.want(h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"walletAddress": "0x" + strings.Repeat("1", 40), "password": "Passw0rd!"}), 200)
	if g := h.walletGet(tok); *g.Address != addr {
		t.Fatalf("profile/update changed the wallet: %+v", g)
	}
	// The message works once.
	h.verifyWallet(tok, map[string]any{"address": addr, "signature": sig}, 422, "signature", "expired or was already used")
	if m := deliverable(t, h, h.companyID, clk.Now()); m[u.ID] != addr {
		t.Fatalf("deliverable: %v", m)
	}

	// Replacement: the password is asked, a wrong one refused, and the message survives both.
	clk.Add(time.Hour)
	key2, addr2 := newKey(t)
	c2 := h.challenge(tok, addr2)
	sig2 := personalSign(t, key2, c2.Message)
	h.verifyWallet(tok, map[string]any{"address": addr2, "signature": sig2}, 422, "password", "current password to replace")
	h.verifyWallet(tok, map[string]any{"address": addr2, "signature": sig2, "password": "not-the-password"}, 422, "password", "Current password is incorrect.")
	w2 := h.verifyWallet(tok, map[string]any{"address": addr2, "signature": sig2, "password": "Passw0rd!"}, 200, "", "")
	vAt, _ := time.Parse(time.RFC3339, *w2.VerifiedAt)
	dFrom, _ := time.Parse(time.RFC3339, *w2.DeliverableFrom)
	if *w2.Address != addr2 || !vAt.Equal(clk.Now()) || dFrom.Sub(vAt) != 24*time.Hour {
		t.Fatalf("replacement: %+v (now %s)", w2, clk.Now())
	}
	// Deliveries wait the 24 hours: neither the old wallet nor the new one meanwhile.
	if m := deliverable(t, h, h.companyID, clk.Now().Add(23*time.Hour)); m[u.ID] != "" {
		t.Fatalf("deliverable within 24 h: %v", m)
	}
	if m := deliverable(t, h, h.companyID, clk.Now().Add(24*time.Hour)); m[u.ID] != addr2 {
		t.Fatalf("deliverable after 24 h: %v", m)
	}
	// The buyer is emailed, with the new address masked.
	var mailed bool
	for _, e := range testkit.QueuedEmails(t, h.d.Redis, "wallet-buyer@x.test") {
		if strings.Contains(e.Subject, "wallet was changed") {
			mailed = strings.Contains(e.Text, wallet.Mask(addr2)) && !strings.Contains(e.Text, addr2)
		}
	}
	if !mailed {
		t.Fatal("no replacement email with the masked address")
	}
	// Audited, addresses masked.
	var acts []string
	if err := h.d.DB.NewRaw("SELECT action || ' ' || coalesce(before::text, '') || ' ' || after::text FROM audit_log WHERE target_id = ? ORDER BY id", u.ID).
		Scan(ctx, &acts); err != nil {
		t.Fatal(err)
	}
	if len(acts) != 2 || !strings.HasPrefix(acts[0], "wallet.prove") || !strings.HasPrefix(acts[1], "wallet.replace") ||
		!strings.Contains(acts[1], wallet.Mask(addr)) || strings.Contains(strings.Join(acts, " "), addr2) {
		t.Fatalf("audit: %v", acts)
	}
	// Proving the wallet already proved changes nothing and needs no password.
	c3 := h.challenge(tok, addr2)
	w3 := h.verifyWallet(tok, map[string]any{"address": addr2, "signature": personalSign(t, key2, c3.Message)}, 200, "", "")
	if *w3.DeliverableFrom != *w2.DeliverableFrom || *w3.VerifiedAt != *w2.VerifiedAt {
		t.Fatalf("re-proof changed the wallet: %+v vs %+v", w3, w2)
	}
}

// TestWalletRefusals: bad addresses and checksums, a signature by another key, for another
// address, malformed, and an expired message: each a 422 on its field, nothing stored.
func TestWalletRefusals(t *testing.T) {
	h, clk := walletSetup(t)
	tok, _ := h.newBuyer("wallet-bad@x.test")
	key, addr := newKey(t)
	other, _ := newKey(t)

	for _, bad := range []string{"", "0x123", "12" + strings.Repeat("a", 40), "0x" + strings.Repeat("g", 40), addr + "00"} {
		r := h.call("GET", "/api/v1/user/wallet/challenge?address="+bad, tok, nil)
		h.want(r, 422)
		if r.FieldMsg("address") != wallet.MsgAddress {
			t.Errorf("%q: %s", bad, r.Msg())
		}
	}
	// A mixed-case address with one letter's case flipped fails its checksum.
	flipped := []byte(addr)
	for i := 2; i < len(flipped); i++ {
		if c := flipped[i]; c >= 'a' && c <= 'f' {
			flipped[i] = c - 32
			break
		} else if c >= 'A' && c <= 'F' {
			flipped[i] = c + 32
			break
		}
	}
	r := h.call("GET", "/api/v1/user/wallet/challenge?address="+string(flipped), tok, nil)
	h.want(r, 422)
	if !strings.Contains(r.FieldMsg("address"), "checksum is not valid") {
		t.Errorf("bad checksum: %s", r.Msg())
	}
	h.verifyWallet(tok, map[string]any{"address": string(flipped), "signature": "0x"}, 422, "address", "checksum is not valid")
	// All upper case carries no checksum: accepted.
	h.challenge(tok, "0x"+strings.ToUpper(addr[2:]))

	c := h.challenge(tok, addr)
	h.verifyWallet(tok, map[string]any{"address": addr, "signature": personalSign(t, other, c.Message)}, 422, "signature", "not made by this address")
	for _, sig := range []string{"", "0x1234", "zz" + strings.Repeat("0", 130), "0x" + strings.Repeat("0", 130), "0x" + strings.Repeat("f", 128) + "1f"} {
		h.verifyWallet(tok, map[string]any{"address": addr, "signature": sig}, 422, "signature", "not a valid signature")
	}
	_, addrB := newKey(t)
	h.verifyWallet(tok, map[string]any{"address": addrB, "signature": personalSign(t, key, c.Message)}, 422, "address", "made for another address")
	// Expired: ten minutes later the message is refused, even signed by the right key.
	clk.Add(10 * time.Minute)
	h.verifyWallet(tok, map[string]any{"address": addr, "signature": personalSign(t, key, c.Message)}, 422, "signature", "expired")
	if w := h.walletGet(tok); w.Address != nil {
		t.Fatalf("a refused verify stored %+v", w)
	}
	// A malformed body is a 4xx, never a 500.
	if r := h.call("POST", "/api/v1/user/wallet/verify", tok, map[string]any{"address": 5}); r.Code != 400 && r.Code != 422 {
		t.Fatalf("wrong type: %d", r.Code)
	}
}

// TestWalletConcurrentVerify: one message verified by many requests at once succeeds once.
func TestWalletConcurrentVerify(t *testing.T) {
	h, _ := walletSetup(t)
	tok, _ := h.newBuyer("wallet-race@x.test")
	key, addr := newKey(t)
	c := h.challenge(tok, addr)
	sig := personalSign(t, key, c.Message)
	const n = 8
	codes := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			codes[i] = h.call("POST", "/api/v1/user/wallet/verify", tok, map[string]any{"address": addr, "signature": sig}).Code
		}()
	}
	close(start)
	wg.Wait()
	ok := 0
	for _, code := range codes {
		switch code {
		case 200:
			ok++
		case 422:
		default:
			t.Errorf("code %d", code)
		}
	}
	if ok != 1 {
		t.Fatalf("%d verifies of one message succeeded: %v", ok, codes)
	}
	var rows int
	if err := h.d.DB.NewRaw("SELECT count(*) FROM audit_log WHERE action = 'wallet.prove'").Scan(context.Background(), &rows); err != nil || rows != 1 {
		t.Fatalf("audit rows %d (%v)", rows, err)
	}
}

// TestWalletTenantsAndSuspension: another company's buyer cannot reach this company's wallet
// calls, each company's Deliverable lists only its buyers, and while a company is suspended its
// buyers read their wallet and ask for a message but cannot verify (423).
func TestWalletTenantsAndSuspension(t *testing.T) {
	s := tenantSetup(t)
	ctx := context.Background()
	keyA, addrA := newKey(t)
	var c challengeView
	r := s.on(s.app, hostA, "GET", "/api/v1/user/wallet/challenge?address="+addrA, s.tokA, nil)
	s.want(r, 200)
	r.Into(t, &c)
	if !strings.Contains(c.Message, hostA) {
		t.Errorf("message does not name %s:\n%s", hostA, c.Message)
	}
	sigA := personalSign(t, keyA, c.Message)
	// B's buyer on A's host: refused, and A's message is untouched.
	for _, call := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/v1/user/wallet/get", nil},
		{"GET", "/api/v1/user/wallet/challenge?address=" + addrA, nil},
		{"POST", "/api/v1/user/wallet/verify", map[string]any{"address": addrA, "signature": sigA}},
	} {
		if r := s.on(s.app, hostA, call.method, call.path, s.tokB, call.body); r.Code != 403 && r.Code != 401 {
			t.Errorf("B's buyer on A: %s %s → %d %s", call.method, call.path, r.Code, r.Msg())
		}
	}
	// B's buyer on B's host with A's signature: B has no message (422), nothing stored.
	if r := s.on(s.app, hostB, "POST", "/api/v1/user/wallet/verify", s.tokB, map[string]any{"address": addrA, "signature": sigA}); r.Code != 422 {
		t.Errorf("A's signature by B's buyer: %d %s", r.Code, r.Msg())
	}
	r = s.on(s.app, hostA, "POST", "/api/v1/user/wallet/verify", s.tokA, map[string]any{"address": addrA, "signature": sigA})
	s.want(r, 200)
	now := time.Now().Add(time.Minute)
	var uidA string
	if err := s.d.DB.NewRaw("SELECT user_id::text FROM wallets").Scan(ctx, &uidA); err != nil {
		t.Fatal(err)
	}
	if m := deliverable(t, s.harness, s.companyID, now); len(m) != 1 || m[uidA] != addrA {
		t.Errorf("A's deliverable: %v", m)
	}
	if m := deliverable(t, s.harness, s.cidB, now); len(m) != 0 {
		t.Errorf("B's deliverable: %v", m)
	}
	if r := s.on(s.app, hostB, "GET", "/api/v1/user/wallet/get", s.tokB, nil); r.Code != 200 || !strings.Contains(string(r.Data), `"address":null`) {
		t.Errorf("B's wallet: %d %s", r.Code, r.Data)
	}

	// Suspend B: reads and a new message still answer, verify is 423.
	keyB, addrB := newKey(t)
	if _, err := s.svc.Companies.Update(ctx, s.adminActor, company.UpdateInput{ID: s.cidB, Status: ptr(company.StatusSuspended),
		Reason: ptr("Fees unpaid")}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		return s.on(s.app, hostB, "POST", "/api/v1/user/wallet/verify", s.tokB, map[string]any{}).Code == 423
	})
	r = s.on(s.app, hostB, "GET", "/api/v1/user/wallet/challenge?address="+addrB, s.tokB, nil)
	s.want(r, 200)
	r.Into(t, &c)
	if r := s.on(s.app, hostB, "POST", "/api/v1/user/wallet/verify", s.tokB,
		map[string]any{"address": addrB, "signature": personalSign(t, keyB, c.Message)}); r.Code != 423 {
		t.Errorf("verify while suspended: %d %s", r.Code, r.Msg())
	}
	if r := s.on(s.app, hostB, "GET", "/api/v1/user/wallet/get", s.tokB, nil); r.Code != 200 {
		t.Errorf("get while suspended: %d", r.Code)
	}
}
