package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"prelaunch/core/audit"
)

// TestOnePaymentOneClaimOverHTTP: the UTR written five ways is one claim, whoever
// makes it; the same receipt file cannot prove a second purchase.
func TestOnePaymentOneClaimOverHTTP(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("claim-other@x.test")
	sub := "/api/v1/user/package/purchase"
	rc := h.receipt(tok)
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": h.order(tok, 20).ID, "paymentMethod": "UPI",
		"referenceNumber": "578816794120", "receiptId": rc}), 200)
	for i, form := range []string{"5788-1679-4120", "0578816794120", "578816794120/", "_578816794120", "57881679412o", "5788l679412O"} {
		who := []string{tok, otherTok}[i%2]
		r := h.call("POST", sub, who, map[string]any{"purchaseId": h.order(who, 20).ID, "paymentMethod": "UPI",
			"referenceNumber": form, "receiptId": h.receipt(who)})
		h.want(r, 409)
		if r.Msg() != "This UTR / transaction number has already been submitted." {
			t.Fatalf("%s: %q", form, r.Msg())
		}
	}
	r := h.call("POST", sub, tok, map[string]any{"purchaseId": h.order(tok, 20).ID, "paymentMethod": "BANK",
		"referenceNumber": "412300000001", "receiptId": rc, "bankName": "SBI"})
	h.want(r, 409)
	if r.Msg() != "This transaction file is already attached to another purchase." {
		t.Fatalf("receipt reuse: %q", r.Msg())
	}
	var n int
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM purchases WHERE status = 'PENDING'").Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d pending claims (%v)", n, err)
	}
}

// TestReceiptDownloadOverHTTP: the buyer's approved purchase downloads as a PDF attachment named
// by its receipt number; a pending one is 409, another buyer's 404, no id 422, no token 401.
func TestReceiptDownloadOverHTTP(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("receipt-other@x.test")
	o := h.order(tok, 100)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI",
		"referenceNumber": "412300000002", "receiptId": h.receipt(tok)}), 200)
	path := "/api/v1/user/transaction/receipt?id=" + o.ID
	h.want(h.call("GET", path, tok, nil), 409)
	if _, err := h.d.Build().Purchases.Approve(context.Background(), audit.Actor{Kind: "system"}, h.companyID, o.ID); err != nil {
		t.Fatal(err)
	}
	h.want(h.call("GET", path, "", nil), 401)
	h.want(h.call("GET", path, otherTok, nil), 404)
	h.want(h.call("GET", "/api/v1/user/transaction/receipt", tok, nil), 422)
	h.want(h.call("GET", "/api/v1/user/transaction/receipt?id=nope", tok, nil), 404)
	r := h.call("GET", path, tok, nil)
	h.want(r, 200)
	if !bytes.HasPrefix(r.Data, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" ||
		!regexp.MustCompile(`^attachment; filename="receipt-\d{6}\.pdf"$`).MatchString(r.Header.Get("Content-Disposition")) ||
		r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("receipt answer: %v %q", r.Header, r.Data[:8])
	}
	var l struct {
		Records []struct {
			Status       string
			RejectReason *string
		}
	}
	h.call("GET", "/api/v1/user/transaction/list?status=approved", tok, nil).Into(t, &l)
	if len(l.Records) != 1 || l.Records[0].RejectReason != nil {
		t.Fatalf("buyer's list: %+v", l)
	}
	h.want(h.call("GET", "/api/v1/user/transaction/list?status=REFUNDED", tok, nil), 200)
}

// TestImplausibleUTRRefusedOverHTTP: "0000" (whose normal form is empty, so it blocked "----"
// for everyone) and other references no bank issues are 422 naming the accepted forms;
// 57881679412o after 578816794120 is the same payment: 409.
func TestImplausibleUTRRefusedOverHTTP(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	sub := "/api/v1/user/package/purchase"
	o := h.order(tok, 20)
	for _, ref := range []string{"0000", "----", "UTR1001", "57881679412", "ABCD16794120"} {
		for _, method := range []string{"UPI", "BANK"} {
			r := h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": method,
				"referenceNumber": ref, "receiptId": h.receipt(tok)})
			h.want(r, 422)
			if !strings.Contains(r.Msg(), "12 digits") || !strings.Contains(r.Msg(), "16 to 22 letters and digits") {
				t.Fatalf("%s %q: %q", method, ref, r.Msg())
			}
		}
	}
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI",
		"referenceNumber": "578816794120", "receiptId": h.receipt(tok)}), 200)
	r := h.call("POST", sub, tok, map[string]any{"purchaseId": h.order(tok, 20).ID, "paymentMethod": "UPI",
		"referenceNumber": "57881679412o", "receiptId": h.receipt(tok)})
	h.want(r, 409)
	if r.Msg() != "This UTR / transaction number has already been submitted." {
		t.Fatalf("look-alike: %q", r.Msg())
	}
}
