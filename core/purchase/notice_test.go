package purchase_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
)

func notified(t *testing.T, f *rvFixture, id string) bool {
	t.Helper()
	var ok bool
	if err := f.d.DB.QueryRowContext(context.Background(), "SELECT decision_notified_at IS NOT NULL FROM purchases WHERE id = ?", id).Scan(&ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

// With Redis down at review time the decision stands and its email is not lost: the worker's
// sweep queues it once Redis answers, exactly once.
func TestDecisionNoticeSurvivesARedisOutage(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	buyer := f.buyer(t, nil)
	id := f.pending(t, f.cid, buyer, 40, "UPI", "UTR-NOTICE-1")

	down := *f.svc()
	noRedis := asynq.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond})
	defer noRedis.Close()
	down.Tasks = noRedis
	if _, err := down.Approve(ctx, f.actor(), f.cid, id); err != nil {
		t.Fatalf("the review must not fail because mail cannot be queued: %v", err)
	}
	if notified(t, f, id) {
		t.Fatal("a notice that was never queued is marked sent")
	}
	email := f.email(t, buyer)
	if n := len(testkit.QueuedEmails(t, f.d.Redis, email)); n != 0 {
		t.Fatalf("%d mails queued while Redis was down", n)
	}

	// The sweep leaves fresh decisions to the review's own attempt…
	if n, err := f.svc().SendPendingNotices(ctx, time.Now()); err != nil || n != 0 {
		t.Fatalf("fresh decision swept: %d %v", n, err)
	}
	// …and queues older ones once, whoever runs it how often.
	later := time.Now().Add(2 * time.Minute)
	for i, want := range []int{1, 0} {
		n, err := f.svc().SendPendingNotices(ctx, later)
		if err != nil || n != want {
			t.Fatalf("sweep %d: queued %d (%v), want %d", i+1, n, err, want)
		}
	}
	mails := testkit.QueuedEmails(t, f.d.Redis, email)
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "approved") || !notified(t, f, id) {
		t.Fatalf("want one approval mail and the notice settled, got %+v", mails)
	}
	// The swept notice names the order number beside the UTR.
	if !strings.Contains(mails[0].Text, "PUR-RV") || !strings.Contains(mails[0].Text, "(UTR UTR-NOTICE-1)") {
		t.Fatalf("the mail does not name the order beside its UTR: %q", mails[0].Text)
	}
}

func TestDecisionNoticeIsQueuedOnceWhenRedisIsUp(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	buyer := f.buyer(t, nil)
	id := f.pending(t, f.cid, buyer, 10, "BANK", "UTR-NOTICE-2")
	if _, err := f.svc().Reject(ctx, f.actor(), f.cid, id, ""); err != nil {
		t.Fatal(err)
	}
	if !notified(t, f, id) {
		t.Fatal("notice queued by the review but not recorded")
	}
	if n, err := f.svc().SendPendingNotices(ctx, time.Now().Add(2*time.Minute)); err != nil || n != 0 {
		t.Fatalf("sweep re-sent a settled notice: %d %v", n, err)
	}
	// Queueing the same notice again (a sweep racing the review) is a no-op.
	n := purchase.Notice{PurchaseID: id, OrderNumber: "X", Status: purchase.StatusRejected, Email: f.email(t, buyer), Name: "B"}
	if err := f.svc().SendNotice(ctx, n); err != nil {
		t.Fatal(err)
	}
	mails := testkit.QueuedEmails(t, f.d.Redis, f.email(t, buyer))
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "rejected") {
		t.Fatalf("want exactly one rejection mail, got %d", len(mails))
	}
	if !strings.Contains(mails[0].Text, "(UTR UTR-NOTICE-2) was rejected") {
		t.Fatalf("the review's mail does not name the UTR beside the order: %q", mails[0].Text)
	}
	// The sender takes no replies: a reply goes to the company's email (the link to Payment
	// History, on the company's site, is core/infra/mail's TestRejectionRepliesGoToTheCompany).
	var companyEmail string
	if err := f.d.DB.QueryRowContext(ctx, "SELECT email FROM companies WHERE id = ?", f.cid).Scan(&companyEmail); err != nil {
		t.Fatal(err)
	}
	if companyEmail == "" || mails[0].ReplyTo != companyEmail {
		t.Fatalf("Reply-To %q, want the company's email %q", mails[0].ReplyTo, companyEmail)
	}
}

func (f *rvFixture) email(t *testing.T, userID string) string {
	t.Helper()
	var e string
	if err := f.d.DB.QueryRowContext(context.Background(), "SELECT email FROM users WHERE id = ?", userID).Scan(&e); err != nil {
		t.Fatal(err)
	}
	return e
}

