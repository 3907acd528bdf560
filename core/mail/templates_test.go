package mail

import (
	"strings"
	"testing"
)

// DESIGN §16 "One order reference": the decision email names the order number beside the UTR.
func TestDecisionMessageNamesOrderAndUTR(t *testing.T) {
	m := DecisionMessage("b@x.test", "Asha", From{Brand: "ACW Token"}, "PUR-000111222333", "UTR<123>", "APPROVED", "100", "ACW")
	if !strings.Contains(m.Subject, "PUR-000111222333") || !strings.Contains(m.Subject, "approved") {
		t.Errorf("subject %q", m.Subject)
	}
	if !strings.Contains(m.Text, "Your purchase PUR-000111222333 (UTR UTR<123>) was approved. 100 ACW have been credited") {
		t.Errorf("text %q", m.Text)
	}
	if !strings.Contains(m.HTML, "<b>PUR-000111222333</b> (UTR <b>UTR&lt;123&gt;</b>) was <b>approved</b>") {
		t.Errorf("html %q", m.HTML)
	}
	// A manual payment has no UTR: the order number stands alone.
	m = DecisionMessage("b@x.test", "Asha", From{Brand: "ACW Token"}, "PUR-000111222333", "", "REJECTED", "100", "ACW")
	if strings.Contains(m.Text, "UTR") || strings.Contains(m.HTML, "UTR") ||
		!strings.Contains(m.Text, "Your purchase PUR-000111222333 was rejected.") {
		t.Errorf("manual: text %q html %q", m.Text, m.HTML)
	}
}
