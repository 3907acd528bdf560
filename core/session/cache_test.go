package session_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/auth"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
	"prelaunch/core/seed"
	"prelaunch/core/session"
	"prelaunch/core/user"
)

// Two Deps on one database stand for two processes (bff-user and bff-admin): each has its own
// cache and its own listener, and only the notification links them.
func twoProcesses(t *testing.T) (a, b *runtime.Deps, buyerID, cid string) {
	t.Helper()
	a = testkit.Deps(t, "authcache", 8)
	b = testkit.Deps(t, "authcache", 8) // (truncates: seed after)
	cid = testkit.Seed(t, a, "Admin@12345")
	if err := a.DB.NewRaw("SELECT id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(context.Background(), &buyerID); err != nil {
		t.Fatal(err)
	}
	return a, b, buyerID, cid
}

func waitLive(t *testing.T, d *runtime.Deps, tok string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !d.Verifier.Cache.Live() {
		_, _ = d.Verifier.Authenticate(context.Background(), tok, auth.AudienceUser) // starts the listener
		if time.Now().After(deadline) {
			t.Fatal("the auth cache listener did not come up in 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func isBadToken(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Slug == "invalid_token"
}

// untilRefused calls Authenticate until it refuses the token and returns how long that took.
func untilRefused(t *testing.T, d *runtime.Deps, tok string, within time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		_, err := d.Verifier.Authenticate(context.Background(), tok, auth.AudienceUser)
		if isBadToken(err) {
			return time.Since(start)
		}
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		if time.Since(start) > within {
			t.Fatalf("token still accepted %v after the change", within)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func TestCacheServesRepeatCallsWithoutTheDatabase(t *testing.T) {
	_, b, buyer, cid := twoProcesses(t)
	tok, _ := b.Tokens.Issue(buyer, cid, "USER", auth.AudienceUser, 0)
	waitLive(t, b, tok)
	h0, _ := b.Verifier.Cache.Stats()
	for i := 0; i < 50; i++ {
		p, err := b.Verifier.Authenticate(context.Background(), tok, auth.AudienceUser)
		if err != nil || p.ID != buyer || p.CompanyID != cid || p.Email != seed.DemoBuyerEmail {
			t.Fatalf("call %d: %+v %v", i, p, err)
		}
	}
	if h, _ := b.Verifier.Cache.Stats(); h-h0 < 49 {
		t.Fatalf("cache hits: %d of 50 calls", h-h0)
	}
}

// A revocation committed by another process reaches this one through the notification.
func TestRevocationInAnotherProcessReachesTheCache(t *testing.T) {
	a, b, buyer, cid := twoProcesses(t)
	ctx := context.Background()
	for _, change := range []string{
		"UPDATE users SET token_version = token_version + 1 WHERE id = ?", // password change
		"UPDATE users SET status = 'BLOCKED' WHERE id = ?",
		"UPDATE users SET deleted_at = now() WHERE id = ?",
		"DELETE FROM users WHERE id = ?",
	} {
		var ver int
		if err := a.DB.NewRaw("SELECT token_version FROM users WHERE id = ?", buyer).Scan(ctx, &ver); err != nil {
			t.Fatal(err)
		}
		tok, _ := b.Tokens.Issue(buyer, cid, "USER", auth.AudienceUser, ver)
		waitLive(t, b, tok)
		if _, err := b.Verifier.Authenticate(ctx, tok, auth.AudienceUser); err != nil { // now cached
			t.Fatalf("before %q: %v", change, err)
		}
		if _, err := a.DB.ExecContext(ctx, change, buyer); err != nil {
			t.Fatal(err)
		}
		lag := untilRefused(t, b, tok, 2*time.Second)
		t.Logf("%s: refused after %v", change, lag)
		if _, err := a.DB.ExecContext(ctx, "UPDATE users SET status = 'ACTIVE', deleted_at = NULL WHERE id = ?", buyer); err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(change, "DELETE") {
			continue
		}
		// The restore travels the same way: wait until B accepts the current token again.
		var now int
		_ = a.DB.NewRaw("SELECT token_version FROM users WHERE id = ?", buyer).Scan(ctx, &now)
		cur, _ := b.Tokens.Issue(buyer, cid, "USER", auth.AudienceUser, now)
		for start := time.Now(); ; time.Sleep(time.Millisecond) {
			if _, err := b.Verifier.Authenticate(ctx, cur, auth.AudienceUser); err == nil {
				break
			}
			if time.Since(start) > 2*time.Second {
				t.Fatal("restored user still refused after 2 s")
			}
		}
	}
}

// Within one process, core's writes evict at once after their commit: no waiting.
func TestRevokeEvictsAtOnceInThisProcess(t *testing.T) {
	a, _, buyer, cid := twoProcesses(t)
	ctx := context.Background()
	tok, _ := a.Tokens.Issue(buyer, cid, "USER", auth.AudienceUser, 0)
	waitLive(t, a, tok)
	for i := 0; i < 20; i++ {
		if _, err := a.DB.ExecContext(ctx, "UPDATE users SET token_version = ? WHERE id = ?", 0, buyer); err != nil {
			t.Fatal(err)
		}
		a.Verifier.Cache.Revoke(buyer)
		if _, err := a.Verifier.Authenticate(ctx, tok, auth.AudienceUser); err != nil {
			t.Fatalf("round %d: valid token refused: %v", i, err)
		}
		if _, err := a.DB.ExecContext(ctx, "UPDATE users SET token_version = 1 WHERE id = ?", buyer); err != nil {
			t.Fatal(err)
		}
		a.Verifier.Cache.Revoke(buyer)
		if _, err := a.Verifier.Authenticate(ctx, tok, auth.AudienceUser); !isBadToken(err) {
			t.Fatalf("round %d: revoked token accepted (err %v)", i, err)
		}
	}
}

// When the listener's connection dies, the cache is emptied and bypassed (every call reads the
// database) until a new listener proves it hears notifications again.
func TestListenerLossTurnsTheCacheOff(t *testing.T) {
	a, b, buyer, cid := twoProcesses(t)
	ctx := context.Background()
	tok, _ := b.Tokens.Issue(buyer, cid, "USER", auth.AudienceUser, 0)
	waitLive(t, b, tok)
	if _, err := b.Verifier.Authenticate(ctx, tok, auth.AudienceUser); err != nil {
		t.Fatal(err)
	}
	var killed int
	if err := a.DB.NewRaw(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%'`).Scan(ctx, &killed); err != nil || killed == 0 {
		t.Fatalf("terminate listeners: %d %v", killed, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for b.Verifier.Cache.Live() {
		if time.Now().After(deadline) {
			t.Fatal("cache still live 5 s after its listener was killed")
		}
		time.Sleep(time.Millisecond)
	}
	// Off: a change is seen at once, notification or not.
	if _, err := a.DB.ExecContext(ctx, "UPDATE users SET token_version = token_version + 1 WHERE id = ?", buyer); err != nil {
		t.Fatal(err)
	}
	if !b.Verifier.Cache.Live() {
		if _, err := b.Verifier.Authenticate(ctx, tok, auth.AudienceUser); !isBadToken(err) {
			t.Fatalf("revoked token accepted while the cache is off: %v", err)
		}
	}
	tok1, _ := b.Tokens.Issue(buyer, cid, "USER", auth.AudienceUser, 1)
	waitLive(t, b, tok1) // back
	if _, err := b.Verifier.Authenticate(ctx, tok, auth.AudienceUser); !isBadToken(err) {
		t.Fatalf("revoked token accepted after the listener came back: %v", err)
	}
	if _, err := b.Verifier.Authenticate(ctx, tok1, auth.AudienceUser); err != nil {
		t.Fatalf("current token refused: %v", err)
	}
}

// An admin token stays refused on the buyer audience and a buyer's on the admin audience, cache
// or not.
func TestCachedUserKeepsAudienceRules(t *testing.T) {
	_, b, buyer, cid := twoProcesses(t)
	waitLive(t, b, mustIssue(b, buyer, cid, auth.AudienceUser))
	tok := mustIssue(b, buyer, cid, auth.AudienceAdmin)
	for i := 0; i < 3; i++ {
		_, err := b.Verifier.Authenticate(context.Background(), tok, auth.AudienceAdmin)
		var e *apperr.Error
		if !errors.As(err, &e) || e.Slug != "not_admin" {
			t.Fatalf("call %d: buyer with an admin-audience token: %v", i, err)
		}
	}
}

func mustIssue(d *runtime.Deps, id, cid, aud string) string {
	tok, err := d.Tokens.Issue(id, cid, "USER", aud, 0)
	if err != nil {
		panic(err)
	}
	return tok
}

// Any change to a user row reaches the other processes' copies (profile/get reads the caller's
// row from the cache): an approval's balance credit once announced after its commit
// (user.AnnounceBalance), anything else as it commits.
func TestUserRowChangesReachTheCache(t *testing.T) {
	a, b, buyer, cid := twoProcesses(t)
	ctx := context.Background()
	waitLive(t, b, mustIssue(b, buyer, cid, auth.AudienceUser))
	u, err := b.Verifier.User(ctx, buyer)
	if err != nil {
		t.Fatal(err)
	}
	before := u.StockBalance
	if err := a.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := user.Credit(ctx, tx, buyer, decimal.NewFromInt(7))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := user.AnnounceBalance(ctx, a.DB, buyer); err != nil {
		t.Fatal(err)
	}
	waitUser(t, b, buyer, "the announced credit", func(u *user.User) bool { return u.StockBalance.Sub(before).IntPart() == 7 })
	// The balance with another column: the trigger notifies as it commits.
	if _, err := a.DB.ExecContext(ctx, "UPDATE users SET stock_balance = stock_balance + 1, name = 'Renamed Buyer' WHERE id = ?", buyer); err != nil {
		t.Fatal(err)
	}
	waitUser(t, b, buyer, "the rename", func(u *user.User) bool { return u.Name == "Renamed Buyer" && u.StockBalance.Sub(before).IntPart() == 8 })
	u, _ = b.Verifier.User(ctx, buyer)
	// A copy: changing it changes nothing cached.
	u.Name = "changed by the caller"
	if again, _ := b.Verifier.User(ctx, buyer); again.Name == u.Name {
		t.Fatal("the cache handed out its own row")
	}
}

func waitUser(t *testing.T, d *runtime.Deps, id, what string, ok func(*user.User) bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		u, err := d.Verifier.User(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if ok(u) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not seen 2 s later: %+v", what, u)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// A change of the balance alone (with updated_at) sends nothing from its transaction: a
// transaction that notifies holds Postgres's notification lock through its commit's WAL flush,
// and every approval would commit behind every other (migration 20261702000100). Any other
// column still notifies as it commits, the balance with it or not.
func TestBalanceAloneDoesNotNotifyFromItsTransaction(t *testing.T) {
	a, _, buyer, _ := twoProcesses(t)
	ctx := context.Background()
	ln := pgdriver.NewListener(a.DB)
	defer ln.Close()
	if err := ln.Listen(ctx, session.NotifyChannel); err != nil {
		t.Fatal(err)
	}
	// Notifications of other tests' processes on this database are not ours: wait for a payload.
	hear := func(want string, within time.Duration) (string, bool) {
		deadline := time.Now().Add(within)
		for time.Now().Before(deadline) {
			_, payload, err := ln.ReceiveTimeout(ctx, time.Until(deadline))
			if err != nil {
				return "", false
			}
			if payload == want {
				return payload, true
			}
		}
		return "", false
	}
	next := func(within time.Duration) (string, bool) { return hear(buyer, within) }
	// The listener's LISTEN may reach the server only with its first receive: probe (with a
	// payload of its own, so a late probe is never taken for the buyer's) until one is heard.
	probe := "probe:" + buyer
	listening := false
	for deadline := time.Now().Add(10 * time.Second); !listening && time.Now().Before(deadline); {
		if _, err := a.DB.ExecContext(ctx, "SELECT pg_notify(?, ?)", session.NotifyChannel, probe); err != nil {
			t.Fatal(err)
		}
		_, listening = hear(probe, 500*time.Millisecond)
	}
	if !listening {
		t.Fatal("the listener is not listening")
	}
	for _, quiet := range []string{
		"UPDATE users SET stock_balance = stock_balance + 3, updated_at = now() WHERE id = ?",
		"UPDATE users SET stock_balance = stock_balance WHERE id = ?",
	} {
		if _, err := a.DB.ExecContext(ctx, quiet, buyer); err != nil {
			t.Fatal(err)
		}
		if p, ok := next(300 * time.Millisecond); ok {
			t.Fatalf("%q notified %q from its transaction", quiet, p)
		}
	}
	for _, loud := range []string{
		"UPDATE users SET stock_balance = stock_balance + 1, name = name || '.' WHERE id = ?",
		"UPDATE users SET token_version = token_version + 1 WHERE id = ?",
		"UPDATE users SET is_approved = NOT is_approved, updated_at = now() WHERE id = ?",
	} {
		if _, err := a.DB.ExecContext(ctx, loud, buyer); err != nil {
			t.Fatal(err)
		}
		if _, ok := next(5 * time.Second); !ok {
			t.Fatalf("%q did not notify", loud)
		}
	}
	if err := user.AnnounceBalance(ctx, a.DB, buyer); err != nil {
		t.Fatal(err)
	}
	if _, ok := next(5 * time.Second); !ok {
		t.Fatal("AnnounceBalance did not notify")
	}
}

// An admin's two-factor state is read with the account and cached with it (the admin area's rule,
// user.Service.RequireEnrolled, then reads nothing per request). Turning two-factor on or off and
// a change of the company's rule reach another process's cache as they commit (migration
// 20261711000100), and this process's at once through Revoke. Without those evictions the cached
// state would hold for the entry's 60 s and this test fails.
func TestTwoFactorChangesReachTheCache(t *testing.T) {
	a, b, buyer, cid := twoProcesses(t)
	ctx := context.Background()
	var admin string
	var ver int
	if err := a.DB.NewRaw("SELECT id, token_version FROM users WHERE email = ?", seed.DemoAdminEmail).Scan(ctx, &admin, &ver); err != nil {
		t.Fatal(err)
	}
	waitLive(t, b, mustIssue(b, buyer, cid, auth.AudienceUser))
	waitLive(t, a, mustIssue(a, buyer, cid, auth.AudienceUser))
	tokB, _ := b.Tokens.Issue(admin, cid, "ADMIN", auth.AudienceAdmin, ver)
	state := func(d *runtime.Deps, tok string) auth.TwoFactor {
		t.Helper()
		p, err := d.Verifier.Authenticate(ctx, tok, auth.AudienceAdmin)
		if err != nil {
			t.Fatal(err)
		}
		if p.TwoFactor == nil {
			t.Fatal("an admin's principal without its two-factor state")
		}
		return *p.TwoFactor
	}
	rule := &user.Service{DB: b.DB}
	waitState := func(what string, want auth.TwoFactor) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Second)
		for {
			got := state(b, tokB)
			if got == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not seen 2 s later: %+v, want %+v", what, got, want)
			}
			time.Sleep(200 * time.Microsecond)
		}
	}
	if got := state(b, tokB); got != (auth.TwoFactor{}) {
		t.Fatalf("the demo admin: %+v, want off and not required", got)
	}
	hits, _ := b.Verifier.Cache.Stats()
	for i := 0; i < 5; i++ {
		state(b, tokB)
	}
	if after, _ := b.Verifier.Cache.Stats(); after-hits < 5 {
		t.Fatalf("the admin is not served from the cache (%d hits in 5 calls): the test proves nothing", after-hits)
	}

	if _, err := a.DB.ExecContext(ctx, "UPDATE companies SET require_2fa = true WHERE id = ?", cid); err != nil {
		t.Fatal(err)
	}
	waitState("the company's rule turned on", auth.TwoFactor{Required: true})
	p, _ := b.Verifier.Authenticate(ctx, tokB, auth.AudienceAdmin)
	if err := rule.RequireEnrolled(ctx, p); !errors.Is(err, user.ErrTwoFactorRequired) {
		t.Fatalf("an admin without two-factor under the rule: %v, want two_factor_required", err)
	}
	if _, err := a.DB.ExecContext(ctx, `INSERT INTO admin_two_factor (user_id, secret, enabled_at, updated_at)
		VALUES (?, '\x00', now(), now())`, admin); err != nil {
		t.Fatal(err)
	}
	waitState("two-factor turned on", auth.TwoFactor{Enabled: true, Required: true})
	p, _ = b.Verifier.Authenticate(ctx, tokB, auth.AudienceAdmin)
	if err := rule.RequireEnrolled(ctx, p); err != nil {
		t.Fatalf("an enrolled admin under the rule: %v", err)
	}
	if _, err := a.DB.ExecContext(ctx, "DELETE FROM admin_two_factor WHERE user_id = ?", admin); err != nil {
		t.Fatal(err)
	}
	waitState("two-factor turned off", auth.TwoFactor{Required: true})
	if _, err := a.DB.ExecContext(ctx, `INSERT INTO admin_two_factor (user_id, pending_secret, updated_at) VALUES (?, '\x00', now())`, admin); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.ExecContext(ctx, "UPDATE admin_two_factor SET secret = pending_secret, pending_secret = NULL, enabled_at = now() WHERE user_id = ?", admin); err != nil {
		t.Fatal(err)
	}
	waitState("two-factor turned on by an update", auth.TwoFactor{Enabled: true, Required: true})
	if _, err := a.DB.ExecContext(ctx, "UPDATE companies SET require_2fa = false WHERE id = ?", cid); err != nil {
		t.Fatal(err)
	}
	waitState("the company's rule turned off", auth.TwoFactor{Enabled: true})

	// In one process: Revoke after the commit, no waiting for the notification.
	tokA, _ := a.Tokens.Issue(admin, cid, "ADMIN", auth.AudienceAdmin, ver)
	for i := 0; i < 10; i++ {
		on := i%2 == 0
		state(a, tokA) // cached
		if _, err := a.DB.ExecContext(ctx, "UPDATE companies SET require_2fa = ? WHERE id = ?", on, cid); err != nil {
			t.Fatal(err)
		}
		a.Verifier.Cache.Revoke(auth.CompanyUsers(cid))
		if got := state(a, tokA); got.Required != on {
			t.Fatalf("round %d: the rule %v not seen at once after Revoke", i, on)
		}
	}
	// A buyer's principal carries no admin state.
	if p, err := b.Verifier.Authenticate(ctx, mustIssue(b, buyer, cid, auth.AudienceUser), auth.AudienceUser); err != nil || p.TwoFactor != nil {
		t.Fatalf("buyer: %+v, %v", p, err)
	}
}
