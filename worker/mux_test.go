package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/shopspring/decimal"

	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/otp"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/user"
)

func setup(t *testing.T) (*runtime.Deps, *handlers, string) {
	t.Helper()
	d := testkit.Deps(t, "worker", 5)
	cid := testkit.Seed(t, d, "Admin@12345")
	m, _, err := mail.New(d.Cfg)
	if err != nil {
		t.Fatal(err)
	}
	svc := d.Build()
	return d, &handlers{purchases: svc.Purchases, kyc: svc.KYC, retention: svc.Retention, mailer: m, clock: d.Clock, log: d.Log}, cid
}

func emailTask(t *testing.T, p tasks.EmailSendPayload) *asynq.Task {
	t.Helper()
	task, err := tasks.NewEmailSendTask(p)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

func TestEmailSendWritesOutbox(t *testing.T) {
	d, h, _ := setup(t)
	m := mail.OTPMessage("buyer@x.test", otp.PurposeRegister, "246810", mail.From{Brand: "ACW"}, otp.TTL)
	if err := h.emailSend(context.Background(), emailTask(t, m)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(d.Cfg.MailOutbox)
	if err != nil {
		t.Fatal(err)
	}
	var line map[string]string
	if err := json.Unmarshal(b[:len(b)-1], &line); err != nil {
		t.Fatalf("outbox %q: %v", b, err)
	}
	if line["to"] != "buyer@x.test" || !strings.Contains(line["text"], "246810") || !strings.Contains(line["subject"], "ACW") {
		t.Fatalf("line %v", line)
	}
}

func TestEmailSendBadPayloadIsNotRetried(t *testing.T) {
	_, h, _ := setup(t)
	for _, payload := range []string{"not json", `{"to":"","subject":"x","text":"y"}`, `{"to":"a@x.test","subject":"x"}`} {
		err := h.emailSend(context.Background(), asynq.NewTask(tasks.TypeEmailSend, []byte(payload)))
		if !errors.Is(err, asynq.SkipRetry) {
			t.Fatalf("%q: %v", payload, err)
		}
	}
}

func TestEmailSendThroughResendStub(t *testing.T) {
	d, h, _ := setup(t)
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"e1"}`))
	}))
	defer srv.Close()
	cfg := d.Cfg
	cfg.ResendAPIKey, cfg.ResendBaseURL = "re_key", srv.URL
	m, how, err := mail.New(cfg)
	if err != nil || how != "resend" {
		t.Fatalf("mailer %s %v", how, err)
	}
	h.mailer = m
	if err := h.emailSend(context.Background(), emailTask(t, mail.OTPMessage("a@x.test", otp.PurposeChangePassword, "135790", mail.From{Brand: "ACW"}, otp.TTL))); err != nil {
		t.Fatal(err)
	}
	if hits != 1 {
		t.Fatalf("stub hits %d", hits)
	}
	if _, err := os.Stat(d.Cfg.MailOutbox); err == nil {
		t.Fatal("outbox written although Resend is configured")
	}
}

func TestPurchaseExpireTaskAndSweep(t *testing.T) {
	d, h, cid := setup(t)
	ctx := context.Background()
	u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "B", Email: "w@x.test", PasswordHash: "x", ReferralCode: "PL-WORKER01",
		Status: user.StatusActive, StockBalance: decimal.Zero}
	if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	svc := &purchase.Service{DB: d.DB, Tasks: d.Tasks, Media: d.Media, Clock: d.Clock, Log: d.Log}
	b := user.Buyer{UserID: u.ID, CompanyID: cid}
	p1, err := svc.CreateOrder(ctx, b, purchase.Amount{Raw: "100", Set: true})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := svc.CreateOrder(ctx, b, purchase.Amount{Raw: "200", Set: true})
	if err != nil {
		t.Fatal(err)
	}
	remaining := func() int64 {
		var n int64
		_ = d.DB.QueryRowContext(ctx, "SELECT token_remaining(id) FROM tokens WHERE company_id = ?", cid).Scan(&n)
		return n
	}
	start := remaining()
	// The scheduled task exists with the purchase's id and fires at expires_at.
	ins := asynq.NewInspectorFromRedisClient(d.Redis)
	info, err := ins.GetTaskInfo(tasks.QueueDefault, tasks.ExpireTaskID(p1.ID))
	// asynq keeps whole seconds: the task is due at the deadline rounded up, never before it.
	if err != nil || info.Type != tasks.TypePurchaseExpire || info.NextProcessAt.Before(p1.ExpiresAt) ||
		info.NextProcessAt.Sub(p1.ExpiresAt) >= time.Second || info.NextProcessAt.Nanosecond() != 0 {
		t.Fatalf("task %+v (deadline %v) %v", info, p1.ExpiresAt, err)
	}
	task := asynq.NewTask(tasks.TypePurchaseExpire, info.Payload)
	// Early (clocks apart): nothing expires; the task asks to run again at the deadline, and
	// that retry is not counted as a failure. Bad payload: not retried.
	err = h.purchaseExpire(ctx, task)
	var nd notDue
	if !errors.As(err, &nd) || isFailure(err) {
		t.Fatalf("early run: %v", err)
	}
	if delay, left := retryDelay(0, err, task), time.Until(p1.ExpiresAt); delay < left || delay > left+2*time.Second {
		t.Fatalf("retry in %v, window ends in %v", delay, left)
	}
	if remaining() != start {
		t.Fatal("expired before the window ended")
	}
	if !isFailure(errors.New("db down")) {
		t.Fatal("a real error must count as a failure")
	}
	if err := h.purchaseExpire(ctx, asynq.NewTask(tasks.TypePurchaseExpire, []byte(`{"purchaseId":"x"}`))); !errors.Is(err, asynq.SkipRetry) {
		t.Fatalf("bad payload: %v", err)
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE purchases SET expires_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ { // idempotent
		if err := h.purchaseExpire(ctx, task); err != nil {
			t.Fatal(err)
		}
	}
	if remaining() != start+10 {
		t.Fatalf("after expire %d want %d", remaining(), start+10)
	}
	// The sweep catches p2, whose task we pretend was lost.
	if err := h.purchaseSweep(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if remaining() != start+30 {
		t.Fatalf("after sweep %d want %d", remaining(), start+30)
	}
	for _, id := range []string{p1.ID, p2.ID} {
		var s string
		_ = d.DB.QueryRowContext(ctx, "SELECT status FROM purchases WHERE id = ?", id).Scan(&s)
		if s != purchase.StatusExpired {
			t.Fatalf("%s status %s", id, s)
		}
	}
}

func TestMuxHandlesEveryTaskType(t *testing.T) {
	_, h, _ := setup(t)
	mux := newMux(h)
	for _, typ := range tasks.Types {
		if _, pattern := mux.Handler(asynq.NewTask(typ, nil)); pattern != typ {
			t.Fatalf("no handler for %s", typ)
		}
	}
}

// The sweep also queues the decision notice a review could not queue (Redis was down then).
func TestSweepQueuesALostDecisionNotice(t *testing.T) {
	d, h, cid := setup(t)
	ctx := context.Background()
	u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "N", Email: "notice@x.test", PasswordHash: "x", ReferralCode: "PL-WORKER02",
		Status: user.StatusActive, StockBalance: decimal.Zero}
	if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	decided := time.Now().Add(-5 * time.Minute)
	method := purchase.MethodManual
	p := &purchase.Purchase{CompanyID: cid, UserID: u.ID, OrderNumber: "PUR-NOTICE1", TransactionID: "TXN-NOTICE1",
		Status: purchase.StatusRejected, PaymentMethod: &method, Amount: decimal.NewFromInt(100), Price: decimal.NewFromInt(10),
		Quantity: decimal.NewFromInt(10), FinalAmount: decimal.NewFromInt(102), ExpiresAt: decided, DecidedAt: &decided}
	if _, err := d.DB.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := h.purchaseSweep(ctx, tasks.NewPurchaseSweepTask()); err != nil {
			t.Fatal(err)
		}
	}
	if mails := testkit.QueuedEmails(t, d.Redis, "notice@x.test"); len(mails) != 1 || !strings.Contains(mails[0].Subject, "rejected") {
		t.Fatalf("want the lost rejection notice queued once, got %+v", mails)
	}
}

// The sweep queues a KYC expiry reminder that is due, once however often it runs; the daily
// retention job runs (nothing closed 5 years ago: nothing purged).
func TestSweepRemindsOfKYCExpiryOnce(t *testing.T) {
	d, h, cid := setup(t)
	ctx := context.Background()
	u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "E", Email: "expiry@x.test", PasswordHash: "x", ReferralCode: "PL-WORKER03",
		Status: user.StatusActive, StockBalance: decimal.Zero}
	if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	expires := time.Now().Add(20 * 24 * time.Hour)
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO kyc_submissions (user_id, company_id, status, pan_number, aadhaar_last4, aadhaar_hash,
		submitted_at, decided_at, approved_at, expires_at) VALUES (?, ?, 'APPROVED', 'ABCDE1234F', '2346', repeat('a', 64), now(), now(), now(), ?)`,
		u.ID, cid, expires); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := h.purchaseSweep(ctx, tasks.NewPurchaseSweepTask()); err != nil {
			t.Fatal(err)
		}
	}
	if mails := testkit.QueuedEmails(t, d.Redis, "expiry@x.test"); len(mails) != 1 || !strings.Contains(mails[0].Subject, "verification expires on") {
		t.Fatalf("want one expiry reminder, got %+v", mails)
	}
	if err := h.retentionPurge(ctx, tasks.NewRetentionPurgeTask()); err != nil {
		t.Fatal(err)
	}
}

func TestExpireAtRoundsUpToTheSecond(t *testing.T) {
	base := time.Date(2026, 11, 21, 12, 0, 7, 0, time.UTC)
	for in, want := range map[time.Duration]time.Duration{0: 0, time.Nanosecond: time.Second,
		866 * time.Millisecond: time.Second, 999999999: time.Second, time.Second: time.Second} {
		if got := tasks.ExpireAt(base.Add(in)); !got.Equal(base.Add(want)) {
			t.Errorf("ExpireAt(+%v) = %v, want +%v", in, got, want)
		}
	}
}
