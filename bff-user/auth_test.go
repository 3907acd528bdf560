package main

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"prelaunch/core/auth"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

func TestSiteGetIsPublic(t *testing.T) {
	h := setup(t)
	r := h.call("GET", "/api/v1/user/site/get", "", nil)
	h.want(r, 200)
	var s struct {
		CompanyID string
		Token     struct{ Symbol string }
	}
	r.Into(t, &s)
	if s.CompanyID != h.companyID || s.Token.Symbol != "ACW" {
		t.Fatalf("site = %+v", s)
	}
}

func TestRegisterWithOTPThenLogin(t *testing.T) {
	h := setup(t)
	otpURL := "/api/v1/user/auth/register/otp"
	// Step 1 refusals.
	r := h.call("POST", otpURL, "", map[string]any{"companyId": h.companyID, "name": "A", "email": "", "mobile": "9876543210"})
	h.want(r, 422)
	if r.Msg() != "Please fill in Name, Email, and Mobile to request OTP." {
		t.Fatalf("message %q", r.Msg())
	}
	r = h.call("POST", otpURL, "", map[string]any{"name": "A", "email": "a@x.test", "mobile": "9876543210"})
	h.want(r, 422)
	if !strings.Contains(r.Msg(), "Company ID is not configured") {
		t.Fatalf("message %q", r.Msg())
	}
	r = h.call("POST", otpURL, "", map[string]any{"companyId": "00000000-0000-0000-0000-000000000000", "name": "A", "email": "a@x.test", "mobile": "9876543210"})
	h.want(r, 422)
	// An email with an account gets the same answer (its owner is told, no code is sent).
	r = h.call("POST", otpURL, "", map[string]any{"companyId": h.companyID, "name": "A", "email": seed.DemoBuyerEmail, "mobile": "9876543210"})
	h.want(r, 200)
	if m := testkit.QueuedEmails(t, h.d.Redis, seed.DemoBuyerEmail); len(m) != 1 || !strings.Contains(m[0].Subject, "account already exists") {
		t.Fatalf("the account's owner must get a notice and no code: %+v", m)
	}
	h.want(h.call("POST", otpURL, "", map[string]any{"companyId": h.companyID, "name": "A", "email": "new@x.test", "mobile": "9876543210"}), 200)

	var buyer user.User
	if err := h.d.DB.NewSelect().Model(&buyer).Where("email = ?", seed.DemoBuyerEmail).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	base := map[string]any{"companyId": h.companyID, "name": "New Buyer", "mobile": "9876543210", "email": "new@x.test",
		"otp": "000000", "dateOfBirth": "1995-02-03", "gender": "male", "pincode": "560001", "password": "Secret123"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for kk, vv := range base {
			m[kk] = vv
		}
		m[k] = v
		return m
	}
	regURL := "/api/v1/user/auth/register"
	h.want(h.call("POST", regURL, "", with("password", "short")), 422)
	h.want(h.call("POST", regURL, "", with("gender", "robot")), 422)
	h.want(h.call("POST", regURL, "", with("dateOfBirth", "03/02/1995")), 422)
	h.want(h.call("POST", regURL, "", with("referralCode", "PL-NOPE0000")), 422)
	r = h.call("POST", regURL, "", base) // wrong code
	h.want(r, 422)
	if !strings.Contains(r.Msg(), "code is invalid") {
		t.Fatalf("message %q", r.Msg())
	}
	code := h.lastCode("new@x.test")
	ok := with("otp", code)
	ok["referralCode"] = strings.ToLower(buyer.ReferralCode)
	ok["email"] = "New@X.test"
	h.want(h.call("POST", regURL, "", ok), 200)
	// The code works once (the email's 409 comes only after a good code).
	h.want(h.call("POST", regURL, "", ok), 422)

	var nu user.User
	if err := h.d.DB.NewSelect().Model(&nu).Where("email = ?", "new@x.test").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if nu.ReferredBy == nil || *nu.ReferredBy != buyer.ID || !strings.HasPrefix(nu.ReferralCode, "PL-") || nu.Role != user.RoleUser {
		t.Fatalf("registered user %+v", nu)
	}
	tok := h.login("NEW@x.test", "Secret123")
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", tok, nil), 200)
}

