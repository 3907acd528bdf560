package purchase_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/user"
)

// rvFixture is a seeded demo company with one admin and helpers to make buyers and PENDING
// purchases directly (as the buyer flow would leave them: reservation already deducted).
type rvFixture struct {
	d       *runtime.Deps
	cid     string
	adminID string
	seq     int
}

func rvSetup(t *testing.T) *rvFixture {
	t.Helper()
	d := testkit.Deps(t, "purchase_review", 10)
	cid := testkit.Seed(t, d, "Admin@12345")
	var adminID string
	if err := d.DB.QueryRowContext(context.Background(), "SELECT id FROM users WHERE company_id = ? AND role = 'ADMIN' LIMIT 1", cid).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	return &rvFixture{d: d, cid: cid, adminID: adminID}
}

// svc is the purchase service as the servers build it.
func (f *rvFixture) svc() *purchase.Service { return f.d.Build().Purchases }

func (f *rvFixture) actor() audit.Actor {
	return audit.Actor{ID: f.adminID, Kind: "admin", CompanyID: f.cid, IP: "127.0.0.1"}
}

func (f *rvFixture) buyer(t testing.TB, referredBy *string) string {
	t.Helper()
	f.seq++
	u := &user.User{CompanyID: f.cid, Role: user.RoleUser, Name: fmt.Sprintf("Buyer %d", f.seq),
		Email: fmt.Sprintf("rv%d@x.test", f.seq), Mobile: fmt.Sprintf("90000%05d", f.seq), PasswordHash: "x",
		ReferralCode: fmt.Sprintf("PL-RV%06d", f.seq), ReferredBy: referredBy, Status: user.StatusActive, StockBalance: decimal.Zero}
	if _, err := f.d.DB.NewInsert().Model(u).Returning("id").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// pending inserts a PENDING purchase of qty tokens at ₹10 and deducts its reservation.
func (f *rvFixture) pending(t testing.TB, companyID, userID string, qty int64, method, ref string) string {
	t.Helper()
	f.seq++
	ctx := context.Background()
	q := decimal.NewFromInt(qty)
	amount := q.Mul(decimal.NewFromInt(10))
	fee := amount.Mul(decimal.NewFromInt(2)).Div(decimal.NewFromInt(100)).Round(2)
	now := time.Now()
	p := &purchase.Purchase{CompanyID: companyID, UserID: userID, OrderNumber: fmt.Sprintf("PUR-RV%06d", f.seq),
		TransactionID: fmt.Sprintf("TXN-RV%06d", f.seq), Status: purchase.StatusPending, PaymentMethod: &method,
		Amount: amount, Price: decimal.NewFromInt(10), Quantity: q, PlatformChargePercent: decimal.NewFromInt(2),
		Fee: fee, FinalAmount: amount.Add(fee), ReferenceNumber: &ref, ExpiresAt: now.Add(15 * time.Minute), SubmittedAt: &now}
	if _, err := f.d.DB.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = remaining_private_supply - ? WHERE company_id = ?", qty, companyID); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

func (f *rvFixture) num(t *testing.T, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := f.d.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func (f *rvFixture) balance(t *testing.T, userID string) int64 {
	return f.num(t, "SELECT stock_balance FROM users WHERE id = ?", userID)
}

func kindOf(err error) apperr.Kind {
	if e, ok := apperr.As(err); ok {
		return e.Kind
	}
	return apperr.KindInternal
}

// raceDecisions runs n approve/reject calls at once on one purchase and returns how many
// succeeded and how many got 409.
func raceDecisions(t *testing.T, f *rvFixture, id string, n int, decide func(i int) error) (ok, conflict int) {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			err := decide(i)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case kindOf(err) == apperr.KindConflict:
				conflict++
			default:
				t.Errorf("call %d: unexpected error %v", i, err)
			}
		}(i)
	}
	close(start)
	wg.Wait()
	return ok, conflict
}

