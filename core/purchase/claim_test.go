package purchase_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/user"
)

// receiptFile stores a media row owned by the buyer, as an upload would.
func receiptFile(t *testing.T, d *runtime.Deps, b user.Buyer) string {
	t.Helper()
	m := &media.Media{CompanyID: &b.CompanyID, OwnerKind: "user", OwnerID: b.UserID,
		StorageName: fmt.Sprintf("claim-%s-%d.png", b.UserID, len(t.Name())+int(nextSeq())), OriginalName: "proof.png",
		ContentType: "image/png", SizeBytes: 10}
	if _, err := d.DB.NewInsert().Model(m).Returning("id").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

var seqMu sync.Mutex
var seqN int64

func nextSeq() int64 {
	seqMu.Lock()
	defer seqMu.Unlock()
	seqN++
	return seqN
}

// claim places an order of ₹20 for b and submits it by UPI with ref and receipt (a new file when "").
func claim(t *testing.T, d *runtime.Deps, svc *purchase.Service, b user.Buyer, ref, receipt string) (*purchase.Purchase, error) {
	t.Helper()
	o, err := svc.CreateOrder(context.Background(), b, amt("20"))
	if err != nil {
		t.Fatal(err)
	}
	if receipt == "" {
		receipt = receiptFile(t, d, b)
	}
	return svc.Submit(context.Background(), b, purchase.SubmitInput{PurchaseID: o.ID, PaymentMethod: "UPI",
		ReferenceNumber: ref, ReceiptID: receipt})
}

// TestOneUTROneClaimInEveryWrittenForm: the same bank transfer written five ways is one claim,
// by the same buyer or another; a rejection frees it; a refund keeps it.
func TestOneUTROneClaimInEveryWrittenForm(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 2)
	ctx := context.Background()
	first, err := claim(t, d, svc, bs[0], "578816794120", "")
	if err != nil {
		t.Fatal(err)
	}
	for i, form := range []string{"5788-1679-4120", "0578816794120", "578816794120/", "_578816794120", "578816794120",
		"57881679412o", "5788l679412O", "5788I67941-2o"} {
		_, err := claim(t, d, svc, bs[i%2], form, "")
		if !apperr.Is(err, apperr.KindConflict) || msg(err) != "This UTR / transaction number has already been submitted." {
			t.Errorf("second claim as %q: %v", form, err)
		}
	}
	if n := countStatus(t, d, cid, purchase.StatusPending); n != 1 {
		t.Fatalf("%d PENDING purchases, want 1", n)
	}
	// A rejected claim frees its UTR (an admin found it unpaid; the buyer may claim it again).
	admin := adminActor(t, d, cid)
	if _, err := svc.Reject(ctx, admin, cid, first.ID, ""); err != nil {
		t.Fatal(err)
	}
	again, err := claim(t, d, svc, bs[1], "5788-1679-4120", "")
	if err != nil {
		t.Fatalf("claim after rejection: %v", err)
	}
	// ... so the rejected one cannot be marked refunded while the new claim holds the payment.
	_, err = svc.Refund(ctx, admin, cid, first.ID, "RFND123")
	if !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("refund while claimed again: %v", err)
	}
	if _, err := svc.Reject(ctx, admin, cid, again.ID, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Refund(ctx, admin, cid, first.ID, "RFND123"); err != nil {
		t.Fatalf("refund: %v", err)
	}
	// A refunded payment cannot be claimed again.
	if _, err := claim(t, d, svc, bs[0], "0578-8167-94120", ""); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("claim of a refunded payment: %v", err)
	}
}

// TestConcurrentClaimsOfOneUTRHaveOneWinner: the database decides, not a read before the write.
func TestConcurrentClaimsOfOneUTRHaveOneWinner(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 10)
	forms := []string{"412345678901", "4123-4567-8901", "0412345678901", "412345678901/", "_412345678901"}
	ids := make([]string, len(bs))
	receipts := make([]string, len(bs))
	for i, b := range bs {
		o, err := svc.CreateOrder(context.Background(), b, amt("20"))
		if err != nil {
			t.Fatal(err)
		}
		ids[i], receipts[i] = o.ID, receiptFile(t, d, b)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, conflict := 0, 0
	start := make(chan struct{})
	for i, b := range bs {
		wg.Add(1)
		go func(i int, b user.Buyer) {
			defer wg.Done()
			<-start
			_, err := svc.Submit(context.Background(), b, purchase.SubmitInput{PurchaseID: ids[i], PaymentMethod: "BANK",
				ReferenceNumber: forms[i%len(forms)], ReceiptID: receipts[i]})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case apperr.Is(err, apperr.KindConflict):
				conflict++
			default:
				t.Errorf("submit: %v", err)
			}
		}(i, b)
	}
	close(start)
	wg.Wait()
	if ok != 1 || conflict != len(bs)-1 {
		t.Fatalf("ok %d conflict %d, want 1 and %d", ok, conflict, len(bs)-1)
	}
}

