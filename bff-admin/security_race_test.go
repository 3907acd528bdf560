package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/testkit"
)

// secDo is a goroutine-safe call: it returns the status (or -1) and never touches t.
func (s *secEnv) secDo(method, path, tok string, body any) int {
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := s.app.Test(req, fiber.TestConfig{Timeout: 60 * time.Second, FailOnTimeout: true})
	if err != nil {
		return -1
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestSecurityConcurrentReviewHasOneEffect: 100 concurrent approve/reject calls (two admins of
// the company) on one purchase → exactly one 200, the rest 409; the referrer is paid once; the
// supply invariant holds.
func TestSecurityConcurrentReviewHasOneEffect(t *testing.T) {
	s := secSetup(t)
	s.want(s.call("POST", "/api/v1/admin/auth/add", s.adminA, map[string]any{"name": "Second", "mobile": "9876543210",
		"email": "second@a.test", "role": "ADMIN", "password": "Second#123"}), 200)
	second := s.adminLogin("second@a.test", "Second#123")
	referrer := s.newBuyer(s.cidA, "Referrer", "ref@a.test", nil)
	for round := 0; round < 3; round++ {
		buyer := s.newBuyer(s.cidA, "Referred", "referred"+string(rune('a'+round))+"@a.test", &referrer)
		p := s.pending(s.cidA, buyer, 1000, "UPI", "UTR-RACE-"+string(rune('A'+round)), nil)
		codes := make([]int, 100)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				tok, path := s.adminA, "/api/v1/admin/transaction/approve"
				if i%2 == 1 {
					tok = second
				}
				if i%3 == 0 {
					path = "/api/v1/admin/transaction/reject"
				}
				codes[i] = s.secDo("POST", path, tok, map[string]any{"id": p})
			}(i)
		}
		close(start)
		wg.Wait()
		count := map[int]int{}
		for _, c := range codes {
			count[c]++
		}
		if count[200] != 1 || count[409] != 99 {
			t.Fatalf("round %d: statuses %v, want one 200 and 99 409", round, count)
		}
		var status string
		_ = s.d.DB.NewRaw("SELECT status FROM purchases WHERE id = ?", p).Scan(context.Background(), &status)
		rewards := s.num("SELECT count(*) FROM referral_rewards WHERE purchase_id = ?", p)
		if (status == "APPROVED") != (rewards == 1) || rewards > 1 {
			t.Fatalf("round %d: %s with %d rewards", round, status, rewards)
		}
		audits := s.num("SELECT count(*) FROM audit_log WHERE target_id = ?", p)
		if audits != 1 {
			t.Fatalf("round %d: %d audit rows", round, audits)
		}
		testkit.CheckSupply(t, s.d.DB)
	}
}