func TestTwentyConcurrentApprovalsCreditOnce(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	referrer := f.buyer(t, nil)
	b := f.buyer(t, &referrer)
	id := f.pending(t, f.cid, b, 1000, purchase.MethodUPI, "UTR-RACE-1")
	remBefore := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid)

	ok, conflict := raceDecisions(t, f, id, 20, func(int) error {
		_, err := f.svc().Approve(ctx, f.actor(), f.cid, id)
		return err
	})
	if ok != 1 || conflict != 19 {
		t.Fatalf("approvals: %d ok, %d conflict; want 1 and 19", ok, conflict)
	}
	if got := f.balance(t, b); got != 1000 {
		t.Fatalf("buyer balance %d, want 1000 (credited once)", got)
	}
	// 5 % of 1000 from the referral supply, once.
	if got := f.balance(t, referrer); got != 50 {
		t.Fatalf("referrer balance %d, want 50", got)
	}
	if n := f.num(t, "SELECT count(*) FROM referral_rewards WHERE purchase_id = ?", id); n != 1 {
		t.Fatalf("%d referral rewards, want 1", n)
	}
	if got := f.num(t, "SELECT remaining_referral_supply FROM tokens WHERE company_id = ?", f.cid); got != 28_600_000-50 {
		t.Fatalf("remaining referral supply %d", got)
	}
	if got := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid); got != remBefore {
		t.Fatalf("approval changed the private supply: %d -> %d", remBefore, got)
	}
	if n := f.num(t, "SELECT count(*) FROM audit_log WHERE action = 'purchase.approve' AND target_id = ?", id); n != 1 {
		t.Fatalf("%d approve audit rows, want 1", n)
	}
	var p purchase.Purchase
	if err := f.d.DB.NewSelect().Model(&p).Where("id = ?", id).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if p.Status != purchase.StatusApproved || p.DecidedAt == nil || p.DecidedBy == nil || *p.DecidedBy != f.adminID {
		t.Fatalf("purchase after approval: %+v", p)
	}
	// A later reject of the approved purchase is a 409 with the agreed message.
	_, err := f.svc().Reject(ctx, f.actor(), f.cid, id, "")
	if e, _ := apperr.As(err); e == nil || e.Kind != apperr.KindConflict || e.Message != "This purchase has already been processed." {
		t.Fatalf("reject after approve: %v", err)
	}
}

func TestApproveAndRejectRaceHasOneEffect(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	b := f.buyer(t, nil)
	id := f.pending(t, f.cid, b, 300, purchase.MethodBank, "UTR-RACE-2")
	remBefore := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid)

	ok, conflict := raceDecisions(t, f, id, 20, func(i int) error {
		var err error
		if i%2 == 0 {
			_, err = f.svc().Approve(ctx, f.actor(), f.cid, id)
		} else {
			_, err = f.svc().Reject(ctx, f.actor(), f.cid, id, "")
		}
		return err
	})
	if ok != 1 || conflict != 19 {
		t.Fatalf("%d ok, %d conflict; want 1 and 19", ok, conflict)
	}
	var status string
	if err := f.d.DB.QueryRowContext(ctx, "SELECT status FROM purchases WHERE id = ?", id).Scan(&status); err != nil {
		t.Fatal(err)
	}
	rem := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid)
	switch status {
	case purchase.StatusApproved:
		if f.balance(t, b) != 300 || rem != remBefore {
			t.Fatalf("approved: balance %d, remaining %d (before %d)", f.balance(t, b), rem, remBefore)
		}
	case purchase.StatusRejected:
		if f.balance(t, b) != 0 || rem != remBefore+300 {
			t.Fatalf("rejected: balance %d, remaining %d (before %d)", f.balance(t, b), rem, remBefore)
		}
	default:
		t.Fatalf("status %s", status)
	}
	if n := f.num(t, "SELECT count(*) FROM audit_log WHERE target_id = ?", id); n != 1 {
		t.Fatalf("%d audit rows, want 1", n)
	}
}

