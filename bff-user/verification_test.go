package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/user"
)

var smsCodeRe = regexp.MustCompile(`\b(\d{6})\b`)

// smsCode is the code of the last SMS to mobile in the SMS outbox ("" when none).
func (h *harness) smsCode(mobile string) string {
	h.t.Helper()
	f, err := os.Open(h.d.Cfg.Verify.SMSOutbox)
	if err != nil {
		return ""
	}
	defer f.Close()
	code := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m struct{ To, Text string }
		if json.Unmarshal(sc.Bytes(), &m) == nil && m.To == mobile {
			if c := smsCodeRe.FindStringSubmatch(m.Text); c != nil {
				code = c[1]
			}
		}
	}
	return code
}

// unprovedBuyer is a newly registered buyer whose mobile is not proved by SMS.
func (h *harness) unprovedBuyer(email string) (string, *user.User) {
	tok, u := h.newBuyer(email)
	h.exec("UPDATE users SET mobile_verified_at = NULL WHERE id = ?", u.ID)
	u.MobileVerifiedAt = nil
	return tok, u
}

type profileView struct {
	Name, Mobile     string
	MobileVerifiedAt *string
}

func (h *harness) profileOf(tok string) profileView {
	h.t.Helper()
	r := h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	h.want(r, 200)
	var p profileView
	r.Into(h.t, &p)
	return p
}

// kycForm is a good KYC form of the buyer (h.ekycForm) under a name of its own, so two buyers of a
// test are never one person.
func (h *harness) kycForm(tok string) (map[string]string, []byte) {
	sum := sha256.Sum256([]byte(tok))
	name := []byte("Buyer ")
	for _, c := range sum[:8] {
		name = append(name, 'a'+c%26)
	}
	return h.ekycForm(string(name), "2346")
}

// withLocation is the form with the evidence's location part (JSON) set.
func withLocation(form map[string]string, loc map[string]any) map[string]string {
	out := map[string]string{}
	for k, v := range form {
		out[k] = v
	}
	b, _ := json.Marshal(loc)
	out["location"] = string(b)
	return out
}

// A buyer proves their mobile by an SMS code before their KYC can be submitted; the code has the
// email codes' rules; a later change of the mobile clears the proof.
func TestMobileIsVerifiedBySMSBeforeKYC(t *testing.T) {
	h := setup(t)
	tok, u := h.unprovedBuyer("sms-buyer@x.test")
	if p := h.profileOf(tok); p.MobileVerifiedAt != nil {
		t.Fatalf("new buyer verified: %+v", p)
	}
	// KYC first: 409 with the reason, and nothing recorded.
	form, file := h.kycForm(tok)
	r := h.submitKYC(tok, form, file)
	h.want(r, 409)
	if r.Msg() != "Please verify your mobile number by SMS before submitting your KYC." {
		t.Fatalf("message %q", r.Msg())
	}
	if v := h.kycGet(tok); v.Status != "NONE" {
		t.Fatalf("refused submission recorded: %+v", v)
	}

	// Bad numbers are 422 beside the field; another buyer's number is taken.
	h.want(h.call("POST", "/api/v1/user/auth/mobile/otp", tok, map[string]any{"mobile": ""}), 422)
	bad := h.call("POST", "/api/v1/user/auth/mobile/otp", tok, map[string]any{"mobile": "12345"})
	h.want(bad, 422)
	if bad.FieldMsg("mobile") == "" {
		t.Fatalf("no field error: %+v", bad.Errors)
	}
	_, other := h.newBuyer("sms-other@x.test")
	taken := h.call("POST", "/api/v1/user/auth/mobile/otp", tok, map[string]any{"mobile": other.Mobile})
	h.want(taken, 422)
	if taken.Msg() != "This mobile number is already registered." {
		t.Fatalf("taken: %q", taken.Msg())
	}

	// The code goes to the SMS outbox, stored hashed; a wrong code is the one 422.
	mobile := testkit.Mobile()
	h.want(h.call("POST", "/api/v1/user/auth/mobile/otp", tok, map[string]any{"mobile": mobile}), 200)
	code := h.smsCode(mobile)
	if code == "" {
		t.Fatal("no SMS in the outbox")
	}
	var stored int
	_ = h.d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM otps WHERE purpose = 'verify_mobile' AND code_hash = ?", code).Scan(&stored)
	if stored != 0 {
		t.Fatal("code stored in clear")
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	w := h.call("POST", "/api/v1/user/auth/mobile/verify", tok, map[string]any{"mobile": mobile, "code": wrong})
	h.want(w, 422)
	if w.Msg() != "The code is invalid or has expired. Please request a new one." {
		t.Fatalf("wrong code: %q", w.Msg())
	}
	// A code is bound to its number: sent to one, it does not prove another.
	h.want(h.call("POST", "/api/v1/user/auth/mobile/verify", tok, map[string]any{"mobile": testkit.Mobile(), "code": code}), 422)
	// Another buyer cannot use it either.
	tok2, _ := h.unprovedBuyer("sms-thief@x.test")
	h.want(h.call("POST", "/api/v1/user/auth/mobile/verify", tok2, map[string]any{"mobile": mobile, "code": code}), 422)

	v := h.call("POST", "/api/v1/user/auth/mobile/verify", tok, map[string]any{"mobile": mobile, "code": code})
	h.want(v, 200)
	var st struct {
		Mobile           string
		MobileVerifiedAt *time.Time
	}
	v.Into(t, &st)
	if st.Mobile != mobile || st.MobileVerifiedAt == nil {
		t.Fatalf("verify answer %+v", st)
	}
	if p := h.profileOf(tok); p.Mobile != mobile || p.MobileVerifiedAt == nil {
		t.Fatalf("profile after verify: %+v", p)
	}
	// Used once.
	h.want(h.call("POST", "/api/v1/user/auth/mobile/verify", tok, map[string]any{"mobile": mobile, "code": code}), 422)

	h.want(h.submitKYC(tok, form, file), 200)

	// Changing the mobile in the profile clears the proof.
	h.want(h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"mobile": testkit.Mobile(), "password": "Passw0rd!"}), 200)
	if p := h.profileOf(tok); p.MobileVerifiedAt != nil {
		t.Fatalf("changed mobile still verified: %+v", p)
	}
	_ = u
}

