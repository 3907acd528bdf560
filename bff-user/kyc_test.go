package main

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"testing"
	"time"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc/ekyc"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

type kycView struct {
	Status, PanNumber, PanName, AadhaarNumber, EKYCName, Reason string
	Documents                                                   []struct{ Kind, MediaID, URL, ContentType string }
	SubmittedAt, DecidedAt                                      *string
}

// ekycForm is a good KYC form: a fresh e-KYC file of name (Aadhaar ending last4, share code
// Ab12) and the PAN ABCPE1234F with that name on it.
func (h *harness) ekycForm(name, last4 string) (map[string]string, []byte) {
	return map[string]string{"panNumber": "abcpe 1234f", "panName": name, "shareCode": "Ab12"},
		testkit.EKYCZip(h.t, name, last4, "Ab12", time.Now().Add(-time.Hour))
}

func (h *harness) submitKYC(tok string, fields map[string]string, file []byte) reply {
	h.t.Helper()
	return h.http().KYCSubmit(tok, fields, file)
}

func (h *harness) kycGet(tok string) kycView {
	h.t.Helper()
	r := h.call("GET", "/api/v1/user/kyc/get", tok, nil)
	h.want(r, 200)
	var v kycView
	r.Into(h.t, &v)
	return v
}

func (h *harness) decideKYC(u *user.User, approve bool, reason string) {
	h.t.Helper()
	actor := audit.Actor{Kind: "admin", CompanyID: u.CompanyID}
	var err error
	if approve {
		_, err = h.d.Build().KYC.Approve(context.Background(), actor, u.CompanyID, u.ID)
	} else {
		_, err = h.d.Build().KYC.Reject(context.Background(), actor, u.CompanyID, u.ID, reason)
	}
	if err != nil {
		h.t.Fatal(err)
	}
}

func TestKYCSubmitValidatesAndMovesThroughReview(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("kyc-buyer@x.test")
	if v := h.kycGet(tok); v.Status != "NONE" || v.PanNumber != "" || v.AadhaarNumber != "" || len(v.Documents) != 0 || v.SubmittedAt != nil {
		t.Fatalf("before: %+v", v)
	}
	good, zipFile := h.ekycForm("Asha Verma", "2346")
	with := func(k, v string) map[string]string {
		f := map[string]string{}
		for a, b := range good {
			f[a] = b
		}
		f[k] = v
		return f
	}
	submit := func(fields map[string]string, file []byte, code int, field, msg string) reply {
		t.Helper()
		r := h.submitKYC(tok, fields, file)
		h.want(r, code)
		if msg != "" && r.FieldMsg(field) != msg {
			t.Fatalf("%v: errors %+v, want %s: %q", fields, r.Errors, field, msg)
		}
		return r
	}
	// Every failing typed field is named at once, each beside its field.
	bad := submit(map[string]string{"panNumber": "ABCD1234", "panName": " ", "shareCode": "12"}, nil, 422, "panNumber", "Please enter a valid PAN (e.g. ABCDE1234F).")
	for field, msg := range map[string]string{
		"panName": "Please enter your name as printed on your PAN card.", "file": "Please upload the e-KYC zip file you downloaded from UIDAI.",
		"shareCode": "Please enter the 4-character share code you chose on the UIDAI site.",
	} {
		if got := bad.FieldMsg(field); got != msg {
			t.Fatalf("errors on %s: %q, want %q (all %+v)", field, got, msg, bad.Errors)
		}
	}
	// A PAN whose 4th letter is not P is a company's, a firm's, a trust's…
	submit(with("panNumber", "ABCCE1234F"), zipFile, 422, "panNumber", "This PAN is not an individual's (its 4th letter must be P). Enter your personal PAN.")
	submit(with("shareCode", "Zz99"), zipFile, 422, "shareCode",
		"The share code does not open this e-KYC file. Enter the 4-character share code you chose when downloading it.")
	old := testkit.EKYCZip(t, "Asha Verma", "2346", "Ab12", time.Now().Add(-73*time.Hour))
	submit(good, old, 422, "file", "The e-KYC file is older than 3 days. Download a new one from UIDAI.")
	submit(good, []byte("%PDF-1.4 not a zip"), 422, "file", "This is not the e-KYC zip file from UIDAI. Upload the .zip file as you downloaded it.")
	submit(good, make([]byte, 600<<10), 413, "", "")
	if v := h.kycGet(tok); v.Status != "NONE" {
		t.Fatalf("a refused submission changed the KYC: %+v", v)
	}
	// Not multipart: 415.
	h.want(h.call("POST", "/api/v1/user/kyc/submit", tok, map[string]any{"panNumber": "ABCPE1234F"}), 415)

	r := submit(good, zipFile, 200, "", "")
	var v kycView
	r.Into(t, &v)
	if v.Status != "PENDING" || v.PanNumber != "XXXXXX234F" || v.PanName != "Asha Verma" || v.AadhaarNumber != "XXXX XXXX 2346" ||
		v.EKYCName != "Asha Verma" || v.Reason != "" || v.SubmittedAt == nil || v.DecidedAt != nil || len(v.Documents) != 0 {
		t.Fatalf("submitted: %+v", v)
	}
	var stored string
	if err := h.d.DB.QueryRow(`SELECT pan_number || ' ' || aadhaar_last4 || ' ' || length(aadhaar_hash) || ' ' || source || ' ' ||
		ekyc_name || ' ' || ekyc_dob || ' ' || ekyc_gender || ' ' || name_score || ' ' || (ekyc_photo_id IS NOT NULL)
		FROM kyc_submissions WHERE user_id = ?`, u.ID).Scan(&stored); err != nil ||
		stored != "ABCPE1234F 2346 64 OFFLINE_EKYC Asha Verma 1990-01-31 F 100 true" {
		t.Fatalf("stored %q %v", stored, err)
	}
	// The photo is stored sealed, never in plaintext.
	var sealed bool
	if err := h.d.DB.QueryRow("SELECT m.sealed FROM media AS m JOIN kyc_submissions AS k ON k.ekyc_photo_id = m.id WHERE k.user_id = ?", u.ID).Scan(&sealed); err != nil || !sealed {
		t.Fatalf("photo sealed %v %v", sealed, err)
	}
	submit(good, zipFile, 409, "", "")

	h.decideKYC(u, false, "The PAN name does not match.")
	if v := h.kycGet(tok); v.Status != "REJECTED" || v.Reason != "The PAN name does not match." || v.DecidedAt == nil ||
		v.PanNumber != "ABCPE1234F" || v.AadhaarNumber != "XXXX XXXX 2346" {
		t.Fatalf("rejected: %+v", v)
	}
	if v := h.kycGet(h.buyerToken()); v.PanNumber != "" {
		t.Fatalf("another buyer sees a PAN: %+v", v)
	}
	// A resubmission replaces everything and clears the reason.
	r = submit(with("panName", "ASHA  VERMA"), zipFile, 200, "", "")
	r.Into(t, &v)
	if v.Status != "PENDING" || v.Reason != "" || v.DecidedAt != nil || v.PanName != "ASHA VERMA" {
		t.Fatalf("resubmitted: %+v", v)
	}

	h.decideKYC(u, true, "")
	if v := h.kycGet(tok); v.Status != "APPROVED" {
		t.Fatalf("approved: %+v", v)
	}
	r = submit(good, zipFile, 409, "", "")
	if r.Msg() != "Your KYC is already verified." {
		t.Fatalf("message %q", r.Msg())
	}
	p := h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	h.want(p, 200)
	var prof struct{ IsApproved bool }
	p.Into(t, &prof)
	if !prof.IsApproved {
		t.Fatal("an approved KYC did not verify the account")
	}
	h.want(h.call("GET", "/api/v1/user/kyc/get", "", nil), 401)
	h.want(h.submitKYC("", good, zipFile), 401)
}

