package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"

	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/otp"
)

type failingMailer struct{}

func (failingMailer) Send(context.Context, mail.Message) error { return errors.New("provider down") }

// The worker's metrics listener: every metric name at /metrics, the email
// counters moving with each delivery and failure, the queue sizes read from Redis at scrape time,
// and /healthz 200 while Postgres and Redis answer, 503 once one does not.
func TestWorkerMetricsAndHealthz(t *testing.T) {
	d, h, _ := setup(t)
	addr := testkit.ServeMetrics(t, d, "worker", true)
	before := testkit.Scrape(t, addr)
	// The HTTP metrics are labelled by route: they appear once a server answered (the BFFs' tests).
	for _, name := range []string{"prelaunch_orders_created_total", "prelaunch_purchases_approved_total", "prelaunch_purchases_rejected_total",
		"prelaunch_purchases_expired_total", "prelaunch_emails_sent_total", "prelaunch_emails_failed_total",
		"prelaunch_queue_tasks", "prelaunch_go_sql_open_connections", "prelaunch_go_sql_in_use_connections"} {
		if !testkit.Has(before, name) {
			t.Errorf("no %s in the worker's metrics", name)
		}
	}

	m := mail.OTPMessage("buyer@x.test", otp.PurposeRegister, "246810", mail.From{Brand: "ACW"}, otp.TTL)
	if err := h.emailSend(context.Background(), emailTask(t, m)); err != nil {
		t.Fatal(err)
	}
	h.mailer = failingMailer{}
	if err := h.emailSend(context.Background(), emailTask(t, m)); err == nil {
		t.Fatal("a failed delivery must fail the task (asynq retries it)")
	}
	// Two tasks waiting in the critical queue.
	for i := 0; i < 2; i++ {
		if _, err := d.Tasks.Enqueue(emailTask(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	after := testkit.Scrape(t, addr)
	if got := after["prelaunch_emails_sent_total"] - before["prelaunch_emails_sent_total"]; got != 1 {
		t.Errorf("emails sent moved by %v, want 1", got)
	}
	if got := after["prelaunch_emails_failed_total"] - before["prelaunch_emails_failed_total"]; got != 1 {
		t.Errorf("emails failed moved by %v, want 1", got)
	}
	q := `prelaunch_queue_tasks{queue="` + tasks.QueueCritical + `",state="pending"}`
	if after[q] != 2 {
		t.Errorf("%s = %v, want 2", q, after[q])
	}

	get := func() int {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	if c := get(); c != 200 {
		t.Fatalf("healthz with Postgres and Redis up: %d", c)
	}
	_ = d.Redis.Close() // Redis gone for this process
	if c := get(); c != 503 {
		t.Fatalf("healthz without Redis: %d, want 503", c)
	}
}
