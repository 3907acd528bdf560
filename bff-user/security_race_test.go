package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/auth"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/user"
)

// secDo is a goroutine-safe call: status and body, never touching t.
func (s *secEnv) secDo(method, path, tok string, body any) (int, []byte) {
	return s.secDoKey(method, path, tok, "", body)
}

// secDoKey is secDo with an Idempotency-Key header (none when key is empty).
func (s *secEnv) secDoKey(method, path, tok, key string, body any) (int, []byte) {
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := s.app.Test(req, fiber.TestConfig{Timeout: 60 * time.Second, FailOnTimeout: true})
	if err != nil {
		return -1, []byte(err.Error())
	}
	defer resp.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(resp.Body)
	return resp.StatusCode, out.Bytes()
}

// secBuyers inserts n buyers of the site's company and returns their tokens.
func (s *secEnv) secBuyers(n int) []string {
	s.t.Helper()
	toks := make([]string, n)
	for i := range toks {
		u := &user.User{CompanyID: s.companyID, Role: user.RoleUser, Name: "Racer", Email: fmt.Sprintf("racer%d@x.test", i),
			Mobile: testkit.Mobile(), PasswordHash: "x", ReferralCode: fmt.Sprintf("PL-RACE%04d", i), Status: user.StatusActive}
		if _, err := s.d.DB.NewInsert().Model(u).Returning("id").Exec(context.Background()); err != nil {
			s.t.Fatal(err)
		}
		toks[i] = s.issue(u, auth.AudienceUser)
	}
	return toks
}

// TestSecurityConcurrentOrdersNeverOversell: 200 concurrent orders against a remaining supply of
// 50 → the remaining supply never goes below zero and equals the supply minus what was reserved.
func TestSecurityConcurrentOrdersNeverOversell(t *testing.T) {
	s := secSetup(t)
	s.exec("UPDATE tokens SET private_supply = 50, remaining_private_supply = 50 WHERE company_id = ?", s.companyID)
	toks := s.secBuyers(40)
	type res struct {
		code int
		qty  float64
	}
	out := make([]res, 200)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			code, body := s.secDo("POST", "/api/v1/user/package/order", toks[i%40], map[string]any{"amount": 10 + (i%3)*10})
			var env struct{ Data struct{ Quantity float64 } }
			_ = json.Unmarshal(body, &env)
			out[i] = res{code, env.Data.Quantity}
		}(i)
	}
	close(start)
	wg.Wait()
	reserved, counts := 0.0, map[int]int{}
	for _, r := range out {
		counts[r.code]++
		if r.code == 200 {
			reserved += r.qty
		}
	}
	if counts[200]+counts[409] != 200 || counts[200] == 0 || counts[409] == 0 {
		t.Fatalf("statuses %v, want only 200 and 409 (sold out)", counts)
	}
	if got := s.remaining(); got != fmt.Sprint(50-int(reserved)) || reserved > 50 {
		t.Fatalf("remaining %s after reserving %v of 50", got, reserved)
	}
	testkit.CheckSupply(t, s.d.DB)
}

// TestSecurityExpiryRacesProofSubmission: the worker's expiry and the buyer's proof land on the
// same order at the same moment → exactly one wins, and the reservation is released only when
// the expiry won.
func TestSecurityExpiryRacesProofSubmission(t *testing.T) {
	s := secSetup(t)
	toks := s.secBuyers(5)
	wins := map[string]int{}
	for round := 0; round < 30; round++ {
		tok := toks[round%5]
		o := s.order(tok, 100)
		s.exec("UPDATE purchases SET expires_at = now() + interval '2 seconds' WHERE id = ?", o.ID)
		var wg sync.WaitGroup
		var code int
		var expired bool
		var expErr error
		start := make(chan struct{})
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-start
			code, _ = s.secDo("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "MANUAL"})
		}()
		go func() {
			defer wg.Done()
			<-start
			// The worker's clock is past the window (as if the task ran late or clocks differ).
			expired, expErr = s.d.Build().Purchases.Expire(context.Background(), o.ID, time.Now().Add(time.Minute))
		}()
		close(start)
		wg.Wait()
		if expErr != nil {
			t.Fatal(expErr)
		}
		var status string
		_ = s.d.DB.NewRaw("SELECT status FROM purchases WHERE id = ?", o.ID).Scan(context.Background(), &status)
		switch {
		case code == 200 && !expired && status == "PENDING":
			wins["proof"]++
		case code == 409 && expired && status == "EXPIRED", code == 410 && expired && status == "EXPIRED":
			wins["expiry"]++
		default:
			t.Fatalf("round %d: submit %d, expired %v, status %s", round, code, expired, status)
		}
		testkit.CheckSupply(t, s.d.DB)
		if status == "PENDING" {
			s.exec("UPDATE purchases SET status = 'REJECTED' WHERE id = ?", o.ID) // keep the open-order cap free
			s.exec("UPDATE tokens SET remaining_private_supply = remaining_private_supply + 10 WHERE company_id = ?", s.companyID)
		}
	}
	t.Logf("winners: %v", wins)
}
