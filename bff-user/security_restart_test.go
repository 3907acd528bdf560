package main

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
)

// TestSecurityPostgresRestart: a private Postgres cluster is stopped and started again while the
// server runs. While it is down every database call answers 503 within 3 s; once it is back on
// the same port the same app (never rebuilt) answers 200 again, from its very first request: the
// pool drops the connections the restart broke instead of handing them to a request.
// Both an operator's restart (pg_ctl -m fast) and a crash (-m immediate) are played.
func TestSecurityPostgresRestart(t *testing.T) {
	pg := testkit.StartPostgres(t)
	t.Setenv("TEST_DATABASE_URL", pg.URL("prelaunch_test"))
	s := secSetup(t) // migrated and seeded on the private cluster
	tok := s.buyerToken()
	cid := s.companyID

	type probe struct {
		method, path, tok string
		body              any
	}
	probes := []probe{
		{"GET", "/api/v1/user/site/get", "", nil},
		{"GET", "/api/v1/user/auth/profile/get", tok, nil},
		{"GET", "/api/v1/user/transaction/list", tok, nil},
		{"GET", "/api/v1/user/package/price/get", tok, nil},
		{"POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": cid, "user": seed.DemoBuyerEmail, "password": seedPW}},
		{"GET", "/readyz", "", nil},
	}
	// fill opens several pooled connections at once, so the restart breaks more than one.
	fill := func() {
		var wg sync.WaitGroup
		codes := make([]int, 16)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				c, _ := s.secDo("GET", "/api/v1/user/transaction/list", tok, nil)
				codes[i] = c
			}(i)
		}
		wg.Wait()
		for _, c := range codes {
			if c != 200 {
				t.Fatalf("before the restart: %v", codes)
			}
		}
	}

	for _, mode := range []string{"fast", "immediate"} {
		fill()
		for _, p := range probes {
			s.want(s.call(p.method, p.path, p.tok, p.body), 200)
		}
		if mode == "fast" {
			pg.Stop()
		} else {
			pg.Crash()
		}
		// The site (company and token) is served from a cache for up to company.SiteTTL; past
		// that, every call below needs Postgres.
		time.Sleep(company.SiteTTL)
		for _, p := range probes {
			r := s.timed(3*time.Second, p.method, p.path, p.tok, p.body)
			if r.Code != 503 {
				t.Errorf("%s: %s %s with Postgres stopped: %d %s, want 503", mode, p.method, p.path, r.Code, r.Msg())
			} else if p.path != "/readyz" && !strings.Contains(r.Msg(), "temporarily unavailable") {
				t.Errorf("%s: %s: unclear 503 message %q", mode, p.path, r.Msg())
			}
		}
		s.want(s.call("GET", "/healthz", "", nil), 200)

		pg.Start()
		var got []string
		for round := 0; round < 3; round++ {
			for _, p := range probes {
				r := s.timed(3*time.Second, p.method, p.path, p.tok, p.body)
				if r.Code != 200 {
					got = append(got, fmt.Sprintf("%s %s → %d %s", p.method, p.path, r.Code, r.Msg()))
				}
			}
		}
		if len(got) > 0 {
			t.Errorf("%s: after Postgres came back, %d calls still failed:\n%s", mode, len(got), strings.Join(got, "\n"))
		}
		fill() // the pool serves concurrent work again
		// A write goes through: an order reserves supply, and the invariant holds.
		s.order(tok, 100)
		testkit.CheckSupply(t, s.d.DB)
	}
	if strings.Contains(s.logs.String(), "status=500") {
		t.Errorf("a 500 was logged during the restarts")
	}
}
