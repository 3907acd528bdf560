package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
)

// The admin server's metrics: requests counted by route pattern (never the raw path), approval,
// rejection and expiry counters that move once per decision, and the DB pool.
func TestAdminMetricsCountDecisionsAndRoutes(t *testing.T) {
	h := setup(t)
	addr := testkit.ServeMetrics(t, h.d, "bff-admin", false)
	before := testkit.Scrape(t, addr)
	p1 := h.pending(h.cidA, h.buyerID, 10, "UPI", "UTR-M-1", nil)
	p2 := h.pending(h.cidA, h.buyerID, 10, "UPI", "UTR-M-2", nil)
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p1}), 200)
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p1}), 409)
	h.want(h.call("POST", "/api/v1/admin/transaction/reject", h.adminA, map[string]any{"id": p2}), 200)
	// An unpaid order whose window is over, expired by the sweep.
	p3 := h.pending(h.cidA, h.buyerID, 10, "UPI", "UTR-M-3", nil)
	h.exec("UPDATE purchases SET status = 'INITIATED', submitted_at = NULL, expires_at = now() - interval '1 minute' WHERE id = ?", p3)
	if n, err := h.d.Build().Purchases.Sweep(context.Background(), time.Now()); err != nil || n != 1 {
		t.Fatalf("sweep: %d %v", n, err)
	}
	h.want(h.call("GET", "/api/v1/admin/nothing/here/123", h.adminA, nil), 404)

	after := testkit.Scrape(t, addr)
	for name, want := range map[string]float64{
		"prelaunch_purchases_approved_total": 1, "prelaunch_purchases_rejected_total": 1, "prelaunch_purchases_expired_total": 1,
		`prelaunch_http_requests_total{method="POST",route="/api/v1/admin/transaction/approve",status="200"}`: 1,
		`prelaunch_http_requests_total{method="POST",route="/api/v1/admin/transaction/approve",status="409"}`: 1,
		`prelaunch_http_requests_total{method="GET",route="/api/*",status="404"}`:                             1,
	} {
		if got := after[name] - before[name]; got != want {
			t.Errorf("%s moved by %v, want %v", name, got, want)
		}
	}
	for k := range after {
		if strings.Contains(k, "nothing/here") {
			t.Errorf("a raw path became a label: %s", k)
		}
	}
	for _, name := range []string{"prelaunch_http_request_duration_seconds_bucket", "prelaunch_go_sql_open_connections",
		"prelaunch_go_sql_wait_count_total", "prelaunch_orders_created_total", "prelaunch_emails_sent_total"} {
		if !testkit.Has(after, name) {
			t.Errorf("no %s", name)
		}
	}
	if testkit.Has(after, "prelaunch_queue_tasks") {
		t.Error("queue sizes are the worker's, not the admin server's")
	}
}

// Production answers carry HSTS on every answer, the API's, the page's and the errors'.
func TestProductionSendsHSTS(t *testing.T) {
	h := setup(t)
	cfg := h.d.Cfg
	cfg.Env = "production"
	cfg.AadhaarCert = testkit.UIDAICertPEM(t)
	d, err := runtime.OpenWith(cfg, "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	prod := &harness{t: t, d: d, app: newServer(d)}
	for _, path := range []string{"/healthz", "/api/v1/company/site/get", "/api/v1/admin/auth/profile/get", "/api/v1/nope", "/login"} {
		r := prod.call("GET", path, "", nil)
		if got := r.Header.Get("Strict-Transport-Security"); got != "max-age=63072000; includeSubDomains" {
			t.Errorf("%s (%d): HSTS %q", path, r.Code, got)
		}
	}
	if got := h.call("GET", "/healthz", "", nil).Header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("HSTS outside production: %q", got)
	}
}
