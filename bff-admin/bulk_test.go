package main

import (
	"fmt"
	"sync"
	"testing"
)

type bulkRow struct {
	ID, UserID, OrderNumber, Status, Message string
	OK                                       bool
}

type bulkAnswer struct {
	Results                  []bulkRow
	Decided, Failed          int
	TotalAmount, TotalTokens float64
}

// Two admins bulk-approve overlapping selections of Purchase Requests at once: one call each,
// a result per row, every purchase approved and credited exactly once.
func TestBulkPurchaseDecisionsOverlap(t *testing.T) {
	h := setup(t)
	h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminA, map[string]any{"name": "Second Admin", "mobile": "7000000999",
		"email": "second@a.test", "role": "ADMIN", "password": "Second#Pass1"}), 200)
	second := h.adminLogin("second@a.test", "Second#Pass1")
	var buyers, ids []string
	for i := 0; i < 6; i++ {
		b := h.newBuyer(h.cidA, fmt.Sprintf("Bulk %d", i), fmt.Sprintf("bulk%d@a.test", i), nil)
		buyers = append(buyers, b)
		ids = append(ids, h.pending(h.cidA, b, 100, "UPI", fmt.Sprintf("UTR-HB-%d", i), nil))
	}
	var wg sync.WaitGroup
	answers := make([]bulkAnswer, 2)
	for i, sel := range [][]string{ids[:4], {ids[5], ids[4], ids[3], ids[2]}} {
		wg.Add(1)
		go func(i int, sel []string, tok string) {
			defer wg.Done()
			h.want(h.call("POST", "/api/v1/admin/transaction/bulk", tok, map[string]any{"ids": sel, "action": "approve"}), 200).Into(t, &answers[i])
		}(i, sel, []string{h.adminA, second}[i])
	}
	wg.Wait()
	if answers[0].Decided+answers[1].Decided != 6 || answers[0].Failed+answers[1].Failed != 2 {
		t.Fatalf("answers %+v", answers)
	}
	for _, b := range buyers {
		if n := h.num("SELECT stock_balance FROM users WHERE id = ?", b); n != 100 {
			t.Fatalf("buyer balance %d, want 100", n)
		}
	}
	// Rejecting what is decided: every row answers why, nothing changes.
	var again bulkAnswer
	h.want(h.call("POST", "/api/v1/admin/transaction/bulk", h.adminA, map[string]any{"ids": ids[:2], "action": "reject", "reason": "Late."}), 200).Into(t, &again)
	if again.Decided != 0 || again.Results[0].Message != "This purchase has already been processed." {
		t.Fatalf("again %+v", again)
	}
	h.want(h.call("POST", "/api/v1/admin/transaction/bulk", h.adminA, map[string]any{"ids": []string{}, "action": "approve"}), 422)
	h.want(h.call("POST", "/api/v1/admin/transaction/bulk", h.adminA, map[string]any{"ids": ids[:1], "action": "delete"}), 422)
	// Another company's admin decides nothing of company A's.
	var other bulkAnswer
	h.want(h.call("POST", "/api/v1/admin/transaction/bulk", h.adminB, map[string]any{"ids": ids[:1], "action": "approve"}), 200).Into(t, &other)
	if other.Decided != 0 || other.Results[0].Message != "Purchase not found." {
		t.Fatalf("other company %+v", other)
	}
}

// KYC: approve several at once, one reason for several rejections, and a row decided meanwhile.
func TestBulkKYCDecisions(t *testing.T) {
	h := setup(t)
	var ids []string
	for i := 0; i < 3; i++ {
		b := h.newBuyer(h.cidA, fmt.Sprintf("Kyc %d", i), fmt.Sprintf("kb%d@a.test", i), nil)
		h.submitKYCWith(h.cidA, b, aadhaarFor(b)) // one Aadhaar number per account
		ids = append(ids, b)
	}
	h.want(h.call("POST", "/api/v1/admin/kyc/bulk", h.adminA, map[string]any{"userIds": ids, "action": "reject", "reason": ""}), 422)
	h.want(h.call("POST", "/api/v1/admin/kyc/approve", h.adminA, map[string]any{"userId": ids[0]}), 200)
	var res bulkAnswer
	h.want(h.call("POST", "/api/v1/admin/kyc/bulk", h.adminA, map[string]any{"userIds": ids, "action": "reject", "reason": "PAN photo blurred."}), 200).Into(t, &res)
	if res.Decided != 2 || res.Failed != 1 || res.Results[0].OK || res.Results[0].Message != "This KYC request has already been processed." || res.Results[1].Status != "REJECTED" {
		t.Fatalf("kyc bulk %+v", res)
	}
	if n := h.num("SELECT count(*) FROM kyc_submissions WHERE status = 'REJECTED' AND reason = 'PAN photo blurred.'"); n != 2 {
		t.Fatalf("%d rejected with the reason", n)
	}
}

// Purchase Requests sort on the server: by amount (largest first, or smallest with dir=asc) and
// by date either way; anything else is a 422.
func TestPurchaseListSorts(t *testing.T) {
	h := setup(t)
	b := h.newBuyer(h.cidA, "Sorter", "sorter@a.test", nil)
	for i, q := range []int64{300, 100, 200} {
		h.pending(h.cidA, b, q, "UPI", fmt.Sprintf("UTR-SORT-%d", i), nil)
	}
	order := func(query string) []float64 {
		var l struct {
			Records []struct{ FinalAmount float64 }
		}
		h.want(h.call("GET", "/api/v1/admin/transaction/list?status=PENDING"+query, h.adminA, nil), 200).Into(t, &l)
		out := make([]float64, len(l.Records))
		for i, r := range l.Records {
			out[i] = r.FinalAmount
		}
		return out
	}
	if got := fmt.Sprint(order("&sort=amount")); got != "[3060 2040 1020]" {
		t.Fatalf("sort=amount: %s", got)
	}
	if got := fmt.Sprint(order("&sort=amount&dir=asc")); got != "[1020 2040 3060]" {
		t.Fatalf("sort=amount&dir=asc: %s", got)
	}
	if got := fmt.Sprint(order("&sort=date&dir=asc")); got != "[3060 1020 2040]" {
		t.Fatalf("oldest first: %s", got)
	}
	h.want(h.call("GET", "/api/v1/admin/transaction/list?sort=price", h.adminA, nil), 422)
}