// With Redis down at refund time the refund stands and its email is not lost: the worker's sweep
// queues it once Redis answers, exactly once.
func TestRefundNoticeSurvivesARedisOutage(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	buyer := f.buyer(t, nil)
	id := f.pending(t, f.cid, buyer, 20, "BANK", "UTR-REFUND-1")
	if _, err := f.svc().Reject(ctx, f.actor(), f.cid, id, "Amount not received"); err != nil {
		t.Fatal(err)
	}
	down := *f.svc()
	noRedis := asynq.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond})
	defer noRedis.Close()
	down.Tasks = noRedis
	if _, err := down.Refund(ctx, f.actor(), f.cid, id, "RFND-OUTAGE-1"); err != nil {
		t.Fatalf("the refund must not fail because mail cannot be queued: %v", err)
	}
	refundNotified := func() bool {
		return f.num(t, "SELECT count(*) FROM purchases WHERE id = ? AND refund_notified_at IS NOT NULL", id) == 1
	}
	if refundNotified() {
		t.Fatal("a refund email that was never queued is marked sent")
	}
	email := f.email(t, buyer)
	refunds := func() []string {
		var subjects []string
		for _, m := range testkit.QueuedEmails(t, f.d.Redis, email) {
			if strings.Contains(m.Subject, "refunded") {
				subjects = append(subjects, m.Text)
			}
		}
		return subjects
	}
	if n, err := f.svc().SendPendingNotices(ctx, time.Now()); err != nil || n != 0 || len(refunds()) != 0 {
		t.Fatalf("a fresh refund swept: %d %v", n, err)
	}
	later := time.Now().Add(2 * time.Minute)
	for i, want := range []int{1, 0} {
		if n, err := f.svc().SendPendingNotices(ctx, later); err != nil || n != want {
			t.Fatalf("sweep %d: queued %d (%v), want %d", i+1, n, err, want)
		}
	}
	if got := refunds(); len(got) != 1 || !strings.Contains(got[0], "RFND-OUTAGE-1") || !refundNotified() {
		t.Fatalf("want one refund mail naming the refund reference and the notice settled, got %q", got)
	}

	// With Redis up the refund's own attempt settles it; the sweep sends nothing more.
	id2 := f.pending(t, f.cid, buyer, 10, "UPI", "UTR-REFUND-2")
	if _, err := f.svc().Reject(ctx, f.actor(), f.cid, id2, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc().Refund(ctx, f.actor(), f.cid, id2, "RFND-UP-2"); err != nil {
		t.Fatal(err)
	}
	if n, err := f.svc().SendPendingNotices(ctx, later); err != nil || n != 0 || len(refunds()) != 2 {
		t.Fatalf("sweep after a queued refund email: %d %v, %d refund mails", n, err, len(refunds()))
	}
}

// The notice's record commits without waiting for its WAL flush (synchronous_commit off for its
// one statement, in an implicit transaction of its own): the connection it ran on goes back to
// the pool with the setting it had, and the record is there.
func TestNoticeRecordLeavesTheConnectionAsItWas(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	svc := *f.svc()
	conns := svc.DB.DB.Stats().MaxOpenConnections
	svc.DB.DB.SetMaxOpenConns(1) // the record's connection is the next statement's
	defer svc.DB.DB.SetMaxOpenConns(conns)
	id := f.pending(t, f.cid, f.buyer(t, nil), 10, "UPI", "UTR-NOTICE-ASYNC")
	var before, setting string
	if err := svc.DB.NewRaw("SELECT current_setting('synchronous_commit')").Scan(ctx, &before); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Approve(ctx, f.actor(), f.cid, id); err != nil {
		t.Fatal(err)
	}
	if !notified(t, f, id) {
		t.Fatal("the notice was not recorded")
	}
	if err := svc.DB.NewRaw("SELECT current_setting('synchronous_commit')").Scan(ctx, &setting); err != nil || setting != before {
		t.Fatalf("synchronous_commit after the record: %q, %v", setting, err)
	}
	// A failing record rolls its implicit transaction back whole: the next statement on the
	// connection is not inside it.
	if err := svc.SendNotice(ctx, purchase.Notice{PurchaseID: "not-a-uuid", Deleted: true}); err == nil {
		t.Fatal("a bad id was recorded")
	}
	if err := svc.DB.NewRaw("SELECT current_setting('synchronous_commit')").Scan(ctx, &setting); err != nil || setting != before {
		t.Fatalf("after a failed record: %q, %v", setting, err)
	}
}