func TestMobileCodesExpireAndAreRateLimited(t *testing.T) {
	h := setup(t)
	tok, _ := h.unprovedBuyer("sms-limit@x.test")
	mobile := testkit.Mobile()
	h.want(h.call("POST", "/api/v1/user/auth/mobile/otp", tok, map[string]any{"mobile": mobile}), 200)
	code := h.smsCode(mobile)
	// Expired: the code's row is older than its 10 minutes.
	h.exec("UPDATE otps SET expires_at = now() - interval '1 second' WHERE purpose = 'verify_mobile'")
	h.want(h.call("POST", "/api/v1/user/auth/mobile/verify", tok, map[string]any{"mobile": mobile, "code": code}), 422)

	// The email codes' send limit per number: the burst, then 429 with a message.
	last := reply{}
	for i := 0; i < 8; i++ {
		last = h.call("POST", "/api/v1/user/auth/mobile/otp", tok, map[string]any{"mobile": mobile})
		if last.Code == 429 {
			break
		}
		h.want(last, 200)
	}
	h.want(last, 429)
	if last.Msg() == "" {
		t.Fatal("429 without a message")
	}
}

// The evidence of a submission: the client's IP through the trusted-proxy rule, the user agent,
// the time and the consented location (or its refusal); the admin's review reads it.
func TestKYCEvidenceIsStoredWithTheProxyRule(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("evidence@x.test")
	form, file := h.kycForm(tok)
	// A location off Earth, coordinates with a refusal, or a part that is not JSON are refused.
	h.want(h.submitKYC(tok, withLocation(form, map[string]any{"status": "GRANTED", "latitude": 91.0, "longitude": 77.5}), file), 422)
	h.want(h.submitKYC(tok, withLocation(form, map[string]any{"status": "DECLINED", "latitude": 12.9, "longitude": 77.5}), file), 422)
	bad := map[string]string{"location": "{not json"}
	for k, v := range form {
		bad[k] = v
	}
	h.want(h.submitKYC(tok, bad, file), 422)

	// Behind a trusted proxy the client's address is the header's.
	h.d.Cfg.ProxyHeader, h.d.Cfg.TrustedProxies = "X-Forwarded-For", []string{"0.0.0.0"}
	behind := h.http()
	behind.App = newServer(h.d)
	req := testkit.KYCSubmitRequest(tok, withLocation(form, map[string]any{"status": "GRANTED", "latitude": 12.971599, "longitude": 77.594566, "accuracy": 35.4}), file)
	req.Header.Set("X-Forwarded-For", "203.0.113.9")
	req.Header.Set("User-Agent", "Mozilla/5.0 (Linux; Android 14) TestBrowser")
	h.want(behind.Send(req), 200)
	var ip, ua, status string
	var lat, lng string
	var acc int
	if err := h.d.DB.QueryRowContext(context.Background(), `SELECT ip, user_agent, location_status, latitude::text, longitude::text, accuracy_m
		FROM kyc_evidence WHERE user_id = ?`, u.ID).Scan(&ip, &ua, &status, &lat, &lng, &acc); err != nil {
		t.Fatal(err)
	}
	if ip != "203.0.113.9" || ua != "Mozilla/5.0 (Linux; Android 14) TestBrowser" || status != "GRANTED" ||
		lat != "12.971599" || lng != "77.594566" || acc != 35 {
		t.Fatalf("evidence %q %q %q %s %s %d", ip, ua, status, lat, lng, acc)
	}

	// Without a trusted proxy the header is not believed; a refusal is recorded as DECLINED.
	h.decideKYC(u, false, "Blurred.")
	form, file = h.kycForm(tok)
	req = testkit.KYCSubmitRequest(tok, withLocation(form, map[string]any{"status": "DECLINED"}), file)
	req.Header.Set("X-Forwarded-For", "203.0.113.9")
	h.want(h.send(req), 200)
	if err := h.d.DB.QueryRowContext(context.Background(), `SELECT ip, location_status FROM kyc_evidence WHERE user_id = ?`, u.ID).Scan(&ip, &status); err != nil {
		t.Fatal(err)
	}
	if ip == "203.0.113.9" || status != "DECLINED" {
		t.Fatalf("untrusted header believed or refusal lost: %q %q", ip, status)
	}
}

