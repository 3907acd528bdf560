package purchase_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/purchase"
)

// Two admins bulk-approve overlapping selections at the same moment: every purchase is approved
// once and credited once; each row the other admin won answers "already processed"; between them
// the two answers decide each purchase exactly once.
func TestBulkApprovalsOverlapCreditOnce(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	var buyers, ids []string
	for i := 0; i < 8; i++ {
		b := f.buyer(t, nil)
		buyers = append(buyers, b)
		ids = append(ids, f.pending(t, f.cid, b, int64(100+i), purchase.MethodUPI, fmt.Sprintf("UTR-BULK-%d", i)))
	}
	// Admin one takes rows 0-5, admin two rows 2-7 (in the other order): rows 2-5 overlap.
	one := ids[:6]
	two := []string{ids[7], ids[6], ids[5], ids[4], ids[3], ids[2]}
	var wg sync.WaitGroup
	var r1, r2 *purchase.BulkResult
	var e1, e2 error
	start := make(chan struct{})
	wg.Add(2)
	go func() {
		defer wg.Done()
		<-start
		r1, e1 = f.svc().Bulk(ctx, f.actor(), f.cid, purchase.BulkInput{IDs: one, Action: "approve"})
	}()
	go func() {
		defer wg.Done()
		<-start
		r2, e2 = f.svc().Bulk(ctx, f.actor(), f.cid, purchase.BulkInput{IDs: two, Action: "APPROVE"})
	}()
	close(start)
	wg.Wait()
	if e1 != nil || e2 != nil {
		t.Fatalf("bulk: %v, %v", e1, e2)
	}
	if len(r1.Results) != 6 || len(r2.Results) != 6 {
		t.Fatalf("results: %d and %d rows", len(r1.Results), len(r2.Results))
	}
	won := map[string]int{}
	for _, r := range append(append([]purchase.BulkRow{}, r1.Results...), r2.Results...) {
		if r.OK {
			won[r.ID]++
			if r.Status != purchase.StatusApproved {
				t.Fatalf("row %+v", r)
			}
		} else if r.Message != "This purchase has already been processed." {
			t.Fatalf("failed row %+v", r)
		}
	}
	for _, id := range ids {
		if won[id] != 1 {
			t.Fatalf("purchase %s decided %d times", id, won[id])
		}
	}
	if r1.Decided+r2.Decided != 8 || r1.Failed+r2.Failed != 4 {
		t.Fatalf("decided %d+%d, failed %d+%d", r1.Decided, r2.Decided, r1.Failed, r2.Failed)
	}
	if got := r1.TotalTokens.Add(r2.TotalTokens).IntPart(); got != 100+101+102+103+104+105+106+107 {
		t.Fatalf("total tokens %d", got)
	}
	for i, b := range buyers {
		if got := f.balance(t, b); got != int64(100+i) {
			t.Fatalf("buyer %d balance %d, want %d (credited once)", i, got, 100+i)
		}
	}
	if n := f.num(t, "SELECT count(*) FROM audit_log WHERE action = 'purchase.approve'"); n != 8 {
		t.Fatalf("%d approve audit rows, want 8", n)
	}
}

func TestBulkRejectOneReasonAndRefusals(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	b := f.buyer(t, nil)
	a := f.pending(t, f.cid, b, 10, purchase.MethodBank, "UTR-BR-1")
	c := f.pending(t, f.cid, b, 20, purchase.MethodBank, "UTR-BR-2")
	remBefore := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid)
	bad := func(in purchase.BulkInput) {
		t.Helper()
		if _, err := f.svc().Bulk(ctx, f.actor(), f.cid, in); kindOf(err) != apperr.KindInvalid {
			t.Fatalf("%+v: %v, want 422", in, err)
		}
	}
	bad(purchase.BulkInput{IDs: []string{a}, Action: "refund"})
	bad(purchase.BulkInput{IDs: nil, Action: "approve"})
	bad(purchase.BulkInput{IDs: []string{a}, Action: "reject", Reason: "two\nlines"})
	many := make([]string, 101)
	for i := range many {
		many[i] = fmt.Sprintf("00000000-0000-0000-0000-%012d", i)
	}
	bad(purchase.BulkInput{IDs: many, Action: "approve"})

	res, err := f.svc().Bulk(ctx, f.actor(), f.cid, purchase.BulkInput{IDs: []string{a, c, a, "00000000-0000-0000-0000-000000000001"}, Action: "reject", Reason: " Payment not received. "})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 3 || res.Decided != 2 || res.Failed != 1 || res.Results[2].Message != "Purchase not found." {
		t.Fatalf("reject: %+v", res)
	}
	if n := f.num(t, "SELECT count(*) FROM purchases WHERE id IN (?, ?) AND status = 'REJECTED' AND reject_reason = 'Payment not received.'", a, c); n != 2 {
		t.Fatalf("%d rejected with the reason, want 2", n)
	}
	if got := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid); got != remBefore+30 {
		t.Fatalf("released %d, want 30", got-remBefore)
	}
}