func TestRejectReleasesReservationOnce(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	referrer := f.buyer(t, nil)
	b := f.buyer(t, &referrer)
	before := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid)
	id := f.pending(t, f.cid, b, 400, purchase.MethodManual, "UTR-REJ-1")
	ok, conflict := raceDecisions(t, f, id, 20, func(int) error {
		_, err := f.svc().Reject(ctx, f.actor(), f.cid, id, "")
		return err
	})
	if ok != 1 || conflict != 19 {
		t.Fatalf("%d ok, %d conflict", ok, conflict)
	}
	if got := f.num(t, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", f.cid); got != before {
		t.Fatalf("remaining %d, want %d (reservation released exactly once)", got, before)
	}
	if f.balance(t, b) != 0 || f.balance(t, referrer) != 0 {
		t.Fatal("rejection credited someone")
	}
	if n := f.num(t, "SELECT count(*) FROM referral_rewards"); n != 0 {
		t.Fatalf("%d referral rewards after a rejection", n)
	}
	var after map[string]any
	var raw []byte
	if err := f.d.DB.QueryRowContext(ctx, "SELECT after FROM audit_log WHERE action = 'purchase.reject' AND target_id = ?", id).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &after); err != nil || after["status"] != "REJECTED" {
		t.Fatalf("audit after = %s", raw)
	}
}

func TestReferralRewardIsCappedByRemainingReferralSupply(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	referrer := f.buyer(t, nil)
	b := f.buyer(t, &referrer)
	if _, err := f.d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_referral_supply = 7 WHERE company_id = ?", f.cid); err != nil {
		t.Fatal(err)
	}
	id := f.pending(t, f.cid, b, 1000, purchase.MethodUPI, "UTR-CAP")
	dec, err := f.svc().Approve(ctx, f.actor(), f.cid, id)
	if err != nil {
		t.Fatal(err)
	}
	if !dec.RewardQuantity.Equal(decimal.NewFromInt(7)) || f.balance(t, referrer) != 7 {
		t.Fatalf("reward %s, referrer balance %d; want 7", dec.RewardQuantity, f.balance(t, referrer))
	}
	if got := f.num(t, "SELECT remaining_referral_supply FROM tokens WHERE company_id = ?", f.cid); got != 0 {
		t.Fatalf("remaining referral supply %d", got)
	}
	// Floor: 5 % of 19 is 0.95 → nothing paid, no reward row.
	id2 := f.pending(t, f.cid, b, 19, purchase.MethodUPI, "UTR-FLOOR")
	if _, err := f.d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_referral_supply = 100 WHERE company_id = ?", f.cid); err != nil {
		t.Fatal(err)
	}
	if dec, err = f.svc().Approve(ctx, f.actor(), f.cid, id2); err != nil || !dec.RewardQuantity.IsZero() {
		t.Fatalf("floor approval: %v, reward %v", err, dec)
	}
	if n := f.num(t, "SELECT count(*) FROM referral_rewards WHERE purchase_id = ?", id2); n != 0 {
		t.Fatalf("zero reward recorded a row")
	}
}

