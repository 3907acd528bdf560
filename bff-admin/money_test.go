package main

import (
	"strings"
	"testing"
)

// TestRejectReasonRefundAndRefundedListsOverHTTP: through the admin server, every
// answer checked against the contract: a reason on the rejection reaches the lists and the email;
// a refund moves REJECTED to REFUNDED once; another company's admin gets 404; the lists, the
// export and the super admin's dashboard take REFUNDED; the search finds a UTR written any way.
func TestRejectReasonRefundAndRefundedListsOverHTTP(t *testing.T) {
	h := setup(t)
	buyer := h.newBuyer(h.cidA, "Refund Buyer", "refund@a.test", nil)
	p := h.pending(h.cidA, buyer, 10, "UPI", "5788-1679-4120", nil)

	r := h.want(h.call("POST", "/api/v1/admin/transaction/reject", h.adminA, map[string]any{"id": p, "reason": "Not\r\nreceived"}), 422)
	if !strings.Contains(r.Msg(), "one line") {
		t.Fatalf("422 message %q", r.Msg())
	}
	h.want(h.call("POST", "/api/v1/admin/transaction/reject", h.adminA, map[string]any{"id": p, "reason": strings.Repeat("x", 501)}), 422)
	h.want(h.call("POST", "/api/v1/admin/transaction/reject", h.adminA, map[string]any{"id": p, "reason": " Payment not received "}), 200)

	var l struct {
		Total   int
		Records []struct {
			ID, Status                    string
			RejectReason, RefundReference *string
			RefundedAt                    *string
		}
	}
	h.want(h.call("GET", "/api/v1/admin/transaction/list?status=REJECTED", h.adminA, nil), 200).Into(t, &l)
	if l.Total != 1 || l.Records[0].RejectReason == nil || *l.Records[0].RejectReason != "Payment not received" || l.Records[0].RefundReference != nil {
		t.Fatalf("rejected list: %+v", l)
	}
	mails := h.mails("refund@a.test")
	if len(mails) != 1 || !strings.Contains(mails[0].Text, "Reason: Payment not received") {
		t.Fatalf("rejection mail: %+v", mails)
	}

	h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.adminB, map[string]any{"id": p, "refundReference": "RF-1"}), 404)
	h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.adminA, map[string]any{"id": p}), 422)
	h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.adminA, map[string]any{"id": p, "refundReference": "RF\n1"}), 422)
	h.want(h.call("POST", "/api/v1/admin/transaction/refund", "", map[string]any{"id": p, "refundReference": "RF-1"}), 401)
	h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.buyer, map[string]any{"id": p, "refundReference": "RF-1"}), 403)
	h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.super, map[string]any{"id": p, "refundReference": "RF-1"}), 403)
	h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.adminA, map[string]any{"id": p, "refundReference": "NEFT-RF-1"}), 200)
	r = h.want(h.call("POST", "/api/v1/admin/transaction/refund", h.adminA, map[string]any{"id": p, "refundReference": "NEFT-RF-1"}), 409)
	if r.Msg() != "Only a rejected purchase can be refunded." {
		t.Fatalf("second refund: %q", r.Msg())
	}
	// Approve and reject answer a refunded purchase as processed.
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p}), 409)

	for _, path := range []string{"/api/v1/admin/transaction/list?status=REFUNDED", "/api/v1/admin/transaction/list?status=refunded&search=578816794120"} {
		h.want(h.call("GET", path, h.adminA, nil), 200).Into(t, &l)
		if l.Total != 1 || l.Records[0].Status != "REFUNDED" || *l.Records[0].RefundReference != "NEFT-RF-1" || l.Records[0].RefundedAt == nil {
			t.Fatalf("%s: %+v", path, l)
		}
	}
	h.want(h.call("GET", "/api/v1/superadmin/transaction/list?status=REFUNDED&search=0578-8167-94120", h.super, nil), 200).Into(t, &l)
	if l.Total != 1 || l.Records[0].ID != p {
		t.Fatalf("super admin's refunded list: %+v", l)
	}
	csv := h.export("/api/v1/admin/export/purchases.csv?status=REFUNDED", h.adminA)
	if csv.Code != 200 || !strings.Contains(string(csv.Data), ",REFUNDED,") {
		t.Fatalf("export: %s", csv.Data)
	}
	var dash struct{ Purchases struct{ Refunded int } }
	h.want(h.call("GET", "/api/v1/superadmin/dashboard/get", h.super, nil), 200).Into(t, &dash)
	if dash.Purchases.Refunded != 1 {
		t.Fatalf("super dashboard: %+v", dash)
	}
	if n := h.num("SELECT count(*) FROM audit_log WHERE action = 'purchase.refund' AND target_id = ?", p); n != 1 {
		t.Fatalf("%d refund audit rows", n)
	}
	mails = h.mails("refund@a.test")
	if len(mails) != 2 || !strings.Contains(mails[1].Subject, "refunded") || !strings.Contains(mails[1].Text, "Refund reference: NEFT-RF-1") {
		t.Fatalf("refund mail: %+v", mails)
	}
}
