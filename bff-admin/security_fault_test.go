package main

import (
	"strings"
	"testing"
	"time"

	"prelaunch/core/seed"
)

// TestSecurityAdminRedisOutageAndRecovery: with the private Redis killed, admin reads keep
// working, sign-ins and code requests answer 503 within 3 s, and everything recovers when Redis
// returns on the same port, without restarting the server.
func TestSecurityAdminRedisOutageAndRecovery(t *testing.T) {
	s := secSetup(t)
	p := s.pending(s.cidA, s.newBuyer(s.cidA, "B", "b@a.test", nil), 5, "UPI", "UTR-FAULT-1", nil)
	s.redis.Stop()
	timed := func(method, path, tok string, body any) reply {
		t.Helper()
		start := time.Now()
		r := s.call(method, path, tok, body)
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s %s took %v", method, path, d)
		}
		return r
	}
	for _, path := range []string{"/api/v1/admin/auth/list", "/api/v1/admin/transaction/list", "/api/v1/admin/dashboard/get",
		"/api/v1/admin/beneficiary/get", "/api/v1/company/site/get"} {
		s.want(timed("GET", path, s.adminA, nil), 200)
	}
	s.want(timed("GET", "/api/v1/superadmin/company/list", s.super, nil), 200)
	// A review still decides (its notice email is logged as not enqueued, never a failed review).
	s.want(timed("POST", "/api/v1/admin/transaction/approve", s.adminA, map[string]any{"id": p}), 200)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/api/v1/company/auth/login", map[string]any{"email": seed.DemoAdminEmail, "password": seedPW}},
		{"GET", "/api/v1/superadmin/auth/login/email/otp?email=" + seed.DemoSuperAdmin, nil},
		{"POST", "/api/v1/superadmin/auth/login/verify", map[string]any{"email": seed.DemoSuperAdmin, "otp": "123456"}},
	} {
		r := timed(c.method, c.path, "", c.body)
		s.want(r, 503)
		if !strings.Contains(r.Msg(), "try again") {
			t.Errorf("%s: unclear message %q", c.path, r.Msg())
		}
	}
	s.redis.Start()
	s.want(timed("POST", "/api/v1/company/auth/login", "", map[string]any{"email": seed.DemoAdminEmail, "password": seedPW}), 200)
	s.want(timed("GET", "/api/v1/superadmin/auth/login/email/otp?email="+seed.DemoSuperAdmin, "", nil), 200)
	s.lastCode(seed.DemoSuperAdmin)
}
