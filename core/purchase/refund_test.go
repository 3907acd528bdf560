package purchase_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
)

func page1(t *testing.T) pagination.Page {
	t.Helper()
	pg, err := pagination.Parse("1", "10", 10)
	if err != nil {
		t.Fatal(err)
	}
	return pg
}

func count(t *testing.T, d *runtime.Deps, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := d.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// TestRejectReasonReachesTheBuyer: the reason is trimmed, stored, listed to the buyer and the
// admins, written to the audit log; a reason of two lines or too long is 422 and changes nothing.
func TestRejectReasonReachesTheBuyer(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()
	admin := adminActor(t, d, cid)
	p, err := claim(t, d, svc, bs[0], "577700000001", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"Amount\nnot received", "tab\there", "nul\x00", strings.Repeat("x", 501)} {
		if _, err := svc.Reject(ctx, admin, cid, p.ID, bad); !apperr.Is(err, apperr.KindInvalid) {
			t.Errorf("reason %q: %v", bad, err)
		}
	}
	if n := countStatus(t, d, cid, purchase.StatusPending); n != 1 {
		t.Fatalf("a refused reason changed the purchase: %d pending", n)
	}
	if _, err := svc.Reject(ctx, admin, cid, p.ID, "  Amount not received in our account  "); err != nil {
		t.Fatal(err)
	}
	list, err := svc.ListForBuyer(ctx, bs[0], "", "", page1(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Records) != 1 || list.Records[0].RejectReason == nil || *list.Records[0].RejectReason != "Amount not received in our account" {
		t.Fatalf("buyer's record: %+v", list.Records)
	}
	adm, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Status: "rejected"})
	if err != nil || len(adm.Records) != 1 || *adm.Records[0].RejectReason != "Amount not received in our account" {
		t.Fatalf("admin's record: %+v %v", adm.Records, err)
	}
	var after string
	if err := d.DB.NewRaw("SELECT after::text FROM audit_log WHERE action = 'purchase.reject' AND target_id = ?", p.ID).Scan(ctx, &after); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(after, "Amount not received in our account") {
		t.Errorf("audit: %s", after)
	}
	// Without a reason: null, not "".
	q, err := claim(t, d, svc, bs[0], "577700000002", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reject(ctx, admin, cid, q.ID, "   "); err != nil {
		t.Fatal(err)
	}
	if n := count(t, d, "SELECT count(*) FROM purchases WHERE id = ? AND reject_reason IS NULL", q.ID); n != 1 {
		t.Error("a blank reason was stored")
	}
}

// TestRefundOnlyFromRejected: REJECTED -> REFUNDED once, with its reference; 409 from any other
// status and on a second refund; another company's purchase is 404; the supply is untouched;
// every list and filter takes REFUNDED.
func TestRefundOnlyFromRejected(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()
	admin := adminActor(t, d, cid)
	pending, err := claim(t, d, svc, bs[0], "588800000001", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Refund(ctx, admin, cid, pending.ID, "RF-1"); !apperr.Is(err, apperr.KindConflict) || msg(err) != "Only a rejected purchase can be refunded." {
		t.Fatalf("refund of a PENDING purchase: %v", err)
	}
	if _, err := svc.Approve(ctx, admin, cid, pending.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Refund(ctx, admin, cid, pending.ID, "RF-1"); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("refund of an APPROVED purchase: %v", err)
	}
	rejected, err := claim(t, d, svc, bs[0], "588800000002", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reject(ctx, admin, cid, rejected.ID, "Not received"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "  ", "RF\n2", strings.Repeat("9", 101)} {
		if _, err := svc.Refund(ctx, admin, cid, rejected.ID, bad); !apperr.Is(err, apperr.KindInvalid) {
			t.Errorf("refund reference %q: %v", bad, err)
		}
	}
	if _, err := svc.Refund(ctx, admin, cid, "", "RF-2"); !apperr.Is(err, apperr.KindInvalid) {
		t.Errorf("no id: %v", err)
	}
	for _, id := range []string{"not-an-id", "00000000-0000-0000-0000-000000000000"} {
		if _, err := svc.Refund(ctx, admin, cid, id, "RF-2"); !apperr.Is(err, apperr.KindNotFound) {
			t.Errorf("refund of %s: %v", id, err)
		}
	}
	// Another company's admin.
	if _, err := svc.Refund(ctx, admin, "00000000-0000-0000-0000-000000000001", rejected.ID, "RF-2"); !apperr.Is(err, apperr.KindNotFound) {
		t.Errorf("another company's refund: %v", err)
	}
	before := remaining(t, d, cid)
	// Ten refunds at once: one succeeds, the others are told it is no longer rejected.
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, conflict := 0, 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := svc.Refund(ctx, admin, cid, rejected.ID, "  NEFT-RF-000123  ")
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				ok++
			} else if apperr.Is(err, apperr.KindConflict) {
				conflict++
			} else {
				t.Errorf("refund: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 1 || conflict != 9 {
		t.Fatalf("ok %d conflict %d", ok, conflict)
	}
	if r := remaining(t, d, cid); r != before {
		t.Errorf("a refund moved the supply: %d -> %d", before, r)
	}
	testkit.CheckSupply(t, d.DB)
	if n := count(t, d, "SELECT count(*) FROM audit_log WHERE action = 'purchase.refund' AND target_id = ?", rejected.ID); n != 1 {
		t.Errorf("%d refund audit rows", n)
	}
	list, err := svc.ListForBuyer(ctx, bs[0], "refunded", "", page1(t))
	if err != nil {
		t.Fatal(err)
	}
	if list.Total != 1 || len(list.Records) != 1 || list.Records[0].Status != purchase.StatusRefunded ||
		*list.Records[0].RefundReference != "NEFT-RF-000123" || list.Records[0].RefundedAt == nil ||
		*list.Records[0].RejectReason != "Not received" {
		t.Fatalf("buyer's refunded list: %+v", list)
	}
	for _, f := range []purchase.ReviewFilter{{Status: "REFUNDED"}, {Status: "REFUNDED", Search: "588800000002"}} {
		adm, err := views(svc).Purchases(ctx, cid, f)
		if err != nil || adm.Total != 1 || len(adm.Records) != 1 || *adm.Records[0].RefundReference != "NEFT-RF-000123" {
			t.Fatalf("admin list %+v: %+v %v", f, adm, err)
		}
		sup, err := views(svc).AllPurchases(ctx, f)
		if err != nil || sup.Total != 1 || len(sup.Records) != 1 {
			t.Fatalf("super admin list %+v: %+v %v", f, sup, err)
		}
	}
	all, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{})
	if err != nil || all.Total != 2 {
		t.Fatalf("all reviewed: %d %v", all.Total, err)
	}
	if _, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Status: "EXPIRED"}); !apperr.Is(err, apperr.KindInvalid) {
		t.Errorf("status EXPIRED: %v", err)
	}
}