type bankView struct {
	BankName, IFSC, AccountLast4, AccountMasked, HolderName, ComparedName string
	NameScore                                                             int
	NameMatches                                                           bool
}

// The buyer's bank account: the IFSC's form, the bank's answer (found, not found, another
// holder), and only the last 4 digits kept and answered.
func TestBankAccountIsVerifiedAndOnlyItsLast4Kept(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("bank@x.test")
	save := func(body map[string]any, code int) reply {
		t.Helper()
		r := h.call("POST", "/api/v1/user/bank-account", tok, body)
		h.want(r, code)
		return r
	}
	r := h.call("GET", "/api/v1/user/bank-account/get", tok, nil)
	h.want(r, 200)
	if string(r.Data) != "null" {
		t.Fatalf("before: %s", r.Data)
	}
	bad := save(map[string]any{"accountNumber": "12345678901234", "ifsc": "HDFC1234567"}, 422)
	if !strings.HasPrefix(bad.FieldMsg("ifsc"), "Please enter a valid IFSC") {
		t.Fatalf("ifsc: %+v", bad.Errors)
	}
	save(map[string]any{"accountNumber": "12345678901234", "ifsc": "HDF0001234"}, 422)
	bad = save(map[string]any{"accountNumber": "12AB", "ifsc": "HDFC0001234"}, 422)
	if bad.FieldMsg("accountNumber") == "" {
		t.Fatalf("account: %+v", bad.Errors)
	}
	save(map[string]any{"accountNumber": "12345678901234", "confirmAccountNumber": "12345678901235", "ifsc": "HDFC0001234"}, 422)
	nf := save(map[string]any{"accountNumber": "1234567899999", "ifsc": "SBIN0001234"}, 422)
	if !strings.HasPrefix(nf.FieldMsg("accountNumber"), "The bank found no account") {
		t.Fatalf("not found: %+v", nf.Errors)
	}

	ok := save(map[string]any{"accountNumber": "5010 0123 4567 8901", "confirmAccountNumber": "50100123456789 01", "ifsc": " hdfc0001234 "}, 200)
	var v bankView
	ok.Into(t, &v)
	if v.BankName != "HDFC Bank" || v.IFSC != "HDFC0001234" || v.AccountLast4 != "8901" || v.AccountMasked != "••••8901" ||
		v.HolderName != strings.ToUpper(u.Name) || !v.NameMatches || v.NameScore != 100 {
		t.Fatalf("saved %+v", v)
	}
	if ok.Msg() != "Your bank account is verified." {
		t.Fatalf("message %q", ok.Msg())
	}
	// Never whole: not in the answer, not in any column.
	for _, b := range [][]byte{ok.Data, h.call("GET", "/api/v1/user/bank-account/get", tok, nil).Data} {
		if strings.Contains(string(b), "50100123456789") || strings.Contains(string(b), "123456") {
			t.Fatalf("account number answered: %s", b)
		}
	}
	var row string
	_ = h.d.DB.QueryRowContext(context.Background(), "SELECT row_to_json(b)::text FROM bank_accounts AS b WHERE user_id = ?", u.ID).Scan(&row)
	if strings.Contains(row, "5010012345678901") || !strings.Contains(row, `"account_last4":"8901"`) {
		t.Fatalf("stored %s", row)
	}
	var audited int
	_ = h.d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'bank.verify' AND target_id = ?", u.ID).Scan(&audited)
	if audited != 1 {
		t.Fatalf("%d audit rows", audited)
	}

	// Held by someone else: saved, the mismatch marked; an unknown bank prefix is named by it.
	mm := save(map[string]any{"accountNumber": "123456780000", "ifsc": "ZZZZ0ABC123"}, 200)
	mm.Into(t, &v)
	if v.NameMatches || v.HolderName != "RAMESH KUMAR VERMA" || v.BankName != "Bank (IFSC ZZZZ)" || v.ComparedName != u.Name {
		t.Fatalf("mismatch %+v", v)
	}
	if !strings.Contains(mm.Msg(), "differs from yours") {
		t.Fatalf("mismatch message %q", mm.Msg())
	}
	h.want(h.call("POST", "/api/v1/user/bank-account", "", map[string]any{"accountNumber": "123456781111", "ifsc": "HDFC0001234"}), 401)
}