// A file not signed by the configured certificate, or altered, is refused whatever else is right.
func TestKYCRefusesAForgedFile(t *testing.T) {
	h := setup(t)
	tok, _ := h.newBuyer("kyc-forged@x.test")
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "UIDAI (forged)"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, _ := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	cert, _ := x509.ParseCertificate(der)
	forged, err := ekyc.SampleZip(ekyc.Sample{Name: "Asha Verma", DOB: "31-01-1990", Gender: "F", Last4: "2346",
		Generated: time.Now()}, key, cert, "Ab12", ekyc.EncryptAES256)
	if err != nil {
		t.Fatal(err)
	}
	fields, _ := h.ekycForm("Asha Verma", "2346")
	r := h.submitKYC(tok, fields, forged)
	h.want(r, 422)
	if r.FieldMsg("file") != "The e-KYC file's signature is not valid." {
		t.Fatalf("errors %+v", r.Errors)
	}
	if v := h.kycGet(tok); v.Status != "NONE" {
		t.Fatalf("a forged file was recorded: %+v", v)
	}
}

func TestKYCSubmitRaceHasOneEffect(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("kyc-race@x.test")
	fields, file := h.ekycForm("Ravi Kumar", "7788")
	codes := make(chan int, 4)
	for range 4 {
		go func() { codes <- h.http().KYCSubmit(tok, fields, file).Code }()
	}
	ok := 0
	for range 4 {
		switch c := <-codes; c {
		case 200:
			ok++
		case 409:
		default:
			t.Fatalf("racing submission answered %d", c)
		}
	}
	var n int
	if err := h.d.DB.QueryRow("SELECT count(*) FROM kyc_submissions WHERE user_id = ?", u.ID).Scan(&n); err != nil || ok != 1 || n != 1 {
		t.Fatalf("%d submissions succeeded, %d rows (%v)", ok, n, err)
	}
}

func TestKYCThresholdRefusesLargerOrdersUntilApproved(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("kyc-limit@x.test")
	n := func(s string) sale.Num { return sale.Num{Raw: s, Set: true} }
	if _, err := h.d.Build().Sales.UpdateTokenSettings(context.Background(), audit.Actor{Kind: "admin", CompanyID: h.companyID},
		sale.SettingsInput{Limits: &sale.LimitsInput{KYCRequiredAbove: n("100000")}}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(company.SiteTTL + 50*time.Millisecond)
	var p priceView
	r := h.call("GET", "/api/v1/user/package/price/get", tok, nil)
	h.want(r, 200)
	r.Into(t, &p)
	if p.Limits.KYCRequiredAbove == nil || *p.Limits.KYCRequiredAbove != 100000 {
		t.Fatalf("price limits: %+v", p.Limits)
	}
	order := func(amount string, code int) {
		t.Helper()
		r := h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": amount})
		h.want(r, code)
		if code == 403 && r.Msg() != "Complete your KYC verification to buy more than ₹1,00,000.00." {
			t.Fatalf("message %q", r.Msg())
		}
	}
	order("100010", 403) // above it in one order
	order("100000", 200) // up to the threshold needs no KYC
	order("10", 403)     // the running total would pass it
	r = h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"paymentMethod": "MANUAL", "amount": "10"})
	h.want(r, 403)
	if r.Msg() != "Complete your KYC verification to buy more than ₹1,00,000.00." {
		t.Fatalf("purchase message %q", r.Msg())
	}

	f, z := h.ekycForm("Meera Nair", "4455")
	h.want(h.submitKYC(tok, f, z), 200)
	order("10", 403) // PENDING is not enough
	h.decideKYC(u, true, "")
	order("10", 200)
}
