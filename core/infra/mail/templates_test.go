package mail

import (
	"strings"
	"testing"
)

// One order reference: the decision email names the order number beside the UTR.
func TestDecisionMessageNamesOrderAndUTR(t *testing.T) {
	m := DecisionMessage("b@x.test", "Asha", From{Brand: "ACW Token"}, "PUR-000111222333", "UTR<123>", "APPROVED", "100", "ACW", "")
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
	m = DecisionMessage("b@x.test", "Asha", From{Brand: "ACW Token"}, "PUR-000111222333", "", "REJECTED", "100", "ACW", "")
	if strings.Contains(m.Text, "UTR") || strings.Contains(m.HTML, "UTR") ||
		!strings.Contains(m.Text, "Your purchase PUR-000111222333 was rejected.") {
		t.Errorf("manual: text %q html %q", m.Text, m.HTML)
	}
}

// A rejection asks for a reply only when one can arrive: Reply-To is the company's email; the
// mail links to Payment History on the company's site.
func TestRejectionRepliesGoToTheCompany(t *testing.T) {
	from := From{Brand: "RVW", Company: "Review Labs", URL: "https://review.example/", ReplyTo: "ops@review.example"}
	m := DecisionMessage("b@x.test", "Asha", from, "PUR-1", "", "REJECTED", "10", "RVW", "")
	if m.ReplyTo != "ops@review.example" || !strings.Contains(m.Text, "reply to this email") {
		t.Errorf("reply-to %q text %q", m.ReplyTo, m.Text)
	}
	if !strings.Contains(m.Text, "See it in Payment History: https://review.example/user/payment-history") ||
		!strings.Contains(m.HTML, `<a href="https://review.example/user/payment-history">See it in Payment History</a>`) {
		t.Errorf("history link: %q %q", m.Text, m.HTML)
	}
	m = DecisionMessage("b@x.test", "Asha", From{Brand: "RVW", Company: "Review Labs"}, "PUR-1", "", "REJECTED", "10", "RVW", "")
	if m.ReplyTo != "" || strings.Contains(m.Text, "reply") || !strings.Contains(m.Text, "contact Review Labs") {
		t.Errorf("without a company email: %q", m.Text)
	}
}

// A rejection's reason reaches the buyer, escaped in the HTML; an approval never
// carries one; a refund names the refund's reference.
func TestRejectionReasonAndRefundMessages(t *testing.T) {
	m := DecisionMessage("b@x.test", "Asha", From{Brand: "ACW Token"}, "PUR-1", "578816794120", "REJECTED", "100", "ACW", "Amount <not> received")
	if !strings.Contains(m.Text, "Reason: Amount <not> received") || !strings.Contains(m.HTML, "Reason: <b>Amount &lt;not&gt; received</b>") {
		t.Errorf("reason: text %q html %q", m.Text, m.HTML)
	}
	if m = DecisionMessage("b@x.test", "Asha", From{}, "PUR-1", "", "APPROVED", "100", "ACW", "ignored"); strings.Contains(m.Text, "Reason") {
		t.Errorf("an approval with a reason: %q", m.Text)
	}
	// The sweep may send a rejection's notice once it was refunded: still a rejection.
	if m = DecisionMessage("b@x.test", "Asha", From{}, "PUR-1", "", "REFUNDED", "100", "ACW", ""); !strings.Contains(m.Subject, "rejected") {
		t.Errorf("refunded: %q", m.Subject)
	}
	r := RefundMessage("b@x.test", "Asha", From{Brand: "ACW Token"}, "PUR-1", "578816794120", "₹1,020.00", "RFND<9>")
	if !strings.Contains(r.Subject, "PUR-1") || !strings.Contains(r.Subject, "refunded") ||
		!strings.Contains(r.Text, "The payment of ₹1,020.00 for your rejected purchase PUR-1 (UTR 578816794120) was refunded") ||
		!strings.Contains(r.Text, "Refund reference: RFND<9>") || !strings.Contains(r.HTML, "RFND&lt;9&gt;") {
		t.Errorf("refund: %q / %q / %q", r.Subject, r.Text, r.HTML)
	}
}