func TestLoginRefusals(t *testing.T) {
	h := setup(t)
	login := func(email, pw string) reply {
		return h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": email, "password": pw})
	}
	r := login(seed.DemoBuyerEmail, "wrong-password")
	h.want(r, 401)
	unknown := login("nobody@x.test", "wrong-password")
	h.want(unknown, 401)
	if r.Msg() != "Invalid email or password." || unknown.Msg() != r.Msg() {
		t.Fatalf("messages %q / %q", r.Msg(), unknown.Msg())
	}
	h.want(login("", ""), 422)
	h.want(h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"user": seed.DemoBuyerEmail, "password": seedPW}), 422)

	tok := h.buyerToken()
	h.exec("UPDATE users SET status = 'BLOCKED' WHERE email = ?", seed.DemoBuyerEmail)
	r = login(seed.DemoBuyerEmail, seedPW)
	h.want(r, 401)
	if r.Msg() != "Your account is not active. Please contact support." {
		t.Fatalf("blocked message %q", r.Msg())
	}
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", tok, nil), 401) // block revokes
	h.exec("UPDATE users SET status = 'ACTIVE', deleted_at = now() WHERE email = ?", seed.DemoBuyerEmail)
	h.want(login(seed.DemoBuyerEmail, seedPW), 401)
}

func TestOtherAudiencesAndMissingTokensAreRefused(t *testing.T) {
	h := setup(t)
	var admin user.User
	if err := h.d.DB.NewSelect().Model(&admin).Where("email = ?", seed.DemoAdminEmail).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	adminTok, _ := h.d.Tokens.Issue(admin.ID, admin.CompanyID, admin.Role, auth.AudienceAdmin, admin.TokenVersion)
	for _, p := range []string{"/api/v1/user/auth/profile/get", "/api/v1/user/package/price/get", "/api/v1/user/transaction/list"} {
		h.want(h.call("GET", p, "", nil), 401)
		h.want(h.call("GET", p, adminTok, nil), 401)
		h.want(h.call("GET", p, "garbage", nil), 401)
	}
	// An admin never signs in on the buyer site (docs/openapi/user.yaml): the right password gets
	// the wrong-password answer, and a buyer-audience token of theirs (issued before) is refused.
	r := h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": seed.DemoAdminEmail, "password": seedPW})
	h.want(r, 401)
	if r.Msg() != "Invalid email or password." {
		t.Fatalf("an admin on the buyer site: %q", r.Msg())
	}
	oldTok, _ := h.d.Tokens.Issue(admin.ID, admin.CompanyID, admin.Role, auth.AudienceUser, admin.TokenVersion)
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", oldTok, nil), 401)
	// A buyer token of another company is refused on this site.
	h.exec(`INSERT INTO companies (id, name, email) VALUES ('11111111-1111-1111-1111-111111111111', 'Other', 'o@x.test')`)
	h.exec(`INSERT INTO users (company_id, name, email, password_hash, referral_code) VALUES ('11111111-1111-1111-1111-111111111111', 'O', 'o@x.test', 'x', 'PL-OTHER001')`)
	var other user.User
	_ = h.d.DB.NewSelect().Model(&other).Where("email = 'o@x.test'").Scan(context.Background())
	otherTok, _ := h.d.Tokens.Issue(other.ID, other.CompanyID, other.Role, auth.AudienceUser, 0)
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", otherTok, nil), 403)
}

func TestLoginIsRateLimited(t *testing.T) {
	h := setup(t)
	var last reply
	for i := 0; i < 12; i++ {
		last = h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": seed.DemoBuyerEmail, "password": "nope-nope"})
		if last.Code == 429 {
			break
		}
	}
	h.want(last, 429)
	if last.Header.Get("Retry-After") == "" || !strings.Contains(last.Msg(), "Too many attempts") {
		t.Fatalf("429 without Retry-After or message: %v %q", last.Header, last.Msg())
	}
}

func TestOTPSendsAreRateLimited(t *testing.T) {
	h := setup(t)
	var last reply
	for i := 0; i < 6; i++ {
		last = h.call("POST", "/api/v1/user/auth/forgot-password/otp", "", map[string]any{"companyId": h.companyID, "user": seed.DemoBuyerEmail})
		if last.Code == 429 {
			break
		}
	}
	h.want(last, 429)
}

