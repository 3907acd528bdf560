package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"prelaunch/core/infra/config"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/seed"
)

// timed sends a call and fails when it takes longer than limit.
func (s *secEnv) timed(limit time.Duration, method, path, tok string, body any) reply {
	s.t.Helper()
	start := time.Now()
	r := s.call(method, path, tok, body)
	if d := time.Since(start); d > limit {
		s.t.Errorf("%s %s took %v (limit %v)", method, path, d, limit)
	}
	return r
}

// TestSecurityRedisOutageAndRecovery: the private Redis is killed while the server runs. Reads
// keep working; logins and OTP sends answer 503 with a clear message within 3 s; orders still
// go through (their expiry is left to the sweep); after Redis comes back on the same port,
// everything works again without restarting the server, and the sweep expires what was lost.
func TestSecurityRedisOutageAndRecovery(t *testing.T) {
	s := secSetup(t)
	tok := s.buyerToken()
	cid := s.companyID
	s.redis.Stop()

	for _, p := range []string{"/api/v1/user/auth/profile/get", "/api/v1/user/package/price/get", "/api/v1/user/transaction/list",
		"/api/v1/user/stock/global/list", "/api/v1/user/site/get"} {
		s.want(s.timed(3*time.Second, "GET", p, tok, nil), 200)
	}
	for _, c := range []struct {
		path string
		body map[string]any
	}{
		{"/api/v1/user/auth/login", map[string]any{"companyId": cid, "user": seed.DemoBuyerEmail, "password": seedPW}},
		{"/api/v1/user/auth/register/otp", map[string]any{"companyId": cid, "name": "N", "email": "n@x.test", "mobile": "9876543210"}},
		{"/api/v1/user/auth/forgot-password/otp", map[string]any{"companyId": cid, "user": seed.DemoBuyerEmail}},
	} {
		r := s.timed(3*time.Second, "POST", c.path, "", c.body)
		s.want(r, 503)
		if !strings.Contains(r.Msg(), "temporarily unavailable") && !strings.Contains(r.Msg(), "try again") {
			t.Errorf("%s: unclear 503 message %q", c.path, r.Msg())
		}
	}
	s.want(s.timed(3*time.Second, "POST", "/api/v1/user/auth/password/otp", tok, nil), 503)
	r := s.timed(3*time.Second, "GET", "/readyz", "", nil)
	s.want(r, 503)
	// An order placed during the outage is taken (no expiry task could be scheduled).
	lost := s.order(tok, 100)

	s.redis.Start()
	s.want(s.timed(3*time.Second, "POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": cid, "user": seed.DemoBuyerEmail, "password": seedPW}), 200)
	s.want(s.timed(3*time.Second, "POST", "/api/v1/user/auth/forgot-password/otp", "", map[string]any{"companyId": cid, "user": seed.DemoBuyerEmail}), 200)
	s.lastCode(seed.DemoBuyerEmail) // the code's email is queued again
	s.want(s.call("GET", "/readyz", "", nil), 200)
	// The sweep expires the order whose task was lost and releases its reservation.
	n, err := s.d.Build().Purchases.Sweep(context.Background(), time.Now().Add(purchase.PaymentWindow+time.Second))
	if err != nil || n != 1 {
		t.Fatalf("sweep: %d %v", n, err)
	}
	var status string
	_ = s.d.DB.NewRaw("SELECT status FROM purchases WHERE id = ?", lost.ID).Scan(context.Background(), &status)
	if status != "EXPIRED" || s.remaining() != "10000000" {
		t.Fatalf("lost order %s, remaining %s", status, s.remaining())
	}
	testkit.CheckSupply(t, s.d.DB)
}

// TestSecurityPostgresDownFailsFast: with Postgres unreachable every call answers 503 (never 500,
// never a hang) within 3 s; /healthz stays up.
func TestSecurityPostgresDownFailsFast(t *testing.T) {
	s := secSetup(t)
	tok := s.buyerToken()
	cfg := s.d.Cfg
	cfg.DatabaseURL = "postgres://postgres@127.0.0.1:1/prelaunch_down?sslmode=disable"
	d, err := runtime.OpenWith(cfg, "test")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Log = s.d.Log
	d.Tokens, d.Verifier.Tokens = s.d.Tokens, s.d.Tokens
	down := &harness{t: t, d: d, app: newServer(d), companyID: s.companyID}
	calls := []struct {
		method, path, tok string
		body              any
	}{
		{"GET", "/api/v1/user/site/get", "", nil},
		{"POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": s.companyID, "user": seed.DemoBuyerEmail, "password": seedPW}},
		{"POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": s.companyID, "name": "N", "email": "n@x.test", "mobile": "9876543210"}},
		{"GET", "/api/v1/user/auth/profile/get", tok, nil},
		{"GET", "/api/v1/user/transaction/list", tok, nil},
		{"POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 100}},
		{"GET", "/api/v1/media/file/00000000-0000-0000-0000-000000000000?exp=99999999999&sig=" + strings.Repeat("0", 64), "", nil},
		{"GET", "/readyz", "", nil},
	}
	for _, c := range calls {
		start := time.Now()
		r := down.call(c.method, c.path, c.tok, c.body)
		if time.Since(start) > 3*time.Second {
			t.Errorf("%s %s took %v", c.method, c.path, time.Since(start))
		}
		if r.Code != 503 && !(strings.HasPrefix(c.path, "/api/v1/media/") && r.Code == 403) {
			t.Errorf("%s %s with Postgres down: %d %s, want 503", c.method, c.path, r.Code, r.Msg())
		}
	}
	down.want(down.call("GET", "/healthz", "", nil), 200)
	_ = config.EnvTest
}
