package main

// Security suite (issue 7, docs/security.md): shared set-up. Every security test runs against its
// own Postgres database (prelaunch_test_secuser) and a private redis-server, so it can play Redis
// outages without touching the machine's shared Redis.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"prelaunch/core/auth"
	"prelaunch/core/clock"
	"prelaunch/core/seed"
	"prelaunch/core/testkit"
	"prelaunch/core/user"
)

// secLog is a goroutine-safe buffer the server logs into, so tests can read what was logged.
type secLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *secLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}
func (l *secLog) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.buf.String() }

type secEnv struct {
	*harness
	redis *testkit.PrivateRedis
	logs  *secLog
}

// secSetup is setup() on the security suite's own database and private Redis, with the server's
// log captured.
func secSetup(t *testing.T) *secEnv {
	t.Helper()
	r := testkit.StartRedis(t)
	t.Setenv("TEST_REDIS_URL", fmt.Sprintf("redis://127.0.0.1:%d", r.Port))
	d := testkit.Deps(t, "secuser", 0)
	logs := &secLog{}
	d.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	cid := testkit.Seed(t, d, seedPW)
	h := &harness{t: t, d: d, app: newServer(d), companyID: cid}
	return &secEnv{harness: h, redis: r, logs: logs}
}

func (s *secEnv) userByEmail(email string) *user.User {
	s.t.Helper()
	var u user.User
	if err := s.d.DB.NewSelect().Model(&u).Where("lower(email) = ?", strings.ToLower(email)).Limit(1).Scan(context.Background()); err != nil {
		s.t.Fatalf("user %s: %v", email, err)
	}
	return &u
}

// otherCompany inserts a second company with a token and one buyer, and returns the buyer.
func (s *secEnv) otherCompany() *user.User {
	s.t.Helper()
	s.exec(`INSERT INTO companies (id, name, email) VALUES ('22222222-2222-2222-2222-222222222222', 'Beta', 'beta@x.test')`)
	s.exec(`INSERT INTO tokens (company_id, symbol, name, price, private_supply, remaining_private_supply)
	        VALUES ('22222222-2222-2222-2222-222222222222', 'BETA', 'Beta', 5, 1000, 1000)`)
	s.exec(`INSERT INTO users (company_id, role, name, email, password_hash, referral_code)
	        VALUES ('22222222-2222-2222-2222-222222222222', 'ADMIN', 'Beta Admin', 'admin@beta.test', 'x', 'PL-BETAADM1'),
	               ('22222222-2222-2222-2222-222222222222', 'USER', 'Beta Buyer', 'buyer@beta.test', 'x', 'PL-BETABUY1')`)
	return s.userByEmail("buyer@beta.test")
}

func (s *secEnv) issue(u *user.User, aud string) string {
	s.t.Helper()
	tok, err := s.d.Tokens.Issue(u.ID, u.CompanyID, u.Role, aud, u.TokenVersion)
	if err != nil {
		s.t.Fatal(err)
	}
	return tok
}

// forged tokens for u: expired, signed with another key, and alg "none".
func (s *secEnv) forged(u *user.User) map[string]string {
	s.t.Helper()
	past := auth.NewTokens(s.d.Cfg.JWTSecret, time.Hour, clock.NewFixed(time.Now().Add(-2*time.Hour)))
	expired, _ := past.Issue(u.ID, u.CompanyID, u.Role, auth.AudienceUser, u.TokenVersion)
	other := auth.NewTokens("another-key-another-key-another-key-9999", time.Hour, clock.System{})
	otherKey, _ := other.Issue(u.ID, u.CompanyID, u.Role, auth.AudienceUser, u.TokenVersion)
	enc := base64.RawURLEncoding.EncodeToString
	claims, _ := json.Marshal(map[string]any{"iss": "prelaunch", "sub": u.ID, "aud": []string{"user"}, "company": u.CompanyID,
		"role": u.Role, "ver": u.TokenVersion, "exp": time.Now().Add(time.Hour).Unix()})
	none := enc([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + enc(claims) + "."
	return map[string]string{"expired": expired, "other-key": otherKey, "alg-none": none,
		"garbage": "not-a-token", "bearer-only": "Bearer"}
}

func init() { _ = seed.DemoBuyerEmail }

func testkit_CheckSupply(t *testing.T, s *secEnv) { t.Helper(); testkit.CheckSupply(t, s.d.DB) }

// uploadMany posts several files in one "medias" request.
func (s *secEnv) uploadMany(token string, files [][]byte) reply {
	s.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for i, data := range files {
		fw, _ := w.CreateFormFile("medias", fmt.Sprintf("f%d.png", i))
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/superadmin/media/add", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return s.send(req)
}
