package kyc

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
)

func TestMaskPANShowsOnlyTheLastFour(t *testing.T) {
	for in, want := range map[string]string{"ABCDE1234F": "XXXXXX234F", "": "", "AB": "XXXXXXXXXX"} {
		if got := MaskPAN(in); got != want {
			t.Fatalf("MaskPAN(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestErrRequiredNamesTheThresholdInIndianGrouping(t *testing.T) {
	e, ok := apperr.As(ErrRequired(decimal.RequireFromString("150000")))
	if !ok || e.Kind != apperr.KindForbidden || e.Slug != "kyc_required" ||
		e.Message != "Complete your KYC verification to buy more than ₹1,50,000.00." {
		t.Fatalf("%+v", e)
	}
}

func TestCheckNamesEveryFailingField(t *testing.T) {
	_, _, _, err := check(SubmitInput{PanNumber: "x", AadhaarNumber: "234123412345",
		Documents: []DocumentInput{{Kind: "SELFIE", MediaID: "a"}, {Kind: "selfie", MediaID: "b"}}})
	e, _ := apperr.As(err)
	if e == nil || len(e.Messages) != 6 {
		t.Fatalf("%+v", e)
	}
	pan, aadhaar, docs, err := check(SubmitInput{PanNumber: " abcde1234f ", AadhaarNumber: "2341-2341-2346",
		Documents: []DocumentInput{{Kind: "pan", MediaID: "A"}, {Kind: "AADHAAR_FRONT", MediaID: "b"}, {Kind: "AADHAAR_BACK", MediaID: "c"}}})
	if err != nil || pan != "ABCDE1234F" || aadhaar != "234123412346" || len(docs) != 3 || docs["PAN"] != "a" {
		t.Fatalf("%v %q %q %v", err, pan, aadhaar, docs)
	}
}

func TestDecisionMailCarriesTheReason(t *testing.T) {
	m := mail.KYCDecisionMessage("b@x.test", "Asha <b>", mail.From{Brand: "ACW"}, StatusRejected, "Photo <cut> off")
	if !strings.Contains(m.Subject, "rejected") || !strings.Contains(m.Text, "Reason: Photo <cut> off") ||
		!strings.Contains(m.HTML, "Photo &lt;cut&gt; off") || strings.Contains(m.HTML, "<b>\"") || strings.Contains(m.HTML, "Asha <b>") {
		t.Fatalf("%+v", m)
	}
	if m := mail.KYCDecisionMessage("b@x.test", "Asha", mail.From{}, StatusApproved, ""); !strings.Contains(m.Subject, "verification is complete") {
		t.Fatalf("%+v", m)
	}
}