func TestForgotPasswordResetsAndRevokesOlderTokens(t *testing.T) {
	h := setup(t)
	old := h.buyerToken()
	h.want(h.call("POST", "/api/v1/user/auth/forgot-password/otp", "", map[string]any{"companyId": h.companyID}), 422)
	// Unknown emails get the same answer and no mail.
	r := h.call("POST", "/api/v1/user/auth/forgot-password/otp", "", map[string]any{"companyId": h.companyID, "user": "ghost@x.test"})
	h.want(r, 200)
	h.want(h.call("POST", "/api/v1/user/auth/forgot-password/otp", "", map[string]any{"companyId": h.companyID, "user": seed.DemoBuyerEmail}), 200)
	code := h.lastCode(seed.DemoBuyerEmail)
	reset := map[string]any{"companyId": h.companyID, "user": seed.DemoBuyerEmail, "otp": code, "password": "short"}
	h.want(h.call("POST", "/api/v1/user/auth/forgot-password", "", reset), 422)
	reset["password"] = "BrandNew123"
	reset["otp"] = "999999"
	if code == "999999" {
		reset["otp"] = "999998"
	}
	h.want(h.call("POST", "/api/v1/user/auth/forgot-password", "", reset), 422)
	reset["otp"] = code
	h.want(h.call("POST", "/api/v1/user/auth/forgot-password", "", reset), 200)
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", old, nil), 401)
	h.want(h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": seed.DemoBuyerEmail, "password": seedPW}), 401)
	h.login(seed.DemoBuyerEmail, "BrandNew123")
}

func TestPasswordChangeNeedsCurrentPasswordAndCodeAndRevokesTokens(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	h.want(h.call("POST", "/api/v1/user/auth/password/otp", tok, nil), 200)
	code := h.lastCode(seed.DemoBuyerEmail)
	up := "/api/v1/user/auth/password/update"
	r := h.call("PUT", up, tok, map[string]any{"otp": code, "password": "wrong-current", "newPassword": "Another123"})
	h.want(r, 422)
	if r.Msg() != "Current password is incorrect." {
		t.Fatalf("message %q", r.Msg())
	}
	h.want(h.call("PUT", up, tok, map[string]any{"otp": code, "password": seedPW, "newPassword": "short"}), 422)
	h.want(h.call("PUT", up, tok, map[string]any{"password": seedPW, "newPassword": "Another123"}), 422)
	r = h.call("PUT", up, tok, map[string]any{"otp": code, "password": seedPW, "newPassword": "Another123"})
	h.want(r, 200)
	var d struct{ Token string }
	r.Into(t, &d)
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", tok, nil), 401)
	h.want(h.call("GET", "/api/v1/user/auth/profile/get", d.Token, nil), 200)
	h.login(seed.DemoBuyerEmail, "Another123")
	// The code was used.
	h.want(h.call("PUT", up, d.Token, map[string]any{"otp": code, "password": "Another123", "newPassword": "Third12345"}), 422)
}

func TestEmailEnqueueFailureIs503(t *testing.T) {
	h := setup(t)
	h.d.Tasks = asynq.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1"})
	h.app = newServer(h.d)
	r := h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID, "name": "A", "email": "q@x.test", "mobile": "9876543210"})
	h.want(r, 503)
	if !strings.Contains(r.Msg(), "could not send the email") {
		t.Fatalf("message %q", r.Msg())
	}
}

