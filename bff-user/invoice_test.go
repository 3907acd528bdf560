package main

import (
	"bytes"
	"context"
	"regexp"
	"testing"

	"prelaunch/core/audit"
)

// TestInvoiceDownloadOverHTTP: with a GSTIN set, the approval issues the invoice; its buyer
// downloads the PDF, another buyer gets 404, as does a purchase without an invoice.
func TestInvoiceDownloadOverHTTP(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("invoice-other@x.test")
	h.exec("UPDATE tokens SET gstin = '27AAPFU0939F1ZV', tax_legal_name = 'Acme Platform Pvt Ltd' WHERE company_id = ?", h.companyID)
	o := h.order(tok, 100)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI",
		"referenceNumber": "412300000077", "receiptId": h.receipt(tok)}), 200)
	path := "/api/v1/user/transaction/invoice?id=" + o.ID
	h.want(h.call("GET", path, tok, nil), 404) // pending: no invoice yet
	if _, err := h.d.Build().Purchases.Approve(context.Background(), audit.Actor{Kind: "system"}, h.companyID, o.ID); err != nil {
		t.Fatal(err)
	}
	h.want(h.call("GET", path, "", nil), 401)
	h.want(h.call("GET", path, otherTok, nil), 404)
	h.want(h.call("GET", "/api/v1/user/transaction/invoice", tok, nil), 422)
	h.want(h.call("GET", "/api/v1/user/transaction/invoice?id=nope", tok, nil), 404)
	r := h.call("GET", path, tok, nil)
	h.want(r, 200)
	if !bytes.HasPrefix(r.Data, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" ||
		!regexp.MustCompile(`^attachment; filename="INV-\d{4}-\d{2}-000001\.pdf"$`).MatchString(r.Header.Get("Content-Disposition")) ||
		r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("invoice answer: %v %q", r.Header, r.Data[:8])
	}
}
