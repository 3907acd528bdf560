package main

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
	"prelaunch/core/twofactor"
)

var tinyPNG = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 64)...)

type setupData struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
}

func (h *harness) totp(secret string, stepOffset int64) string {
	h.t.Helper()
	step := h.totpStep
	if step == 0 {
		step = twofactor.Step(time.Now())
	}
	c, err := twofactor.Code(secret, step+stepOffset)
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// forgetCodeChecks clears the code-check limits between the phases of a test (each phase stays
// under them; together they would not).
func (h *harness) forgetCodeChecks(userID string) {
	ctx := context.Background()
	_ = h.d.Limiter.Reset(ctx, ratelimit.OTPCheckPerSubject, "2fa:"+userID)
	_ = h.d.Limiter.Reset(ctx, ratelimit.OTPCheckPerIP, "2fa:0.0.0.0")
}

// enrol runs set-up and enable (with the admin's password pw) for the admin of token and returns
// the secret, the recovery codes and the fresh token (enabling ends every other session).
func (h *harness) enrol(token, pw string) (string, []string, string) {
	h.t.Helper()
	var s setupData
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/setup", token, nil), 200).Into(h.t, &s)
	var out struct {
		RecoveryCodes []string
		Token         string
	}
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", token, map[string]any{"code": h.totp(s.Secret, 0), "password": pw}), 200).Into(h.t, &out)
	return s.Secret, out.RecoveryCodes, out.Token
}

// loginChallenge signs in with the password and returns the second step's challenge.
func (h *harness) loginChallenge(email, pw string) string {
	h.t.Helper()
	r := h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": email, "password": pw}), 200)
	var d struct {
		Token             string
		TwoFactorRequired bool
		Challenge         string
	}
	r.Into(h.t, &d)
	if d.Token != "" || !d.TwoFactorRequired || d.Challenge == "" || r.Msg() != "Enter the code from your authenticator app" {
		h.t.Fatalf("with two-factor on the password alone must give a challenge and no token: %s %s", r.Msg(), r.Data)
	}
	return d.Challenge
}

func (h *harness) secondStep(challenge, code string, want int) string {
	h.t.Helper()
	r := h.want(h.call("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": challenge, "code": code}), want)
	var d struct{ Token string }
	if want == 200 {
		r.Into(h.t, &d)
	}
	return d.Token
}

func (h *harness) profileTwoFactor(token string) (enabled, required bool) {
	h.t.Helper()
	var p struct{ TwoFactorEnabled, TwoFactorRequired bool }
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", token, nil), 200).Into(h.t, &p)
	return p.TwoFactorEnabled, p.TwoFactorRequired
}