// Once the buyer has sent UIDAI's signed e-KYC file, the bank account's holder is matched with the
// name in it (kyc.ProvedName), not the profile's name, which the buyer may type as they like.
func TestBankHolderIsMatchedWithTheEKYCName(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("bank-ekyc@x.test")
	// The simulator's account ending 0000 is held by RAMESH KUMAR VERMA: before any e-KYC the
	// profile's name (B bank-ekyc@x.test) is compared, and differs.
	var v bankView
	r := h.call("POST", "/api/v1/user/bank-account", tok, map[string]any{"accountNumber": "123456780000", "ifsc": "HDFC0001234"})
	h.want(r, 200)
	r.Into(t, &v)
	if v.NameMatches || v.ComparedName != u.Name {
		t.Fatalf("before the e-KYC: %+v", v)
	}
	// The e-KYC file proves the name Ramesh Kumar Verma; the profile keeps its own name.
	form, file := h.ekycForm("Ramesh Kumar Verma", "2346")
	h.want(h.submitKYC(tok, form, file), 200)
	if p := h.profileOf(tok); p.Name != u.Name {
		t.Fatalf("profile name changed: %q", p.Name)
	}
	r = h.call("POST", "/api/v1/user/bank-account", tok, map[string]any{"accountNumber": "123456780000", "ifsc": "HDFC0001234"})
	h.want(r, 200)
	r.Into(t, &v)
	if !v.NameMatches || v.NameScore != 100 || v.ComparedName != "Ramesh Kumar Verma" || v.HolderName != "RAMESH KUMAR VERMA" {
		t.Fatalf("after the e-KYC: %+v", v)
	}
	// Another account (held, in the simulator, by whoever is asked about) is asked for in the
	// e-KYC name too.
	r = h.call("POST", "/api/v1/user/bank-account", tok, map[string]any{"accountNumber": "123456781111", "ifsc": "HDFC0001234"})
	h.want(r, 200)
	r.Into(t, &v)
	if v.HolderName != "RAMESH KUMAR VERMA" || !v.NameMatches {
		t.Fatalf("second account: %+v", v)
	}
}