func TestProfileGetAndUpdate(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	r := h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	h.want(r, 200)
	var p map[string]any
	r.Into(t, &p)
	for _, k := range []string{"id", "name", "email", "mobile", "referralCode", "dateOfBirth", "gender", "pincode", "profileImage",
		"kycDocumentNumber", "walletAddress", "globalStake", "stockBalance", "isApproved", "companyId"} {
		if _, ok := p[k]; !ok {
			t.Fatalf("profile lacks %s: %v", k, p)
		}
	}
	if p["profileImage"] != nil || p["dateOfBirth"] != nil || p["globalStake"].(float64) != 0 {
		t.Fatalf("fresh profile %v", p)
	}
	up := "/api/v1/user/auth/profile/update"
	h.want(h.call("PUT", up, tok, map[string]any{"name": "X"}), 422)
	r = h.call("PUT", up, tok, map[string]any{"name": "X", "password": "wrong-one"})
	h.want(r, 422)
	if r.Msg() != "Current password is incorrect." {
		t.Fatalf("message %q", r.Msg())
	}
	r = h.call("PUT", up, tok, map[string]any{"kycDocumentNumber": "234123412345", "password": seedPW}) // checksum
	if r.Code != 422 || r.Msg() != "This Aadhaar number is not valid." {
		t.Fatalf("checksum: %d %s", r.Code, r.Msg())
	}
	r = h.call("PUT", up, tok, map[string]any{"kycDocumentNumber": "12345", "password": seedPW})
	if r.Code != 422 || r.Msg() != "Please enter a valid 12-digit Aadhaar number." {
		t.Fatalf("length: %d %s", r.Code, r.Msg())
	}

	// Uploads: a PDF is not a profile picture; another buyer's image is not yours.
	var up1 []struct{ ID string }
	rr := h.upload(tok, "r.pdf", pdfBytes)
	h.want(rr, 200)
	rr.Into(t, &up1)
	h.want(h.call("PUT", up, tok, map[string]any{"profileImageId": up1[0].ID, "password": seedPW}), 422)
	otherTok, _ := h.newBuyer("other@x.test")
	var up2 []struct{ ID string }
	rr = h.upload(otherTok, "o.png", pngBytes)
	h.want(rr, 200)
	rr.Into(t, &up2)
	h.want(h.call("PUT", up, tok, map[string]any{"profileImageId": up2[0].ID, "password": seedPW}), 422)
	h.want(h.call("PUT", up, tok, map[string]any{"profileImageId": "not-a-uuid", "password": seedPW}), 422)

	var mine []struct{ ID string }
	rr = h.upload(tok, "me.png", pngBytes)
	h.want(rr, 200)
	rr.Into(t, &mine)
	// Form-urlencoded, raw Authorization header, read-only fields ignored.
	h.want(h.form("PUT", up, tok, url.Values{"name": {"Renamed Buyer"}, "email": {"hacker@x.test"}, "referralCode": {"PL-HACKED00"},
		"mobile": {"+91 99999 88888"}, "dateOfBirth": {"1990-01-31"}, "kycDocumentNumber": {"2341 2341 2346"},
		"profileImageId": {mine[0].ID}, "password": {seedPW}}), 200)
	r = h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	var q struct {
		Name, Email, Mobile, ReferralCode, KycDocumentNumber string
		DateOfBirth                                          *string
		ProfileImage                                         *struct{ ID, URL string }
	}
	r.Into(t, &q)
	if q.Name != "Renamed Buyer" || q.Email != seed.DemoBuyerEmail || q.ReferralCode == "PL-HACKED00" ||
		q.KycDocumentNumber != "XXXX XXXX 2346" || q.Mobile != "+919999988888" || q.DateOfBirth == nil || !strings.HasPrefix(*q.DateOfBirth, "1990-01-31") ||
		q.ProfileImage == nil || q.ProfileImage.ID != mine[0].ID || !strings.Contains(q.ProfileImage.URL, "sig=") {
		t.Fatalf("after update %+v", q)
	}
	img := h.call("GET", q.ProfileImage.URL, "", nil)
	h.want(img, 200)
}

func TestPriceAndBeneficiary(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	r := h.call("GET", "/api/v1/user/package/price/get", tok, nil)
	h.want(r, 200)
	var p map[string]any
	r.Into(t, &p)
	if p["price"].(float64) != 10 || p["platformChargePercent"].(float64) != 2 || p["remainingPrivateSupply"].(float64) != 10000000 || p["symbol"] != "ACW" {
		t.Fatalf("price %v", p)
	}
	r = h.call("GET", "/api/v1/user/package/beneficiary/get", tok, nil)
	h.want(r, 200)
	var b struct {
		BankName, UPI string
		Banks         []struct{ ID, BankName, IfscCode string }
	}
	r.Into(t, &b)
	if b.BankName != "State Bank of India" || b.UPI != "democompany@sbi" || len(b.Banks) != 1 || b.Banks[0].IfscCode != "SBIN0001234" {
		t.Fatalf("beneficiary %+v", b)
	}
	h.exec("DELETE FROM beneficiaries")
	r = h.call("GET", "/api/v1/user/package/beneficiary/get", tok, nil)
	h.want(r, 200)
	r.Into(t, &b)
	if b.BankName != "" || b.UPI != "" || len(b.Banks) != 0 || !strings.Contains(string(r.Data), `"banks":[]`) {
		t.Fatalf("empty beneficiary %s", r.Data)
	}
}

// TestOTPResentWithinAMinute: a second register OTP request within a minute re-sends the same
// code — the same code arrives twice and it verifies.
func TestOTPResentWithinAMinute(t *testing.T) {
	h := setup(t)
	const email = "twice@x.test"
	for i := 0; i < 2; i++ {
		h.want(h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID,
			"name": "Twice", "email": email, "mobile": "+91 98765 43210"}), 200)
	}
	mails := testkit.QueuedEmails(t, h.d.Redis, email)
	if len(mails) != 2 {
		t.Fatalf("%d emails, want 2", len(mails))
	}
	if mails[0].Text == "" || mails[0].Text != mails[1].Text {
		t.Fatalf("the two emails differ:\n%s\n---\n%s", mails[0].Text, mails[1].Text)
	}
	h.want(h.call("POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": h.companyID, "name": "Twice",
		"mobile": "+91 98765 43210", "email": email, "otp": h.lastCode(email), "dateOfBirth": "1990-05-17",
		"gender": "female", "pincode": "560001", "password": "Passw0rd!"}), 200)
}