func TestTwoFactorEnrolSignInAndDisable(t *testing.T) {
	h := setup(t)
	tok := h.adminA
	if on, _ := h.profileTwoFactor(tok); on {
		t.Fatal("two-factor starts off")
	}
	if r := h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": "123456", "password": seedPW}), 409); r.Msg() != "Start the two-factor set-up first." {
		t.Fatal(r.Msg())
	}
	// Set-up twice: the second secret replaces the first.
	var first, second setupData
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/setup", tok, nil), 200).Into(t, &first)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/setup", tok, nil), 200).Into(t, &second)
	if first.Secret == second.Secret || !strings.HasPrefix(second.OtpauthURL, "otpauth://totp/") ||
		!strings.Contains(second.OtpauthURL, "secret="+second.Secret) || !strings.Contains(second.OtpauthURL, "period=30") {
		t.Fatalf("setup: %+v %+v", first, second)
	}
	if r := h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": h.totp(first.Secret, 0), "password": seedPW}), 422); r.Msg() != "The code is not valid. Please try again." {
		t.Fatal(r.Msg())
	}
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": "", "password": seedPW}), 422)
	// Turning it on needs the password too (a stolen session alone cannot lock the owner out).
	if r := h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": h.totp(second.Secret, 0)}), 422); r.Msg() != "Please enter your current password." {
		t.Fatal(r.Msg())
	}
	if r := h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": h.totp(second.Secret, 0), "password": "Wrong-pass-1"}), 422); r.Msg() != "Current password is incorrect." {
		t.Fatal(r.Msg())
	}
	other := h.adminLogin(seed.DemoAdminEmail, seedPW) // another session of the same admin
	// From here "step 0" is enable's time step, even when a 30-second boundary passes before the
	// checks below that it is spent (the server accepts one step either side of its own).
	h.totpStep = twofactor.Step(time.Now())
	var en struct {
		RecoveryCodes []string
		Token         string
	}
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": h.totp(second.Secret, 0), "password": seedPW}), 200).Into(t, &en)
	if len(en.RecoveryCodes) != 10 || en.Token == "" {
		t.Fatalf("want 10 recovery codes and a token, got %v", en)
	}
	// Every other session ended; the caller goes on with the fresh token.
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", other, nil), 401)
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", tok, nil), 401)
	tok = en.Token
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/setup", tok, nil), 409)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/enable", tok, map[string]any{"code": h.totp(second.Secret, 1), "password": seedPW}), 409)
	if on, _ := h.profileTwoFactor(tok); !on {
		t.Fatal("profile must say two-factor is on")
	}
	// At rest: sealed, never the secret itself; the recovery codes only hashed.
	if n := h.num("SELECT count(*) FROM admin_two_factor WHERE user_id = ? AND position(convert_to(?, 'UTF8') in secret) = 0 AND pending_secret IS NULL", h.adminAID, second.Secret); n != 1 {
		t.Fatal("the secret must be stored sealed")
	}
	if n := h.num("SELECT count(*) FROM admin_recovery_codes WHERE user_id = ? AND code_hash NOT IN (?, ?)", h.adminAID, en.RecoveryCodes[0], strings.ReplaceAll(en.RecoveryCodes[0], "-", "")); n != 10 {
		t.Fatalf("recovery codes stored: %d", n)
	}
	if n := h.num("SELECT count(*) FROM audit_log WHERE action = 'admin.2fa.enable' AND actor_id = ? AND target_id = ?", h.adminAID, h.adminAID); n != 1 {
		t.Fatal("enabling must be audited")
	}

	// The password alone now gives a challenge; the code of enable's time step is spent.
	ch := h.loginChallenge(seed.DemoAdminEmail, seedPW)
	h.want(h.call("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": ch, "code": ""}), 422)
	if r := h.want(h.call("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": ch, "code": h.totp(second.Secret, 0)}), 401); r.Msg() != "The code is not valid. Please try again." {
		t.Fatalf("a used time step must be refused: %s", r.Msg())
	}
	fresh := h.secondStep(ch, h.totp(second.Secret, 1), 200)
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", fresh, nil), 200)
	if r := h.want(h.call("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": ch, "code": h.totp(second.Secret, 1)}), 401); r.Msg() != "Your sign-in has expired. Please log in again." {
		t.Fatalf("a challenge signs in once: %s", r.Msg())
	}

	// A recovery code works once (any case, with or without its dash).
	h.forgetCodeChecks(h.adminAID)
	ch = h.loginChallenge(seed.DemoAdminEmail, seedPW)
	h.secondStep(ch, h.totp(second.Secret, 1), 401) // that step is spent too
	h.secondStep(ch, strings.ToLower(strings.ReplaceAll(en.RecoveryCodes[3], "-", " ")), 200)
	ch = h.loginChallenge(seed.DemoAdminEmail, seedPW)
	h.secondStep(ch, en.RecoveryCodes[3], 401)

	// Five wrong codes burn the challenge: the sixth try fails even with a good code.
	h.forgetCodeChecks(h.adminAID)
	ch = h.loginChallenge(seed.DemoAdminEmail, seedPW)
	for i := 0; i < 5; i++ {
		h.secondStep(ch, "000000", 401)
	}
	if r := h.want(h.call("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": ch, "code": en.RecoveryCodes[4]}), 401); r.Msg() != "Your sign-in has expired. Please log in again." {
		t.Fatalf("a burnt challenge: %s", r.Msg())
	}
	h.secondStep("not-a-challenge", en.RecoveryCodes[4], 401)

	// Disable: code and current password, each checked.
	h.forgetCodeChecks(h.adminAID)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/disable", tok, map[string]any{}), 422)
	if r := h.want(h.call("POST", "/api/v1/admin/auth/2fa/disable", tok, map[string]any{"code": en.RecoveryCodes[5], "password": "wrong-password"}), 422); r.Msg() != "Current password is incorrect." {
		t.Fatal(r.Msg())
	}
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/disable", tok, map[string]any{"code": "ZZZZZ-ZZZZZ", "password": seedPW}), 422)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/disable", tok, map[string]any{"code": en.RecoveryCodes[5], "password": seedPW}), 200)
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/disable", tok, map[string]any{"code": en.RecoveryCodes[6], "password": seedPW}), 409)
	if on, _ := h.profileTwoFactor(tok); on {
		t.Fatal("profile must say two-factor is off")
	}
	h.adminLogin(seed.DemoAdminEmail, seedPW) // a token again, no challenge
	if n := h.num("SELECT count(*) FROM audit_log WHERE action = 'admin.2fa.disable' AND actor_id = ?", h.adminAID); n != 1 {
		t.Fatal("disabling must be audited")
	}
	if n := h.num("SELECT count(*) FROM admin_recovery_codes WHERE user_id = ?", h.adminAID); n != 0 {
		t.Fatal("disabling deletes the recovery codes")
	}
}