func TestReviewNotFoundAndNotPending(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	b := f.buyer(t, nil)
	id := f.pending(t, f.cid, b, 10, purchase.MethodUPI, "UTR-NF")
	// Another company's admin: 404, and nothing changes.
	other := "00000000-0000-4000-8000-000000000001"
	if _, err := f.svc().Approve(ctx, f.actor(), other, id); kindOf(err) != apperr.KindNotFound {
		t.Fatalf("other company approve: %v", err)
	}
	for _, bad := range []string{"not-a-uuid", "00000000-0000-4000-8000-00000000abcd"} {
		if _, err := f.svc().Reject(ctx, f.actor(), f.cid, bad, ""); kindOf(err) != apperr.KindNotFound {
			t.Fatalf("reject %q: %v", bad, err)
		}
	}
	if _, err := f.svc().Approve(ctx, f.actor(), f.cid, ""); kindOf(err) != apperr.KindInvalid {
		t.Fatalf("empty id: %v", err)
	}
	// INITIATED (not yet submitted) cannot be reviewed.
	if _, err := f.d.DB.ExecContext(ctx, "UPDATE purchases SET status = 'INITIATED' WHERE id = ?", id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc().Approve(ctx, f.actor(), f.cid, id); kindOf(err) != apperr.KindConflict {
		t.Fatalf("approve initiated: %v", err)
	}
	if f.balance(t, b) != 0 {
		t.Fatal("balance changed")
	}
}

func TestAdminListFiltersAndSearch(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	alice := f.buyer(t, nil)
	if _, err := f.d.DB.ExecContext(ctx, "UPDATE users SET name = 'Alice_Smith', mobile = '9812345678' WHERE id = ?", alice); err != nil {
		t.Fatal(err)
	}
	bob := f.buyer(t, nil)
	p1 := f.pending(t, f.cid, alice, 10, purchase.MethodUPI, "UTR-AAA-111")
	p2 := f.pending(t, f.cid, bob, 20, purchase.MethodBank, "UTR-BBB-222")
	p3 := f.pending(t, f.cid, bob, 30, purchase.MethodBank, "UTR-CCC-333")
	if _, err := f.svc().Approve(ctx, f.actor(), f.cid, p3); err != nil {
		t.Fatal(err)
	}
	list := func(fl purchase.ReviewFilter) []string {
		t.Helper()
		l, err := views(f.svc()).Purchases(ctx, f.cid, fl)
		if err != nil {
			t.Fatalf("%+v: %v", fl, err)
		}
		ids := []string{}
		for _, r := range l.Records {
			ids = append(ids, r.ID)
		}
		if l.Total != len(ids) {
			t.Fatalf("total %d, records %d", l.Total, len(ids))
		}
		return ids
	}
	eq := func(got []string, want ...string) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	eq(list(purchase.ReviewFilter{Status: "PENDING"}), p2, p1)
	eq(list(purchase.ReviewFilter{Status: "approved"}), p3)
	eq(list(purchase.ReviewFilter{Status: "REJECTED"}))
	eq(list(purchase.ReviewFilter{Search: "alice"}), p1)
	eq(list(purchase.ReviewFilter{Search: "98123"}), p1)
	eq(list(purchase.ReviewFilter{Search: "bbb-2"}), p2)
	eq(list(purchase.ReviewFilter{Search: "PL-RV000002"}), p3, p2)
	eq(list(purchase.ReviewFilter{Search: "e_s"}), p1) // underscore matched literally
	eq(list(purchase.ReviewFilter{Search: "e%s"}))     // percent matched literally
	// The order number, in any case and with spaces around (found by its unique index, order
	// numbers being upper case: migration 20261702000200).
	var order2 string
	if err := f.d.DB.NewRaw("SELECT order_number FROM purchases WHERE id = ?", p2).Scan(ctx, &order2); err != nil {
		t.Fatal(err)
	}
	eq(list(purchase.ReviewFilter{Search: order2}), p2)
	eq(list(purchase.ReviewFilter{Search: " " + strings.ToLower(order2) + " "}), p2)
	// A term with a run of digits is searched by a prepared statement (readmodel): the same rows,
	// statuses, both orders and the total past one page.
	eq(list(purchase.ReviewFilter{Search: order2, Status: "PENDING"}), p2)
	eq(list(purchase.ReviewFilter{Search: order2, Status: "APPROVED"}))
	eq(list(purchase.ReviewFilter{Search: "PL-RV000002", Dir: "asc"}), p2, p3)
	paged, err := views(f.svc()).Purchases(ctx, f.cid, purchase.ReviewFilter{Search: "PL-RV000002", Limit: "1", Page: "2"})
	if err != nil || paged.Total != 2 || len(paged.Records) != 1 || paged.Records[0].ID != p2 {
		t.Fatalf("page 2 of 1: %v %+v", err, paged)
	}
	// A lower-case order number cannot be written, so the upper-cased search misses none.
	if _, err := f.d.DB.ExecContext(ctx, "UPDATE purchases SET order_number = lower(order_number) WHERE id = ?", p2); err == nil || !strings.Contains(err.Error(), "purchases_order_number_upper") {
		t.Fatalf("lower-case order number: %v", err)
	}
	if _, err := views(f.svc()).Purchases(ctx, f.cid, purchase.ReviewFilter{Status: "EXPIRED"}); kindOf(err) != apperr.KindInvalid {
		t.Fatalf("bad status: %v", err)
	}
	// Another company sees none of these.
	l, err := views(f.svc()).Purchases(ctx, "00000000-0000-4000-8000-000000000001", purchase.ReviewFilter{})
	if err != nil || l.Total != 0 {
		t.Fatalf("other company: %v %+v", err, l)
	}
	// The super admin sees all, with the company.
	sl, err := views(f.svc()).AllPurchases(ctx, purchase.ReviewFilter{CompanyID: f.cid})
	if err != nil || sl.Total != 3 || sl.Records[0].Company == nil || sl.Records[0].Company.ID != f.cid {
		t.Fatalf("super admin list: %v %+v", err, sl)
	}
	if _, err := views(f.svc()).AllPurchases(ctx, purchase.ReviewFilter{CompanyID: "x"}); kindOf(err) != apperr.KindInvalid {
		t.Fatalf("bad companyId: %v", err)
	}
}

// An approval's credits reach the other processes' user caches: after the commit it announces
// the buyer, and the referrer when a reward was paid (user.AnnounceBalance; the users trigger no
// longer notifies a change of the balance alone, migration 20261702000100).
func TestApprovalAnnouncesTheCreditedBalances(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	referrer := f.buyer(t, nil)
	b := f.buyer(t, &referrer)
	ln := pgdriver.NewListener(f.d.DB)
	defer ln.Close()
	if err := ln.Listen(ctx, user.ChangedChannel); err != nil {
		t.Fatal(err)
	}
	heard := func(want map[string]bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for len(want) > 0 && time.Now().Before(deadline) {
			if _, payload, err := ln.ReceiveTimeout(ctx, time.Until(deadline)); err == nil {
				delete(want, payload)
			}
		}
		if len(want) > 0 {
			t.Fatalf("not announced: %v", want)
		}
	}
	// LISTEN reaches the server with the listener's first read at the latest: probe until heard.
	listening := false
	for deadline := time.Now().Add(10 * time.Second); !listening && time.Now().Before(deadline); {
		if _, err := f.d.DB.ExecContext(ctx, "SELECT pg_notify(?, 'probe')", user.ChangedChannel); err != nil {
			t.Fatal(err)
		}
		if _, payload, err := ln.ReceiveTimeout(ctx, 500*time.Millisecond); err == nil && payload == "probe" {
			listening = true
		}
	}
	if !listening {
		t.Fatal("the listener is not listening")
	}
	// 1,000 tokens at 5 %: a reward of 50 for the referrer.
	dec, err := f.svc().Approve(ctx, f.actor(), f.cid, f.pending(t, f.cid, b, 1000, purchase.MethodUPI, "UTR-ANN1"))
	if err != nil || !dec.RewardQuantity.IsPositive() {
		t.Fatalf("approve: %v, %+v", err, dec)
	}
	heard(map[string]bool{b: true, referrer: true})
	// A rejection credits no one and announces nothing.
	if _, err := f.svc().Reject(ctx, f.actor(), f.cid, f.pending(t, f.cid, b, 10, purchase.MethodUPI, "UTR-ANN2"), ""); err != nil {
		t.Fatal(err)
	}
	if _, payload, err := ln.ReceiveTimeout(ctx, 300*time.Millisecond); err == nil && (payload == b || payload == referrer) {
		t.Fatalf("a rejection announced %s", payload)
	}
}

// New purchases get time-ordered ids (migration 20261702000300: UUID version 7's layout), so the
// primary key's new entries go to its last pages instead of a random page each; a later
// purchase's id sorts after an earlier one's, and ids still differ within a millisecond.
func TestPurchaseIdsAreTimeOrdered(t *testing.T) {
	f := rvSetup(t)
	b := f.buyer(t, nil)
	var ids []string
	for i := 0; i < 5; i++ {
		ids = append(ids, f.pending(t, f.cid, b, 10, purchase.MethodUPI, fmt.Sprintf("UTR-ORDERED-%d", i)))
		time.Sleep(2 * time.Millisecond)
	}
	for i, id := range ids {
		if id[14] != '7' || !strings.ContainsRune("89ab", rune(id[19])) {
			t.Fatalf("id %s: not a version 7 layout", id)
		}
		if i > 0 && ids[i-1] >= id {
			t.Fatalf("ids out of order: %s then %s", ids[i-1], id)
		}
	}
	var same []string
	if err := f.d.DB.NewRaw("SELECT uuid_time_ordered()::text FROM generate_series(1, 1000)").Scan(context.Background(), &same); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, id := range same {
		if seen[id] {
			t.Fatalf("id %s made twice", id)
		}
		seen[id] = true
	}
}

// Order numbers and transaction ids are led by the time (docs/decisions/0017), so a new number's
// index entry goes to the index's last pages: the form is unchanged ("PUR-" and 12 digits, "TXN"
// and 16), the leading digits are the order's second, later seconds sort later (until the order
// number's 115-day turn), and the random digits still make two numbers of one second differ.
func TestOrderNumbersAreLedByTheTime(t *testing.T) {
	at := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	secs := int64(at.Sub(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) / time.Second)
	pur, txn := regexp.MustCompile(`^PUR-[0-9]{12}$`), regexp.MustCompile(`^TXN[0-9]{16}$`)
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		o, x := purchase.OrderNumber(at), purchase.TransactionID(at)
		if !pur.MatchString(o) || !txn.MatchString(x) {
			t.Fatalf("numbers %s %s: not PUR- and 12 digits, TXN and 16", o, x)
		}
		if want := fmt.Sprintf("PUR-%07d", secs%10_000_000); !strings.HasPrefix(o, want) {
			t.Fatalf("order number %s does not begin with %s", o, want)
		}
		if want := fmt.Sprintf("TXN%010d", at.Unix()); !strings.HasPrefix(x, want) {
			t.Fatalf("transaction id %s does not begin with %s", x, want)
		}
		seen[o], seen[x] = true, true
	}
	if len(seen) < 3900 { // 2,000 of 10^5 and 2,000 of 10^6: a few clashes at most (the unique index retries them)
		t.Fatalf("only %d distinct numbers in 4,000", len(seen))
	}
	if a, b := purchase.OrderNumber(at), purchase.OrderNumber(at.Add(time.Second)); a[:11] >= b[:11] {
		t.Fatalf("a later second's order number %s does not sort after %s", b, a)
	}
	if a, b := purchase.TransactionID(at), purchase.TransactionID(at.Add(time.Second)); a[:13] >= b[:13] {
		t.Fatalf("a later second's transaction id %s does not sort after %s", b, a)
	}
	if o := purchase.OrderNumber(time.Date(2025, 12, 31, 23, 59, 59, 0, time.UTC)); !strings.HasPrefix(o, "PUR-9999999") {
		t.Fatalf("a second before the epoch: %s", o)
	}
	// An order placed through the service carries numbers of its own second.
	d, svc, cid := setup(t)
	p, err := svc.CreateOrder(context.Background(), addBuyers(t, d, cid, 1)[0], amt("100"))
	if err != nil {
		t.Fatal(err)
	}
	s := int64(p.CreatedAt.Sub(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))/time.Second) % 10_000_000
	if !strings.HasPrefix(p.OrderNumber, fmt.Sprintf("PUR-%07d", s)) || !strings.HasPrefix(p.TransactionID, fmt.Sprintf("TXN%010d", p.CreatedAt.Unix())) {
		t.Fatalf("order %s %s created at %s: not led by its second", p.OrderNumber, p.TransactionID, p.CreatedAt)
	}
}
