package main

import (
	"context"
	"strings"
	"testing"

	"prelaunch/core/infra/testkit"
)

// Issue 27 finding 1: after a company is added (its Aadhaar typed whole) and a buyer's KYC is
// submitted, no answer an admin or the super admin reads — audit lists, company list and
// detail, KYC review, the CSV exports — carries a whole Aadhaar number; the audit keeps the
// masked one, and the database only the last 4 digits.
func TestNoAnswerOrExportCarriesAWholeAadhaar(t *testing.T) {
	h := setup(t) // company B was added with Aadhaar 499118665246
	h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, map[string]any{"companyName": "Gamma Ltd", "email": "owner@gam.test",
		"mobile": "9876500001", "companyAadhaarCard": "2341 2341 2346", "companyPan": "GAMMA1234G", "companyAddress": "1 Gamma Street",
		"companyPincode": "400001", "tokenName": "Gamma", "tokenSymbol": "GAM", "tokenPrice": 2, "adminPassword": "GammaPass#1"}), 200)
	buyer := h.newBuyer(h.cidA, "Kavya Iyer", "kavya@a.test", nil)
	h.submitKYC(h.cidA, buyer)
	var companies struct {
		Records []struct{ ID, CompanyAadhaarCard string }
	}
	list := h.want(h.call("GET", "/api/v1/superadmin/company/list?limit=100", h.super, nil), 200)
	list.Into(t, &companies)
	answers := map[string][]byte{"company/list": list.Data}
	for _, c := range companies.Records {
		if !strings.HasPrefix(c.CompanyAadhaarCard, "XXXX XXXX ") && c.CompanyAadhaarCard != "" {
			t.Fatalf("company %s shows %q", c.ID, c.CompanyAadhaarCard)
		}
		answers["company/get "+c.ID] = h.want(h.call("GET", "/api/v1/superadmin/company/get?id="+c.ID, h.super, nil), 200).Data
	}
	for name, call := range map[string][2]string{
		"superadmin audit": {"/api/v1/superadmin/audit/list?limit=100", h.super},
		"admin audit A":    {"/api/v1/admin/audit/list?limit=100", h.adminA},
		"admin audit B":    {"/api/v1/admin/audit/list?limit=100", h.adminB},
		"kyc list":         {"/api/v1/admin/kyc/list", h.adminA},
	} {
		answers[name] = h.want(h.call("GET", call[0], call[1], nil), 200).Data
	}
	answers["users.csv"] = h.export("/api/v1/admin/export/users.csv", h.adminA).Data
	answers["purchases.csv"] = h.export("/api/v1/admin/export/purchases.csv", h.adminA).Data
	answers["superadmin purchases.csv"] = h.export("/api/v1/superadmin/export/purchases.csv", h.super).Data
	if !strings.Contains(string(answers["users.csv"]), "kavya@a.test") {
		t.Fatalf("users.csv: %s", answers["users.csv"])
	}
	if !strings.Contains(string(answers["superadmin audit"]), `"aadhaar":"XXXX XXXX 2346"`) {
		t.Fatalf("company.create's audit lacks the masked number: %s", answers["superadmin audit"])
	}
	for name, body := range answers {
		if n := testkit.AadhaarIn(body); n != "" {
			t.Errorf("%s carries the Aadhaar number %s", name, n)
		}
	}
	var dump string
	if err := h.d.DB.QueryRow(`SELECT (SELECT string_agg(row_to_json(c)::text, ',') FROM companies AS c) ||
		(SELECT string_agg(row_to_json(k)::text, ',') FROM kyc_submissions AS k) ||
		(SELECT string_agg(coalesce(a.before::text, '') || coalesce(a.after::text, ''), ',') FROM audit_log AS a)`).Scan(&dump); err != nil {
		t.Fatal(err)
	}
	if n := testkit.AadhaarIn([]byte(dump)); n != "" {
		t.Fatalf("the database keeps the whole number %s", n)
	}
}

// Issue 27 finding 7: the KYC reviewer sees the other accounts of the company whose KYC carries
// the same Aadhaar (the same person of an e-KYC file), with their name and email.
func TestKYCReviewerSeesAccountsSharingTheAadhaar(t *testing.T) {
	h := setup(t)
	ctx := context.Background()
	first := h.newBuyer(h.cidA, "Kavya Iyer", "kavya@a.test", nil)
	twin := h.newBuyer(h.cidA, "Kavya Two", "kavya2@a.test", nil)
	h.submitKYC(h.cidA, first) // 499118665246
	// The twin's submission of the same person was recorded before the one-account rule.
	if _, err := h.d.DB.ExecContext(ctx, `INSERT INTO kyc_submissions (user_id, company_id, status, pan_number, aadhaar_last4,
		aadhaar_hash, reason, submitted_at, decided_at) SELECT ?, company_id, 'REJECTED', pan_number, aadhaar_last4, aadhaar_hash,
		'Duplicate', now(), now() FROM kyc_submissions WHERE user_id = ?`, twin, first); err != nil {
		t.Fatal(err)
	}
	r := h.want(h.call("GET", "/api/v1/admin/kyc/list?status=PENDING", h.adminA, nil), 200)
	var l struct {
		Records []struct {
			UserID     string
			SharedWith []struct{ UserID, Name, Email string }
		}
	}
	r.Into(t, &l)
	if len(l.Records) != 1 || l.Records[0].UserID != first || len(l.Records[0].SharedWith) != 1 ||
		l.Records[0].SharedWith[0].UserID != twin || l.Records[0].SharedWith[0].Email != "kavya2@a.test" ||
		l.Records[0].SharedWith[0].Name != "Kavya Two" {
		t.Fatalf("review: %s", r.Data)
	}
}