// TestReceiptFileOneClaim: a receipt file attached to a PENDING or APPROVED purchase cannot prove
// another; a rejection frees it.
func TestReceiptFileOneClaim(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()
	file := receiptFile(t, d, bs[0])
	first, err := claim(t, d, svc, bs[0], "578800000111", file)
	if err != nil {
		t.Fatal(err)
	}
	_, err = claim(t, d, svc, bs[0], "578800000222", file)
	if !apperr.Is(err, apperr.KindConflict) || msg(err) != "This transaction file is already attached to another purchase." {
		t.Fatalf("the same file on a second claim: %v", err)
	}
	// One step (no purchaseId) too.
	_, err = svc.Submit(ctx, bs[0], purchase.SubmitInput{PaymentMethod: "UPI", ReferenceNumber: "578800000333", ReceiptID: file, Amount: amt("20")})
	if !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("one-step submit with the same file: %v", err)
	}
	admin := adminActor(t, d, cid)
	if _, err := svc.Approve(ctx, admin, cid, first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := claim(t, d, svc, bs[0], "578800000444", file); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("file of an approved purchase: %v", err)
	}
	second, err := claim(t, d, svc, bs[0], "578800000555", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reject(ctx, admin, cid, second.ID, ""); err != nil {
		t.Fatal(err)
	}
	var secondFile string
	if err := d.DB.NewRaw("SELECT receipt_id FROM purchases WHERE id = ?", second.ID).Scan(ctx, &secondFile); err != nil {
		t.Fatal(err)
	}
	if _, err := claim(t, d, svc, bs[0], "578800000666", secondFile); err != nil {
		t.Fatalf("the file of a rejected claim: %v", err)
	}
}

// TestAdminSearchFindsEveryWrittenForm: a UTR typed with dashes, slashes, padding or in another
// case is found by any other writing of it.
func TestAdminSearchFindsEveryWrittenForm(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()
	admin := adminActor(t, d, cid)
	var ids []string
	for _, form := range []string{"5788-1679-4120", "0hdfc/n52026_1127000077ab"} {
		p, err := claim(t, d, svc, bs[0], form, "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	if _, err := svc.Reject(ctx, admin, cid, ids[1], ""); err != nil {
		t.Fatal(err)
	}
	for search, want := range map[string]string{"578816794120": ids[0], "0578816794120": ids[0], "5788 1679": ids[0],
		"16794120": ids[0], "57881679412o": ids[0], "HDFCN520261127000077AB": ids[1], "hdfc-n5202-6112-7000077ab": ids[1],
		"1127_0000": ids[1], "hdfcn52o26": ids[1]} {
		for _, list := range []func() ([]purchase.AdminRecord, error){
			func() ([]purchase.AdminRecord, error) {
				l, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Search: search})
				return l.Records, err
			},
			func() ([]purchase.AdminRecord, error) {
				l, err := views(svc).AllPurchases(ctx, purchase.ReviewFilter{Search: search})
				return l.Records, err
			},
		} {
			recs, err := list()
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || recs[0].ID != want {
				t.Errorf("search %q: %d records, want %s", search, len(recs), want)
			}
		}
	}
}

func countStatus(t *testing.T, d *runtime.Deps, cid, status string) int64 {
	t.Helper()
	var n int64
	if err := d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM purchases WHERE company_id = ? AND status = ?", cid, status).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// adminActor is the company's admin as the review calls name them.
func adminActor(t *testing.T, d *runtime.Deps, cid string) audit.Actor {
	t.Helper()
	var id string
	if err := d.DB.QueryRowContext(context.Background(), "SELECT id FROM users WHERE company_id = ? AND role = 'ADMIN' LIMIT 1", cid).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return audit.Actor{ID: id, Kind: "admin", CompanyID: cid, IP: "127.0.0.1"}
}

// msg is the message the client reads for err.
func msg(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	return ""
}

// TestImplausibleReferencesRefused: a UPI or bank transfer claims a bank's reference (a UPI RRN
// or IMPS reference of 12 digits, a NEFT/RTGS UTR of 16 to 22 letters and digits); "0000" is
// none and must not block "----" or any other reference that reads as empty. A MANUAL payment
// has no bank reference: its note needs 4 characters besides padding zeros.
func TestImplausibleReferencesRefused(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()
	const want = "Please enter the bank's reference: a UPI RRN or IMPS reference of 12 digits, or a NEFT/RTGS UTR of 16 to 22 letters and digits."
	o, err := svc.CreateOrder(ctx, bs[0], amt("20")) // a refused proof leaves it open for the next
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{"UPI", "BANK"} {
		for _, ref := range []string{"0000", "----", "UTR1001", "57881679412", "5788167941201", "ABCD16794120", "HDFCN5202611270000077AB1", "000012345678"} {
			_, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PurchaseID: o.ID, PaymentMethod: method,
				ReferenceNumber: ref, ReceiptID: receiptFile(t, d, bs[0])})
			if !apperr.Is(err, apperr.KindInvalid) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s %q: %v", method, ref, err)
			}
		}
	}
	for _, ref := range []string{"HDFCN52026112700007", "SBINR52026112700000042", "ICICR12345678901", "4123-4567-8901"} {
		if _, err := claim(t, d, svc, bs[0], ref, ""); err != nil {
			t.Errorf("%q: %v", ref, err)
		}
	}
	for _, ref := range []string{"0000", "----", "00001", "CASH-1234"} {
		ok := ref == "CASH-1234" // the last: it submits the order
		_, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PurchaseID: o.ID, PaymentMethod: "MANUAL", ReferenceNumber: ref})
		if ok != (err == nil) || (!ok && !apperr.Is(err, apperr.KindInvalid)) {
			t.Errorf("MANUAL %q: %v", ref, err)
		}
	}
}
