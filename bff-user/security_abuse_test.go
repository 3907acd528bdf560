package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
)

// TestSecurityUploads: content decides the type; disguised, empty, huge, bomb and traversal
// uploads are refused or neutralised.
func TestSecurityUploads(t *testing.T) {
	s := secSetup(t)
	tok := s.buyerToken()
	refused := map[string]struct {
		data []byte
		want int
	}{
		"svg as png":      {[]byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), 415},
		"html as png":     {[]byte("<!doctype html><script>alert(1)</script>"), 415},
		"html with BOM":   {[]byte("\xef\xbb\xbf<html><script>alert(1)</script></html>"), 415},
		"xml":             {[]byte(`<?xml version="1.0"?><x/>`), 415},
		"js":              {[]byte("alert(document.cookie)"), 415},
		"exe":             {[]byte("MZ\x90\x00\x03\x00\x00\x00"), 415},
		"wrong magic":     {[]byte("\x89PNX\r\n\x1a\n" + strings.Repeat("\x00", 64)), 415},
		"gzip":            {[]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0}, 415},
		"empty":           {nil, 422},
		"over 5 MB":       {append(append([]byte{}, pngBytes...), make([]byte, 5<<20)...), 413},
		"docx bomb":       {zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<T/>"), "word/document.xml": bytes.Repeat([]byte{'A'}, 8<<20)}), 415},
		"zip, not a docx": {zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<T/>"), "xl/workbook.xml": []byte("<w/>")}), 415},
	}
	many := map[string][]byte{"[Content_Types].xml": []byte("<T/>")}
	for i := 0; i < 2100; i++ {
		many[fmt.Sprintf("word/p%d.xml", i)] = nil
	}
	refused["docx with 2100 entries"] = struct {
		data []byte
		want int
	}{zipOf(t, many), 415}
	for name, c := range refused {
		if r := s.upload(tok, "x.png", c.data); r.Code != c.want {
			t.Errorf("%s: %d %s, want %d", name, r.Code, r.Msg(), c.want)
		}
	}
	// Hostile file names are kept as display text only: no path, no control characters, and the
	// stored file has a random name.
	for _, name := range []string{"../../../../etc/passwd.png", `..\..\windows\win.ini.png`, "a\r\nX-Evil: 1.png", `q"uote.png`,
		"/abs/path.png", strings.Repeat("n", 500) + ".png", "\u202egnp.exe"} {
		r := s.upload(tok, name, pngBytes)
		s.want(r, 200)
		var up []struct{ ID, URL, OriginalName string }
		r.Into(t, &up)
		if strings.ContainsAny(up[0].OriginalName, "/\\\r\n\"") || len(up[0].OriginalName) > 200 {
			t.Errorf("name %q kept as %q", name, up[0].OriginalName)
		}
		var stored string
		if err := s.d.DB.NewRaw("SELECT storage_name FROM media WHERE id = ?", up[0].ID).Scan(context.Background(), &stored); err != nil ||
			len(stored) != 32 || strings.ContainsAny(stored, "./\\") {
			t.Errorf("storage name %q %v", stored, err)
		}
		f := s.call("GET", up[0].URL, "", nil)
		s.want(f, 200)
		if d := f.Header.Get("Content-Disposition"); strings.ContainsAny(d, "\r\n") || strings.Contains(d, "..") {
			t.Errorf("disposition %q", d)
		}
	}
	// A PNG that carries HTML after its header is served as an image with nosniff, in a sandbox.
	poly := append(append([]byte{}, pngBytes...), []byte("<html><script>alert(1)</script></html>")...)
	r := s.upload(tok, "poly.png", poly)
	s.want(r, 200)
	var up []struct{ URL string }
	r.Into(t, &up)
	f := s.call("GET", up[0].URL, "", nil)
	if f.Header.Get("Content-Type") != "image/png" || f.Header.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.Contains(f.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("polyglot served with %v", f.Header)
	}
	// Five files at most per request, and nothing is stored when one is refused.
	var before int
	_ = s.d.DB.NewRaw("SELECT count(*) FROM media").Scan(context.Background(), &before)
	s.want(s.uploadMany(tok, [][]byte{pngBytes, []byte("<svg/>")}), 415)
	s.want(s.uploadMany(tok, [][]byte{pngBytes, pngBytes, pngBytes, pngBytes, pngBytes, pngBytes}), 422)
	var after int
	_ = s.d.DB.NewRaw("SELECT count(*) FROM media").Scan(context.Background(), &after)
	if after != before {
		t.Errorf("refused uploads stored %d files", after-before)
	}
}

