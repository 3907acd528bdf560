package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestInvoiceListExportAndDownload: approvals of a company with a GSTIN are listed with their
// split, exported as CSV (formula-safe) and downloaded; another company sees none of them.
func TestInvoiceListExportAndDownload(t *testing.T) {
	h := setup(t)
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"tax": map[string]any{
		"gstin": "27AAPFU0939F1ZV", "legalName": "Acme Platform Pvt Ltd", "address": "1 Marine Drive, Mumbai"}}), 200)
	same := h.newBuyer(h.cidA, "=HYPERLINK(\"x\")", "inv-same@x.test", nil)
	h.exec("UPDATE users SET pincode = '400001' WHERE id = ?", same)
	other := h.newBuyer(h.cidA, "Kiran Rao", "inv-other@x.test", nil)
	h.exec("UPDATE users SET pincode = '560001' WHERE id = ?", other)
	p1 := h.pending(h.cidA, same, 100, "UPI", "UTRINVADM1", nil)
	p2 := h.pending(h.cidA, other, 59, "UPI", "UTRINVADM2", nil)
	for _, id := range []string{p1, p2} {
		h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": id}), 200)
	}
	var l struct {
		Records []struct {
			Number, Kind, PurchaseID, OrderNumber, Buyer, PlaceOfSupply string
			Taxable, CGST, SGST, IGST, Total                            float64
		}
		Total int
	}
	h.want(h.call("GET", "/api/v1/admin/invoice/list?kind=INVOICE&page=1&limit=10", h.adminA, nil), 200).Into(t, &l)
	if l.Total != 2 || len(l.Records) != 2 {
		t.Fatalf("list: %+v", l)
	}
	byPurchase := map[string]int{}
	for i, r := range l.Records {
		byPurchase[r.PurchaseID] = i
	}
	a, b := l.Records[byPurchase[p1]], l.Records[byPurchase[p2]]
	if a.PlaceOfSupply != "27" || a.Taxable != 16.95 || a.CGST != 1.52 || a.SGST != 1.53 || a.IGST != 0 || a.Total != 20 ||
		!strings.HasPrefix(a.Number, "INV/") || a.OrderNumber == "" {
		t.Fatalf("same-state row %+v", a)
	}
	if b.PlaceOfSupply != "29" || b.Taxable != 10 || b.IGST != 1.8 || b.CGST+b.SGST != 0 || b.Total != 11.8 {
		t.Fatalf("other-state row %+v", b)
	}
	var none struct{ Total int }
	h.want(h.call("GET", "/api/v1/admin/invoice/list", h.adminB, nil), 200).Into(t, &none)
	if none.Total != 0 {
		t.Fatalf("company B sees %d invoices", none.Total)
	}
	h.want(h.call("GET", "/api/v1/admin/invoice/list?fy=2026", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/invoice/list?kind=BILL", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/invoice/list", h.buyer, nil), 403)

	recs := h.csvReply(h.export("/api/v1/admin/export/invoices.csv?fy="+strings.Split(a.Number, "/")[1], h.adminA), "invoices")
	if len(recs) != 3 || recs[0][0] != "Number" {
		t.Fatalf("csv: %q", recs)
	}
	for _, r := range recs[1:] {
		if r[4] == "=HYPERLINK(\"x\")" {
			t.Fatalf("formula cell not neutralised: %q", r)
		}
	}
	if !strings.Contains(strings.Join(recs[1], ","), "16.95,1.52,1.53,0.00,20.00") {
		t.Fatalf("csv amounts: %q", recs[1])
	}
	h.want(h.export("/api/v1/admin/export/invoices.csv?fy=x", h.adminA), 422)

	r := h.call("GET", "/api/v1/admin/invoice/get?id="+p1, h.adminA, nil)
	if r.Code != 200 || !bytes.HasPrefix(r.Data, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("pdf: %v", r.Header)
	}
	h.want(h.call("GET", "/api/v1/admin/invoice/get?id="+p1, h.adminB, nil), 404)
	h.want(h.call("GET", "/api/v1/admin/invoice/get?id="+p1+"&kind=CREDIT_NOTE", h.adminA, nil), 404)
	h.want(h.call("GET", "/api/v1/admin/invoice/get?id="+p1+"&kind=X", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/invoice/get", h.adminA, nil), 422)
}
