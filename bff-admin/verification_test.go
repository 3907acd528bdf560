package main

import (
	"context"
	"strings"
	"testing"

	"prelaunch/core/audit"
	"prelaunch/core/bank"
	"prelaunch/core/user"
)

// The refund dialog's account: the buyer's verified bank account, only its last 4 digits, for the
// admins of the buyer's company; the KYC review shows it with the mobile's verification and the
// submission's evidence.
func TestRefundDialogAndKYCReviewShowTheVerifiedAccount(t *testing.T) {
	h := setup(t)
	buyer := h.newBuyer(h.cidA, "Kavya Iyer", "kavya-bank@a.test", nil)
	get := func(tok, id string, code int) reply {
		t.Helper()
		return h.want(h.call("GET", "/api/v1/admin/user/bank-account?userId="+id, tok, nil), code)
	}
	if r := get(h.adminA, buyer, 200); string(r.Data) != "null" {
		t.Fatalf("no account yet: %s", r.Data)
	}
	get(h.adminA, "nope", 422)
	svc := h.d.Build()
	if _, err := svc.Banks.Save(context.Background(), audit.Actor{Kind: "user", ID: buyer, CompanyID: h.cidA},
		user.Buyer{UserID: buyer, CompanyID: h.cidA}, bank.Input{AccountNumber: "5010012345678901", IFSC: "HDFC0001234"}); err != nil {
		t.Fatal(err)
	}
	r := get(h.adminA, buyer, 200)
	var a struct {
		BankName, IFSC, AccountMasked, HolderName string
		NameMatches                               bool
	}
	r.Into(t, &a)
	if a.BankName != "HDFC Bank" || a.IFSC != "HDFC0001234" || a.AccountMasked != "••••8901" || a.HolderName != "KAVYA IYER" || !a.NameMatches {
		t.Fatalf("account %+v", a)
	}
	if strings.Contains(string(r.Data), "5010012345678901") {
		t.Fatalf("whole number answered: %s", r.Data)
	}
	// Another company's admin sees none; a buyer's token is refused.
	if r := get(h.adminB, buyer, 200); string(r.Data) != "null" {
		t.Fatalf("other company: %s", r.Data)
	}
	get(h.buyer, buyer, 403)

	h.submitKYC(h.cidA, buyer)
	recs, _ := h.kycList(h.adminA, "")
	var found bool
	for _, rec := range recs {
		if rec.UserID == buyer {
			found = true
		}
	}
	if !found {
		t.Fatalf("no record: %+v", recs)
	}
	raw := string(h.want(h.call("GET", "/api/v1/admin/kyc/list", h.adminA, nil), 200).Data)
	for _, want := range []string{`"mobileVerifiedAt":"`, `"accountMasked":"••••8901"`, `"locationStatus":"NOT_SENT"`} {
		if !strings.Contains(raw, want) {
			t.Fatalf("review lacks %s: %s", want, raw)
		}
	}
}
