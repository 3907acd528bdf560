package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/auth"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/user"
)

// Issue 27 finding 1: an Aadhaar number typed in the profile or the KYC form is kept as its last
// 4 digits and a keyed hash; no answer and no column holds 12 digits of it; the KYC files are
// encrypted on disk and still served whole through the signed link.
func TestAadhaarIsNeverKeptOrAnsweredWhole(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("pii@x.test")
	h.want(h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"kycDocumentNumber": "2341 2341 2346", "password": "Passw0rd!"}), 200)
	fields, file := h.ekycForm("Pii Buyer", "5246")
	sub := h.submitKYC(tok, fields, file)
	h.want(sub, 200)
	prof := h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	h.want(prof, 200)
	kyc := h.call("GET", "/api/v1/user/kyc/get", tok, nil)
	for name, body := range map[string][]byte{"kyc/submit": sub.Data, "profile/get": prof.Data, "kyc/get": kyc.Data} {
		if m := testkit.AadhaarIn(body); m != "" {
			t.Errorf("%s answers the Aadhaar number %s: %s", name, m, body)
		}
	}
	var p struct{ KycDocumentNumber string }
	prof.Into(t, &p)
	if p.KycDocumentNumber != "XXXX XXXX 2346" {
		t.Fatalf("profile shows %q", p.KycDocumentNumber)
	}
	// The masked number sent back with the rest of the form leaves it as it is.
	h.want(h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"name": "Pii Buyer",
		"kycDocumentNumber": p.KycDocumentNumber, "password": "Passw0rd!"}), 200)
	var row string
	if err := h.d.DB.QueryRow(`SELECT row_to_json(u)::text || (SELECT row_to_json(k)::text FROM kyc_submissions AS k WHERE k.user_id = u.id)
		FROM users AS u WHERE u.id = ?`, u.ID).Scan(&row); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(row, "234123412346") || strings.Contains(row, "499118665246") || !strings.Contains(row, `"kyc_document_last4":"2346"`) ||
		!strings.Contains(row, `"aadhaar_last4":"5246"`) {
		t.Fatalf("stored: %s", row)
	}
	// The e-KYC photo on disk: ciphertext, and no plaintext copy anywhere.
	var name string
	var sealed bool
	if err := h.d.DB.QueryRow("SELECT m.storage_name, m.sealed FROM media AS m JOIN kyc_submissions AS k ON k.ekyc_photo_id = m.id WHERE k.user_id = ?",
		u.ID).Scan(&name, &sealed); err != nil || !sealed {
		t.Fatalf("photo not sealed: %v %v", sealed, err)
	}
	dir := strings.TrimPrefix(h.d.Cfg.StorageURL, "file://")
	raw, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || bytes.Contains(raw, []byte("test-photo")) {
		t.Fatalf("the stored photo is not encrypted (%d bytes, %v)", len(raw), err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if bytes.Contains(b, []byte("test-photo")) {
			t.Fatalf("a plaintext copy of the e-KYC photo stayed on disk: %s", e.Name())
		}
	}
	_ = kyc
}

// Issue 27 finding 7: one Aadhaar number, one account of a company: another account submitting
// it (in any written form) is refused with 409; the first account may submit it again.
func TestOneAadhaarOneAccount(t *testing.T) {
	h := setup(t)
	tokA, _ := h.newBuyer("first@x.test")
	tokB, _ := h.newBuyer("second@x.test")
	fields, file := h.ekycForm("Asha Verma", "2346")
	h.want(h.submitKYC(tokA, fields, file), 200)
	// The same person's file (another download) on a second account.
	_, again := h.ekycForm("Asha Verma", "2346")
	r := h.submitKYC(tokB, fields, again)
	h.want(r, 409)
	if r.Msg() != "This Aadhaar is already registered with another account. Please contact support if this is your Aadhaar." {
		t.Fatalf("message %q", r.Msg())
	}
	if v := h.kycGet(tokB); v.Status != "NONE" {
		t.Fatalf("the refused submission was recorded: %+v", v)
	}
	// Another person with the same last 4 digits is not refused.
	other, otherFile := h.ekycForm("Ravi Kumar", "2346")
	h.want(h.submitKYC(tokB, other, otherFile), 200)
	// Ten accounts racing with one new identity: one wins.
	toks := make([]string, 10)
	for i := range toks {
		toks[i] = h.directBuyer(fmt.Sprintf("racer%d@x.test", i))
	}
	codes := make([]int, len(toks))
	f, z := h.ekycForm("Meera Nair", "7058")
	var wg sync.WaitGroup
	for i, tok := range toks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = h.http().KYCSubmit(tok, f, z).Code
		}()
	}
	wg.Wait()
	won := 0
	for _, c := range codes {
		if c == 200 {
			won++
		} else if c != 409 {
			t.Fatalf("codes %v", codes)
		}
	}
	if won != 1 {
		t.Fatalf("%d accounts got one Aadhaar (%v)", won, codes)
	}
}

