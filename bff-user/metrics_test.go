package main

import (
	"testing"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
)

// Each order placed moves prelaunch_orders_created_total once; a refused one does not.
func TestOrdersCreatedCounter(t *testing.T) {
	h := setup(t)
	addr := testkit.ServeMetrics(t, h.d, "bff-user", false)
	tok := h.buyerToken()
	before := testkit.Scrape(t, addr)
	h.want(h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 100}), 200)
	h.want(h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": -5}), 422)
	after := testkit.Scrape(t, addr)
	for name, want := range map[string]float64{
		"prelaunch_orders_created_total": 1,
		`prelaunch_http_requests_total{method="POST",route="/api/v1/user/package/order",status="200"}`: 1,
		`prelaunch_http_requests_total{method="POST",route="/api/v1/user/package/order",status="422"}`: 1,
	} {
		if got := after[name] - before[name]; got != want {
			t.Errorf("%s moved by %v, want %v", name, got, want)
		}
	}
}

// Production answers carry HSTS, whatever they are (here an unknown host's 404 too).
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
	prod := &harness{t: t, d: d, app: newServer(d), companyID: h.companyID}
	for _, path := range []string{"/healthz", "/api/v1/user/site/get", "/api/v1/user/auth/profile/get", "/"} {
		r := prod.call("GET", path, "", nil)
		if got := r.Header.Get("Strict-Transport-Security"); got != "max-age=63072000; includeSubDomains" {
			t.Errorf("%s (%d): HSTS %q", path, r.Code, got)
		}
	}
	if got := h.call("GET", "/healthz", "", nil).Header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("HSTS outside production: %q", got)
	}
}
