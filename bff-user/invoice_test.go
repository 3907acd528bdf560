package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"prelaunch/core/audit"
	"prelaunch/core/invoice"
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
	var l struct {
		Records []struct{ ID, Invoice string }
	}
	h.call("GET", "/api/v1/user/transaction/list", tok, nil).Into(t, &l)
	for _, rec := range l.Records {
		if (rec.ID == o.ID) != strings.HasPrefix(rec.Invoice, "INV/") {
			t.Fatalf("history row %+v", rec)
		}
	}
}

// TestStatementOverHTTP: the buyer's year as PDF and CSV with the GST of the invoiced purchase
// and the totals; a bad year or format is 422; another buyer's statement holds none of it.
func TestStatementOverHTTP(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("statement-other@x.test")
	h.exec("UPDATE tokens SET gstin = '29AAPFU0939F1ZR', tax_legal_name = 'Acme Platform Pvt Ltd' WHERE company_id = ?", h.companyID)
	o := h.order(tok, 100)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI",
		"referenceNumber": "412300000078", "receiptId": h.receipt(tok)}), 200)
	if _, err := h.d.Build().Purchases.Approve(context.Background(), audit.Actor{Kind: "system"}, h.companyID, o.ID); err != nil {
		t.Fatal(err)
	}
	fy := invoice.FY(time.Now())
	h.want(h.call("GET", "/api/v1/user/statement?fy=2026", tok, nil), 422)
	h.want(h.call("GET", "/api/v1/user/statement?fy="+fy+"&format=xls", tok, nil), 422)
	h.want(h.call("GET", "/api/v1/user/statement?fy="+fy, "", nil), 401)
	r := h.call("GET", "/api/v1/user/statement?fy="+fy+"&format=csv", tok, nil)
	if r.Code != 200 || r.Header.Get("Content-Disposition") != `attachment; filename="statement-`+fy+`.csv"` {
		t.Fatalf("csv: %d %v", r.Code, r.Header)
	}
	text := string(r.Data)
	var orderNo string
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT order_number FROM purchases WHERE id = ?", o.ID).Scan(&orderNo); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Date,Order Number,Tokens,Price,Amount,Platform Charge,GST in Charge,Total,Status,Invoice",
		orderNo, "APPROVED", "INV/" + fy + "/000001", "Totals (approved)"} {
		if !strings.Contains(text, want) {
			t.Errorf("csv lacks %q:\n%s", want, text)
		}
	}
	r = h.call("GET", "/api/v1/user/statement?fy="+fy, tok, nil)
	if r.Code != 200 || !bytes.HasPrefix(r.Data, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("pdf: %d %v", r.Code, r.Header)
	}
	r = h.call("GET", "/api/v1/user/statement?fy="+fy+"&format=csv", otherTok, nil)
	if r.Code != 200 || strings.Contains(string(r.Data), orderNo) {
		t.Fatalf("another buyer's statement shows the purchase: %s", r.Data)
	}
}

// TestProfileState: the profile's state is the PIN's until the buyer picks one from the GST
// list; the approval's invoice then takes that state as its place of supply.
func TestProfileState(t *testing.T) {
	h := setup(t)
	tok, u := h.newBuyer("state@x.test") // PIN 560001: Karnataka
	state := func() string {
		var p struct{ State string }
		h.call("GET", "/api/v1/user/auth/profile/get", tok, nil).Into(t, &p)
		return p.State
	}
	if s := state(); s != "29" {
		t.Fatalf("state from the PIN: %q", s)
	}
	up := "/api/v1/user/auth/profile/update"
	r := h.call("PUT", up, tok, map[string]any{"state": "40", "password": "Passw0rd!"})
	if r.Code != 422 || r.FieldMsg("state") != "Please choose your state from the list." {
		t.Fatalf("bad state: %d %s", r.Code, r.Data)
	}
	h.want(h.call("PUT", up, tok, map[string]any{"state": "27", "password": "Passw0rd!"}), 200)
	if s := state(); s != "27" {
		t.Fatalf("chosen state: %q", s)
	}
	h.exec("UPDATE tokens SET gstin = '27AAPFU0939F1ZV', tax_legal_name = 'Acme' WHERE company_id = ?", h.companyID)
	o := h.order(tok, 100)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI",
		"referenceNumber": "412300000079", "receiptId": h.receipt(tok)}), 200)
	if _, err := h.d.Build().Purchases.Approve(context.Background(), audit.Actor{Kind: "system"}, h.companyID, o.ID); err != nil {
		t.Fatal(err)
	}
	var pos string
	var igst, cgst int64
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT place_of_supply, igst, cgst FROM invoices WHERE purchase_id = ?", o.ID).
		Scan(&pos, &igst, &cgst); err != nil {
		t.Fatal(err)
	}
	if pos != "27" || igst != 0 || cgst == 0 {
		t.Fatalf("invoice of buyer %s: place %s igst %d cgst %d", u.ID, pos, igst, cgst)
	}
}