// Issue 27 findings 7 and 12: a mobile belongs to one buyer account of a company, whatever
// its written form, at registration and at a profile change (the database decides, so a race
// has one winner); an 11-digit Indian number is refused; mobiles are stored as E.164.
func TestOneMobileOneBuyerAndTheMobileRule(t *testing.T) {
	h := setup(t)
	register := func(email, mobile string) reply {
		h.t.Helper()
		h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID, "name": "M", "email": email, "mobile": mobile})
		return h.call("POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": h.companyID, "name": "M",
			"mobile": mobile, "email": email, "otp": h.lastCode(email), "dateOfBirth": "1990-01-01", "gender": "male",
			"pincode": "560001", "password": "Passw0rd!"})
	}
	for _, bad := range []string{"98765432101", "+91 58765 43210", "12345"} {
		r := h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID, "name": "M", "email": "bad@x.test", "mobile": bad})
		h.want(r, 422)
		if !strings.Contains(r.Msg(), "valid mobile number") {
			t.Fatalf("%s: %s", bad, r.Msg())
		}
	}
	h.want(register("m1@x.test", "98111 22233"), 200)
	var stored string
	if err := h.d.DB.QueryRow("SELECT mobile FROM users WHERE email = 'm1@x.test'").Scan(&stored); err != nil || stored != "+919811122233" {
		t.Fatalf("stored %q %v", stored, err)
	}
	for i, same := range []string{"+91 98111 22233", "098111-22233", "919811122233"} {
		r := register(fmt.Sprintf("m%d@x.test", i+2), same)
		h.want(r, 422)
		if r.Msg() != "This mobile number is already registered." {
			t.Fatalf("%s: %q", same, r.Msg())
		}
	}
	tok, _ := h.newBuyer("m9@x.test")
	r := h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"mobile": "+91-98111-22233", "password": "Passw0rd!"})
	h.want(r, 422)
	if r.Msg() != "This mobile number is already registered." {
		t.Fatalf("profile: %q", r.Msg())
	}
	h.want(h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"mobile": "98765432101", "password": "Passw0rd!"}), 422)
	// Five buyers taking one new number at once: the database lets one have it.
	mobile := testkit.Mobile()
	toks := make([]string, 5)
	for i := range toks {
		toks[i] = h.directBuyer(fmt.Sprintf("race%d@x.test", i))
	}
	codes := make([]int, len(toks))
	var wg sync.WaitGroup
	for i, tok := range toks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = h.call("PUT", "/api/v1/user/auth/profile/update", tok, map[string]any{"mobile": mobile, "password": "Passw0rd!"}).Code
		}()
	}
	wg.Wait()
	var n int
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM users WHERE mobile = ?", mobile).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d accounts with one mobile (%v), codes %v", n, err, codes)
	}
}

// directBuyer inserts a buyer of the site's company (a fresh mobile) and returns a token, without
// the sign-up calls and their per-IP limits.
func (h *harness) directBuyer(email string) string {
	h.t.Helper()
	u := &user.User{CompanyID: h.companyID, Role: user.RoleUser, Name: "B " + email, Email: email, Mobile: testkit.Mobile(),
		PasswordHash: testPasswordHash(h.t), ReferralCode: "PL-" + strings.ToUpper(strings.Split(email, "@")[0]), Status: user.StatusActive,
		StockBalance: decimal.Zero, MobileVerifiedAt: ptrNow()}
	if _, err := h.d.DB.NewInsert().Model(u).Returning("id, token_version").Exec(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	tok, err := h.d.Tokens.Issue(u.ID, u.CompanyID, u.Role, auth.AudienceUser, u.TokenVersion)
	if err != nil {
		h.t.Fatal(err)
	}
	return tok
}

func ptrNow() *time.Time { t := time.Now(); return &t }

var passwordHash = sync.OnceValues(func() (string, error) { return auth.HashPassword(context.Background(), "Passw0rd!") })

func testPasswordHash(t *testing.T) string {
	h, err := passwordHash()
	if err != nil {
		t.Fatal(err)
	}
	return h
}
