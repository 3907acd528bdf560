package main

import (
	"bytes"
	"context"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"prelaunch/core/audit"
	"prelaunch/core/invoice"
	"prelaunch/core/seed"
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

// TestStatementListsDeliveries: the statement's second part lists the tokens sent to the buyer's
// wallet in the year, each with its transaction hash and status, in the CSV and the PDF; another
// buyer's transfers never appear, nor transfers dated in another year or not signed yet.
func TestStatementListsDeliveries(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, other := h.newBuyer("statement-deliveries@x.test")
	ctx := context.Background()
	var buyerID string
	if err := h.d.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = ? AND company_id = ?", seed.DemoBuyerEmail, h.companyID).Scan(&buyerID); err != nil {
		t.Fatal(err)
	}
	h.exec("UPDATE tokens SET decimals = 18 WHERE company_id = ?", h.companyID)
	var runID string
	if err := h.d.DB.QueryRowContext(ctx, `INSERT INTO distribution_runs (company_id, chain_id, token, treasury, total, transfers)
		VALUES (?, 1337, '0x5FbDB2315678afecb367f032d93F642f64180aa3', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1, 1) RETURNING id`,
		h.companyID).Scan(&runID); err != nil {
		t.Fatal(err)
	}
	hash := func(c byte) string { return "0x" + strings.Repeat(string(c), 64) }
	mine, theirs, lastYear, sending := hash('a'), hash('b'), hash('c'), hash('d')
	transfer := func(userID string, nonce int, txHash, status, at string, amount string) {
		h.exec(`INSERT INTO distribution_transfers (company_id, run_id, user_id, address, amount, chain_id, treasury, nonce, raw_tx, tx_hash,
			status, signed_at, confirmed_at) VALUES (?, ?, ?, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', ?::numeric, 1337,
			'0x70997970C51812dc3A010C7d01b50e0d17dc79C8', ?, '0x02', ?, ?, ?::timestamptz, CASE WHEN ? = 'CONFIRMED' THEN ?::timestamptz END)`,
			h.companyID, runID, userID, amount, nonce, txHash, status, at, status, at)
	}
	now := time.Now().UTC().Format(time.RFC3339)
	transfer(buyerID, 0, mine, "CONFIRMED", now, "1500000000000000000000") // 1,500 tokens
	transfer(other.ID, 1, theirs, "CONFIRMED", now, "7000000000000000000") // another buyer's
	transfer(buyerID, 2, lastYear, "CONFIRMED", time.Now().AddDate(-1, -1, 0).UTC().Format(time.RFC3339), "1")
	transfer(buyerID, 3, sending, "SENT", now, "2500000000000000000") // 2.5 tokens, not confirmed yet
	fy := invoice.FY(time.Now())

	r := h.call("GET", "/api/v1/user/statement?fy="+fy+"&format=csv", tok, nil)
	h.want(r, 200)
	text := string(r.Data)
	for _, want := range []string{"Delivery Date,Tokens Delivered,Wallet,Transaction Hash,Delivery Status",
		",1500,0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC," + mine + ",Confirmed", ",2.5,0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC," + sending + ",Pending"} {
		if !strings.Contains(text, want) {
			t.Errorf("csv lacks %q:\n%s", want, text)
		}
	}
	for _, not := range []string{theirs, lastYear} {
		if strings.Contains(text, not) {
			t.Errorf("csv shows %s:\n%s", not, text)
		}
	}
	r = h.call("GET", "/api/v1/user/statement?fy="+fy, tok, nil)
	h.want(r, 200)
	pdf := pdfText(t, r.Data)
	for _, want := range []string{"Tokens delivered to your wallet", mine, sending, "1,500", "Confirmed"} {
		if !strings.Contains(pdf, want) {
			t.Errorf("pdf lacks %q:\n%s", want, pdf)
		}
	}
	if strings.Contains(pdf, theirs) {
		t.Errorf("pdf shows another buyer's transfer:\n%s", pdf)
	}
	r = h.call("GET", "/api/v1/user/statement?fy="+fy+"&format=csv", otherTok, nil)
	h.want(r, 200)
	if !strings.Contains(string(r.Data), theirs) || strings.Contains(string(r.Data), mine) || strings.Contains(string(r.Data), sending) {
		t.Fatalf("the other buyer's statement:\n%s", r.Data)
	}
}

// pdfText is the PDF's text as pdftotext reads it (poppler-utils, which make test installs).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext is missing: make pdftotext installs poppler-utils")
	}
	cmd := exec.Command(bin, "-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
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
