package purchase_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/user"
)

// TestReceiptOfAnApprovedPurchase: the buyer's APPROVED purchase gives a PDF named by its
// receipt number, the same number every time; another buyer's is 404, a pending one 409.
func TestReceiptOfAnApprovedPurchase(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 2)
	ctx := context.Background()
	admin := adminActor(t, d, cid)
	p, err := claim(t, d, svc, bs[0], "5788-1679-4120", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Receipt(ctx, bs[0], p.ID); !apperr.Is(err, apperr.KindConflict) || msg(err) != "A receipt is only available for an approved purchase." {
		t.Fatalf("receipt of a PENDING purchase: %v", err)
	}
	if _, err := svc.Approve(ctx, admin, cid, p.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Receipt(ctx, bs[1], p.ID); !apperr.Is(err, apperr.KindNotFound) {
		t.Fatalf("another buyer's receipt: %v", err)
	}
	if _, err := svc.Receipt(ctx, bs[0], ""); !apperr.Is(err, apperr.KindInvalid) {
		t.Fatalf("no id: %v", err)
	}
	if _, err := svc.Receipt(ctx, bs[0], "nope"); !apperr.Is(err, apperr.KindNotFound) {
		t.Fatalf("malformed id: %v", err)
	}
	r, err := svc.Receipt(ctx, bs[0], p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r.Name != "receipt-000001.pdf" || !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
		t.Fatalf("receipt %s, %q", r.Name, r.Body[:8])
	}
	again, err := svc.Receipt(ctx, bs[0], p.ID)
	if err != nil || again.Name != r.Name || !bytes.Equal(again.Body, r.Body) {
		t.Fatalf("second download: %v %s", err, again.Name)
	}
	if bin, err := exec.LookPath("pdftotext"); err == nil {
		cmd := exec.Command(bin, "-layout", "-enc", "UTF-8", "-", "-")
		cmd.Stdin = bytes.NewReader(r.Body)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		var order, member, company string
		if err := d.DB.NewRaw(`SELECT p.order_number, u.referral_code, c.name FROM purchases p JOIN users u ON u.id = p.user_id
			JOIN companies c ON c.id = p.company_id WHERE p.id = ?`, p.ID).Scan(ctx, &order, &member, &company); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Receipt No. 000001", order, member, company, "b0@x.test", "5788-1679-4120", "UPI", "₹20.40", "₹0.40", "2 "} {
			if !strings.Contains(string(out), want) {
				t.Errorf("the receipt lacks %q:\n%s", want, out)
			}
		}
	}
}

// TestReceiptNumbersUnderConcurrency: approved purchases downloaded many times at once get the
// numbers 1..n of their company, each purchase one number, with no gap and no repeat.
func TestReceiptNumbersUnderConcurrency(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 8)
	ctx := context.Background()
	admin := adminActor(t, d, cid)
	ids := make([]string, len(bs))
	for i, b := range bs {
		p, err := claim(t, d, svc, b, "55500000000"+string(rune('1'+i)), "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Approve(ctx, admin, cid, p.ID); err != nil {
			t.Fatal(err)
		}
		ids[i] = p.ID
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	names := map[string]map[string]bool{}
	start := make(chan struct{})
	for round := 0; round < 4; round++ {
		for i, b := range bs {
			wg.Add(1)
			go func(i int, b user.Buyer) {
				defer wg.Done()
				<-start
				r, err := svc.Receipt(ctx, b, ids[i])
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					t.Errorf("receipt: %v", err)
					return
				}
				if names[ids[i]] == nil {
					names[ids[i]] = map[string]bool{}
				}
				names[ids[i]][r.Name] = true
			}(i, b)
		}
	}
	close(start)
	wg.Wait()
	seen := map[string]bool{}
	for id, ns := range names {
		if len(ns) != 1 {
			t.Errorf("purchase %s got %d receipt numbers: %v", id, len(ns), ns)
		}
		for n := range ns {
			if seen[n] {
				t.Errorf("%s given twice", n)
			}
			seen[n] = true
		}
	}
	for i := 1; i <= len(bs); i++ {
		if want := "receipt-00000" + string(rune('0'+i)) + ".pdf"; !seen[want] {
			t.Errorf("%s missing: %v", want, seen)
		}
	}
	if n := count(t, d, "SELECT last FROM receipt_counters WHERE company_id = ?", cid); n != int64(len(bs)) {
		t.Errorf("counter at %d, want %d", n, len(bs))
	}
}