func TestTwoFactorChallengeSignsInOnceUnderRace(t *testing.T) {
	h := setup(t)
	_, codes, _ := h.enrol(h.adminB, "BetaPass#1")
	ch := h.loginChallenge("owner@beta.test", "BetaPass#1")
	var wg sync.WaitGroup
	results := make([]int, 6)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			req := testkit.JSONRequest("POST", "/api/v1/company/auth/login/2fa", "", map[string]any{"challenge": ch, "code": codes[i]})
			resp, err := h.app.Test(req)
			if err != nil {
				t.Error(err)
				return
			}
			results[i] = resp.StatusCode
		}(i)
	}
	wg.Wait()
	ok := 0
	for _, c := range results {
		if c == 200 {
			ok++
		} else if c != 401 {
			t.Fatalf("unexpected status %d", c)
		}
	}
	if ok != 1 {
		t.Fatalf("one challenge must sign in exactly once, got %d of %v", ok, results)
	}
	// The losers' recovery codes were not spent.
	if n := h.num("SELECT count(*) FROM admin_recovery_codes rc JOIN users u ON u.id = rc.user_id WHERE u.email = 'owner@beta.test' AND used_at IS NULL"); n != 9 {
		t.Fatalf("unused recovery codes: %d, want 9", n)
	}
}

func TestRequire2FARestrictsAdminsUntilEnrolled(t *testing.T) {
	h := setup(t)
	h.want(h.call("PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidA, "require2fa": true}), 200)
	tok := h.adminLogin(seed.DemoAdminEmail, seedPW) // the password still signs in …
	for _, path := range []string{"/api/v1/admin/transaction/list", "/api/v1/admin/dashboard/get", "/api/v1/admin/audit/list", "/api/v1/admin/beneficiary/get"} {
		r := h.want(h.call("GET", path, tok, nil), 403) // … to a token that reaches only the set-up
		if r.Msg() != "Your company requires two-factor sign-in. Set it up to continue." {
			t.Fatalf("%s: %s", path, r.Msg())
		}
	}
	h.want(h.call("PUT", "/api/v1/admin/token/update", tok, map[string]any{"name": "X"}), 403)
	if on, req := h.profileTwoFactor(tok); on || !req {
		t.Fatalf("profile: enabled %v required %v", on, req)
	}
	// Company B requires nothing: its admin is not restricted.
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", h.adminB, nil), 200)
	// Uploads too (they were open to an admin who had not enrolled).
	if r := h.upload(tok, tinyPNG); r.Code != 403 || r.Msg() != "Your company requires two-factor sign-in. Set it up to continue." {
		t.Fatalf("an upload before enrolling: %d %s", r.Code, r.Msg())
	}
	secret, _, tok := h.enrol(tok, seedPW)
	h.want(h.call("GET", "/api/v1/admin/transaction/list", tok, nil), 200) // the fresh token, at once
	if r := h.upload(tok, tinyPNG); r.Code != 200 {
		t.Fatalf("an upload after enrolling: %d %s", r.Code, r.Msg())
	}
	if on, req := h.profileTwoFactor(tok); !on || !req {
		t.Fatalf("profile after enrolling: enabled %v required %v", on, req)
	}
	h.want(h.call("POST", "/api/v1/admin/auth/2fa/disable", tok, map[string]any{"code": h.totp(secret, 1), "password": seedPW}), 200)
	h.want(h.call("GET", "/api/v1/admin/transaction/list", tok, nil), 403)
	h.want(h.call("PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidA, "require2fa": false}), 200)
	h.want(h.call("GET", "/api/v1/admin/transaction/list", tok, nil), 200)
}

func TestCompanyAddTakesRequire2FA(t *testing.T) {
	h := setup(t)
	var out struct{ ID string }
	h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, map[string]any{"companyName": "Gamma Ltd",
		"email": "owner@gamma.test", "mobile": "9876500011", "companyAadhaarCard": "499118665246", "companyPan": "GAMMA1234G",
		"companyAddress": "1 Gamma Street", "companyPincode": "400001", "tokenName": "Gamma Coin", "tokenSymbol": "GMC",
		"tokenPrice": 5, "adminPassword": "GammaPass#1", "require2fa": true}), 200).Into(t, &out)
	var c struct {
		Require2FA bool `json:"require2fa"`
	}
	h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+out.ID, h.super, nil), 200).Into(t, &c)
	if !c.Require2FA {
		t.Fatal("company/add must store require2fa")
	}
	tok := h.adminLogin("owner@gamma.test", "GammaPass#1")
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", tok, nil), 403)
}
