package main

import (
	"fmt"
	"strings"
	"testing"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
)

// TestSecurityAdminBruteForce: admin login guessing and super admin OTP guessing and flooding
// are 429 with Retry-After or burn the code; the real admin gets in afterwards.
func TestSecurityAdminBruteForce(t *testing.T) {
	s := secSetup(t)
	login := func(pw string) reply {
		return s.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": seed.DemoAdminEmail, "password": pw})
	}
	var last reply
	for i := 0; i < 15 && last.Code != 429; i++ {
		last = login(fmt.Sprintf("guess-%d", i))
	}
	s.want(last, 429)
	if last.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	s.delLimits("rate:rl:login-fail-*")
	s.want(login(seedPW), 200)

	// Super admin: five wrong codes burn the code.
	otpURL := "/api/v1/superadmin/auth/login/email/otp?email=" + seed.DemoSuperAdmin
	s.want(s.call("GET", otpURL, "", nil), 200)
	code := s.lastCode(seed.DemoSuperAdmin)
	verify := func(c string) reply {
		return s.call("POST", "/api/v1/superadmin/auth/login/verify", "", map[string]any{"email": seed.DemoSuperAdmin, "otp": c})
	}
	for i := 1; i <= 5; i++ {
		wrong := fmt.Sprintf("%06d", (atoiSec(code)+i)%1_000_000)
		s.want(verify(wrong), 422)
	}
	s.want(verify(code), 422)
	// Flooding the code request: 429 per email.
	last = reply{}
	for i := 0; i < 10 && last.Code != 429; i++ {
		last = s.call("GET", otpURL, "", nil)
	}
	s.want(last, 429)
	if last.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	// Per IP, across addresses.
	last = reply{}
	for i := 0; i < 40 && last.Code != 429; i++ {
		last = s.call("GET", fmt.Sprintf("/api/v1/superadmin/auth/login/email/otp?email=spray%d@x.test", i), "", nil)
	}
	s.want(last, 429)
	// Once the window passes the real super admin signs in with a fresh code.
	s.delLimits("rate:rl:otp-*")
	s.want(s.call("GET", otpURL, "", nil), 200)
	s.want(verify(s.lastCode(seed.DemoSuperAdmin)), 200)
}

func atoiSec(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// TestSecurityAdminHeadersAndLogs: security headers on every answer of the admin server, no
// token or password in its log.
func TestSecurityAdminHeadersAndLogs(t *testing.T) {
	s := secSetup(t)
	for _, p := range []string{"/api/v1/company/site/get", "/api/v1/admin/auth/profile/get", "/api/v1/nope", "/healthz", "/", "/admin/login"} {
		r := s.call("GET", p, s.adminA, nil)
		csp := r.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "'unsafe-inline' ;") ||
			strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe") ||
			!strings.Contains(csp, "frame-ancestors 'none'") || r.Header.Get("X-Content-Type-Options") != "nosniff" ||
			r.Header.Get("Referrer-Policy") == "" || r.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", p, r.Header)
		}
	}
	s.want(s.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": seed.DemoAdminEmail, "password": "Wrong-Secret-9"}), 401)
	s.want(s.call("GET", "/api/v1/admin/auth/list?token="+s.adminA, s.adminA, nil), 200)
	logs := s.logs.String()
	if !strings.Contains(logs, "/api/v1/admin/auth/list") {
		t.Fatalf("access log not captured")
	}
	testkit.NoToken(t, "the server log", logs)
	for _, secret := range []string{s.adminA[:24], seedPW, "Wrong-Secret-9", "BetaPass#1"} {
		if strings.Contains(logs, secret) {
			t.Errorf("log contains %q:\n%s", secret, secGrep(logs, secret[:3]))
		}
	}
}
