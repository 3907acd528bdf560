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
	_, _, _, err := check(SubmitInput{PanNumber: "x", PanName: "12", ShareCode: "12345"})
	e, _ := apperr.As(err)
	if e == nil || len(e.Messages) != 4 {
		t.Fatalf("%+v", e)
	}
	_, _, _, err = check(SubmitInput{PanNumber: "ABCCE1234F", PanName: "Asha", ShareCode: "Ab12", File: []byte("z")})
	if e, _ := apperr.As(err); e == nil || e.Message != MsgCompanyPAN || len(e.Fields) != 1 || e.Fields[0].Field != "panNumber" {
		t.Fatalf("company PAN: %+v", e)
	}
	pan, name, code, err := check(SubmitInput{PanNumber: " abcpe1234f ", PanName: "  Asha   Verma ", ShareCode: " Ab12 ", File: []byte("z")})
	if err != nil || pan != "ABCPE1234F" || name != "Asha Verma" || code != "Ab12" {
		t.Fatalf("%v %q %q %q", err, pan, name, code)
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
