package purchase_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/invoice"
	"prelaunch/core/purchase"
)

func invSetup(t testing.TB, gstin string) *rvFixture {
	t.Helper()
	d := testkit.Deps(t, "purchase_invoice", 10) // same Redis DB as the review tests of this package
	cid := testkit.Seed(t, d, "Admin@12345")
	var adminID string
	if err := d.DB.QueryRowContext(context.Background(), "SELECT id FROM users WHERE company_id = ? AND role = 'ADMIN' LIMIT 1", cid).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	f := &rvFixture{d: d, cid: cid, adminID: adminID}
	if gstin != "" {
		if _, err := d.DB.ExecContext(context.Background(), `UPDATE tokens SET gstin = ?, tax_legal_name = 'Acme Platform Pvt Ltd',
			tax_address = '1 Marine Drive, Mumbai' WHERE company_id = ?`, gstin, cid); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f *rvFixture) invoices(t *testing.T, kind string) []invoice.Invoice {
	t.Helper()
	var out []invoice.Invoice
	if err := f.d.DB.NewSelect().Model(&out).Where("company_id = ?", f.cid).Where("kind = ?", kind).Order("seq").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *rvFixture) buyerIn(t *testing.T, pin, state string) string {
	t.Helper()
	id := f.buyer(t, nil)
	if _, err := f.d.DB.ExecContext(context.Background(), "UPDATE users SET pincode = ?, state = ? WHERE id = ?", pin, state, id); err != nil {
		t.Fatal(err)
	}
	return id
}

// An approval issues the invoice of the charge in its transaction: CGST+SGST when the buyer's
// state is the GSTIN's, IGST otherwise; the buyer's chosen state wins over the PIN's.
func TestApproveIssuesInvoice(t *testing.T) {
	f := invSetup(t, "27AAPFU0939F1ZV")
	svc := f.svc()
	ctx := context.Background()
	mumbai := f.pending(t, f.cid, f.buyerIn(t, "400001", ""), 100, "UPI", "UTRINV001") // fee ₹20.00
	delhi := f.pending(t, f.cid, f.buyerIn(t, "400001", "07"), 59, "UPI", "UTRINV002") // fee ₹11.80
	for _, id := range []string{mumbai, delhi} {
		if _, err := svc.Approve(ctx, f.actor(), f.cid, id); err != nil {
			t.Fatal(err)
		}
	}
	got := f.invoices(t, invoice.KindInvoice)
	if len(got) != 2 {
		t.Fatalf("%d invoices", len(got))
	}
	fy := invoice.FY(time.Now())
	a, b := got[0], got[1]
	if a.Number != "INV/"+fy+"/000001" || a.PurchaseID != mumbai || a.PlaceOfSupply != "27" ||
		a.Taxable != 1695 || a.CGST != 152 || a.SGST != 153 || a.IGST != 0 || a.Total != 2000 ||
		a.SupplierGSTIN != "27AAPFU0939F1ZV" || a.SupplierName != "Acme Platform Pvt Ltd" || a.BuyerAddress != "PIN 400001, Maharashtra" {
		t.Fatalf("same-state invoice: %+v", a)
	}
	if b.Number != "INV/"+fy+"/000002" || b.PlaceOfSupply != "07" || b.Taxable != 1000 || b.IGST != 180 || b.CGST+b.SGST != 0 || b.Total != 1180 {
		t.Fatalf("other-state invoice: %+v", b)
	}
	if n := f.num(t, "SELECT count(*) FROM audit_log WHERE action = 'purchase.approve' AND after->>'invoice' = ?", a.Number); n != 1 {
		t.Fatalf("approval audit names the invoice %d times", n)
	}
	// A rejection issues nothing.
	rej := f.pending(t, f.cid, f.buyer(t, nil), 10, "UPI", "UTRINV003")
	if _, err := svc.Reject(ctx, f.actor(), f.cid, rej, ""); err != nil {
		t.Fatal(err)
	}
	if n := f.num(t, "SELECT count(*) FROM invoices WHERE purchase_id = ?", rej); n != 0 {
		t.Fatalf("rejection issued %d invoices", n)
	}
}

// Without a GSTIN no invoice is issued and no number is taken.
func TestApproveWithoutGSTINIssuesNone(t *testing.T) {
	f := invSetup(t, "")
	id := f.pending(t, f.cid, f.buyer(t, nil), 100, "UPI", "UTRNOGST1")
	if _, err := f.svc().Approve(context.Background(), f.actor(), f.cid, id); err != nil {
		t.Fatal(err)
	}
	if n := f.num(t, "SELECT count(*) FROM invoices") + f.num(t, "SELECT count(*) FROM invoice_counters"); n != 0 {
		t.Fatalf("%d invoice rows without a GSTIN", n)
	}
}

// 100 approvals at once (half through the bulk path) get the numbers 1..100 exactly.
func TestConcurrentApprovalsNumberWithoutGaps(t *testing.T) {
	f := invSetup(t, "29AAPFU0939F1ZR")
	ctx := context.Background()
	const n = 100
	ids := make([]string, n)
	for i := range ids {
		ids[i] = f.pending(t, f.cid, f.buyer(t, nil), int64(10+i), "UPI", fmt.Sprintf("UTRCONC%05d", i))
	}
	svc := f.svc()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	start := make(chan struct{})
	for i, id := range ids {
		wg.Add(1)
		go func(i int, id string) {
			defer wg.Done()
			<-start
			var err error
			if i%2 == 0 {
				_, err = svc.Approve(ctx, f.actor(), f.cid, id)
			} else {
				_, err = svc.Bulk(ctx, f.actor(), f.cid, purchase.BulkInput{Action: "approve", IDs: []string{id}})
			}
			errs <- err
		}(i, id)
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got := f.invoices(t, invoice.KindInvoice)
	if len(got) != n {
		t.Fatalf("%d invoices for %d approvals", len(got), n)
	}
	seqs := make([]int, n)
	seen := map[string]bool{}
	for i, inv := range got {
		seqs[i] = int(inv.Seq)
		seen[inv.PurchaseID] = true
		if inv.Number != invoice.Label(invoice.KindInvoice, inv.FY, inv.Seq) || inv.Taxable+inv.CGST+inv.SGST+inv.IGST != inv.Total {
			t.Fatalf("invoice %+v", inv)
		}
	}
	sort.Ints(seqs)
	for i, s := range seqs {
		if s != i+1 {
			t.Fatalf("numbers %v are not 1..%d", seqs, n)
		}
	}
	if len(seen) != n {
		t.Fatalf("%d purchases invoiced", len(seen))
	}
}

// An approval that fails after taking its number gives it back: the next approval gets it.
func TestFailedApprovalBurnsNoNumber(t *testing.T) {
	f := invSetup(t, "27AAPFU0939F1ZV")
	ctx := context.Background()
	bad := f.pending(t, f.cid, f.buyer(t, nil), 100, "UPI", "UTRFAIL01")
	good := f.pending(t, f.cid, f.buyer(t, nil), 100, "UPI", "UTRFAIL02")
	// The invoice insert of `bad` fails after its counter moved, inside the approval.
	for _, q := range []string{
		`DROP TRIGGER IF EXISTS fail_invoice ON invoices`,
		`CREATE OR REPLACE FUNCTION fail_invoice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$`,
		fmt.Sprintf(`CREATE TRIGGER fail_invoice BEFORE INSERT ON invoices FOR EACH ROW WHEN (NEW.purchase_id = '%s') EXECUTE FUNCTION fail_invoice()`, bad),
	} {
		if _, err := f.d.DB.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { _, _ = f.d.DB.ExecContext(ctx, `DROP TRIGGER IF EXISTS fail_invoice ON invoices`) })
	svc := f.svc()
	if _, err := svc.Approve(ctx, f.actor(), f.cid, bad); err == nil {
		t.Fatal("approval with a failing invoice succeeded")
	}
	if st := f.num(t, "SELECT count(*) FROM purchases WHERE id = ? AND status = 'PENDING'", bad); st != 1 {
		t.Fatal("failed approval left the purchase decided")
	}
	if _, err := svc.Approve(ctx, f.actor(), f.cid, good); err != nil {
		t.Fatal(err)
	}
	got := f.invoices(t, invoice.KindInvoice)
	if len(got) != 1 || got[0].Seq != 1 || got[0].PurchaseID != good {
		t.Fatalf("after a failed approval: %+v", got)
	}
}

// Numbers start again at 1 on 1 April (IST), per company.
func TestNewFinancialYearStartsAtOne(t *testing.T) {
	f := invSetup(t, "27AAPFU0939F1ZV")
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2027, 3, 31, 23, 59, 0, 0, clock.IST))
	svc := f.svc()
	svc.Clock = clk
	for i := 0; i < 2; i++ {
		if _, err := svc.Approve(ctx, f.actor(), f.cid, f.pending(t, f.cid, f.buyer(t, nil), 50, "UPI", fmt.Sprintf("UTROLDFY%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	clk.Set(time.Date(2027, 4, 1, 0, 0, 0, 0, clock.IST))
	if _, err := svc.Approve(ctx, f.actor(), f.cid, f.pending(t, f.cid, f.buyer(t, nil), 50, "UPI", "UTRNEWFY0")); err != nil {
		t.Fatal(err)
	}
	var nums []string
	for _, inv := range f.invoices(t, invoice.KindInvoice) {
		nums = append(nums, inv.Number)
	}
	sort.Strings(nums)
	want := []string{"INV/2026-27/000001", "INV/2026-27/000002", "INV/2027-28/000001"}
	if fmt.Sprint(nums) != fmt.Sprint(want) {
		t.Fatalf("numbers %v, want %v", nums, want)
	}
}

// A credit note cancels an invoice: same amounts, refers to it, CN numbering of its own year,
// once per purchase. A refund of a purchase without an invoice (every refund today: only a
// rejected purchase is refunded) issues none.
func TestCreditNote(t *testing.T) {
	f := invSetup(t, "27AAPFU0939F1ZV")
	ctx := context.Background()
	svc := f.svc()
	id := f.pending(t, f.cid, f.buyer(t, nil), 100, "UPI", "UTRCN0001")
	if _, err := svc.Approve(ctx, f.actor(), f.cid, id); err != nil {
		t.Fatal(err)
	}
	inv := f.invoices(t, invoice.KindInvoice)[0]
	now := time.Now()
	var cn *invoice.Invoice
	err := f.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		cn, err = invoice.CreditNote(ctx, tx, now, id)
		return err
	})
	if err != nil || cn == nil {
		t.Fatalf("credit note: %v %v", cn, err)
	}
	if cn.Number != "CN/"+invoice.FY(now)+"/000001" || cn.RefersTo == nil || *cn.RefersTo != inv.ID || cn.Total != inv.Total ||
		cn.Taxable != inv.Taxable || cn.CGST != inv.CGST || cn.SGST != inv.SGST || cn.Kind != invoice.KindCreditNote {
		t.Fatalf("credit note %+v of %+v", cn, inv)
	}
	again, err := invoice.CreditNote(ctx, f.d.DB, now, id)
	if err != nil || again != nil {
		t.Fatalf("second credit note: %v %v", again, err)
	}
	// The refund path: a rejected purchase has no invoice, so its refund issues no credit note.
	rej := f.pending(t, f.cid, f.buyer(t, nil), 10, "UPI", "UTRCN0002")
	if _, err := svc.Reject(ctx, f.actor(), f.cid, rej, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Refund(ctx, f.actor(), f.cid, rej, "RFD-1"); err != nil {
		t.Fatal(err)
	}
	if n := f.num(t, "SELECT count(*) FROM invoices WHERE kind = 'CREDIT_NOTE'"); n != 1 {
		t.Fatalf("%d credit notes", n)
	}
}