// TestSecurityBruteForce: OTP guessing burns the code; login guessing and OTP-send floods are 429
// with Retry-After; the real user gets in once the window has passed.
func TestSecurityBruteForce(t *testing.T) {
	s := secSetup(t)
	ctx := context.Background()
	cid := s.companyID
	// OTP guessing: five wrong codes burn it, so the right one no longer works.
	email := "victim@x.test"
	s.want(s.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": cid, "name": "V", "email": email, "mobile": "9876543210"}), 200)
	code := s.lastCode(email)
	reg := func(otp string) reply {
		return s.call("POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": cid, "name": "V", "mobile": "9876543210",
			"email": email, "otp": otp, "dateOfBirth": "1990-01-01", "gender": "male", "pincode": "560001", "password": "Passw0rd!"})
	}
	for i := 0; i < 5; i++ {
		wrong := fmt.Sprintf("%06d", (atoi(code)+i+1)%1_000_000)
		s.want(reg(wrong), 422)
	}
	s.want(reg(code), 422)
	// The real user asks for a new code and registers.
	s.want(s.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": cid, "name": "V", "email": email, "mobile": "9876543210"}), 200)
	s.want(reg(s.lastCode(email)), 200)

	// Login guessing: 429 with Retry-After, and the right password is also held off meanwhile.
	login := func(pw string) reply {
		return s.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": cid, "user": email, "password": pw})
	}
	var last reply
	for i := 0; i < 15 && last.Code != 429; i++ {
		last = login(fmt.Sprintf("guess-%d", i))
	}
	s.want(last, 429)
	if ra := last.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Fatalf("429 without Retry-After: %v", last.Header)
	}
	s.want(login("Passw0rd!"), 429)
	// Once the window has passed (the limiter's key expires), the real user signs in.
	s.delLimits("rate:rl:login-fail-*")
	s.want(login("Passw0rd!"), 200)
	// Success resets the subject's counter: guessing must start over.
	s.want(login("wrong-again"), 401)

	// OTP-send flood per email: 429; other addresses are unaffected.
	flood := func(addr string) reply {
		return s.call("POST", "/api/v1/user/auth/forgot-password/otp", "", map[string]any{"companyId": cid, "user": addr})
	}
	last = reply{}
	for i := 0; i < 10 && last.Code != 429; i++ {
		last = flood(email)
	}
	s.want(last, 429)
	if last.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	s.want(flood(seed.DemoBuyerEmail), 200)
	// Per IP: many addresses from one IP hit the IP limit.
	last = reply{}
	for i := 0; i < 40 && last.Code != 429; i++ {
		last = flood(fmt.Sprintf("spray%d@x.test", i))
	}
	s.want(last, 429)
	s.delLimits("rate:rl:otp-send-*")
	s.want(flood(email), 200)
	_ = ctx
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// delLimits forgets rate-limit keys (what waiting out the window would do).
func (s *secEnv) delLimits(pattern string) {
	s.t.Helper()
	keys, err := s.d.Redis.Keys(context.Background(), pattern).Result()
	if err != nil {
		s.t.Fatal(err)
	}
	if len(keys) > 0 {
		s.d.Redis.Del(context.Background(), keys...)
	}
}

// TestSecurityHeadersAndTokensNeverLogged: every answer carries the security headers, and no
// token or password ever reaches the log or a URL.
func TestSecurityHeadersAndTokensNeverLogged(t *testing.T) {
	s := secSetup(t)
	tok := s.buyerToken()
	for _, p := range []string{"/api/v1/user/site/get", "/api/v1/user/auth/profile/get", "/api/v1/nope", "/healthz", "/", "/user/dashboard"} {
		r := s.call("GET", p, tok, nil)
		secHeaders(t, p, r)
	}
	r := s.call("GET", "/api/v1/user/transaction/list?token="+tok, tok, nil) // a token in a URL is never logged either
	s.want(r, 200)
	s.want(s.call("GET", "/api/v1/user/auth/profile/get", "Bearer "+tok+"x", nil), 401)
	s.want(s.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": s.companyID, "user": seed.DemoBuyerEmail, "password": "Wrong-Secret-9"}), 401)
	logs := s.logs.String()
	if !strings.Contains(logs, "/api/v1/user/auth/profile/get") {
		t.Fatalf("access log not captured:\n%s", logs)
	}
	testkit.NoToken(t, "the server log", logs)
	for _, secret := range []string{tok[:24], seedPW, "Wrong-Secret-9"} {
		if strings.Contains(logs, secret) {
			t.Errorf("log contains %q:\n%s", secret, secGrep(logs, secret[:3]))
		}
	}
	// Links the API hands out carry signatures, never tokens.
	up := s.upload(tok, "a.png", pngBytes)
	testkit.NoToken(t, "the upload answer", string(up.Data))
	testkit.NoLeak(t, "the upload answer", string(up.Data), tok[:24])
}

func secHeaders(t *testing.T, where string, r reply) {
	t.Helper()
	csp := r.Header.Get("Content-Security-Policy")
	script := ""
	for _, d := range strings.Split(csp, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src") {
			script = d
		}
	}
	if script == "" && !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("%s: CSP without script-src/default-src: %q", where, csp)
	}
	if strings.Contains(script, "unsafe-inline") || strings.Contains(script, "unsafe-eval") {
		t.Errorf("%s: CSP allows inline scripts: %q", where, csp)
	}
	if !strings.Contains(csp, "frame-ancestors 'none'") || r.Header.Get("X-Content-Type-Options") != "nosniff" ||
		r.Header.Get("Referrer-Policy") == "" || r.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("%s: security headers %v", where, r.Header)
	}
}
