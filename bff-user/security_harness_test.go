package main

// Security suite (docs/security.md): shared set-up. Every security test runs against its
// own Postgres database (prelaunch_test_secuser) and a private redis-server, so it can play Redis
// outages without touching the machine's shared Redis.

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"prelaunch/core/auth"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/user"
)

type secEnv struct {
	*harness
	redis *testkit.PrivateRedis
	logs  *testkit.LogBuffer
}

// secSetup is setup() on the security suite's own database and private Redis, with the server's
// log captured.
func secSetup(t *testing.T) *secEnv {
	t.Helper()
	r := testkit.StartRedis(t)
	t.Setenv("TEST_REDIS_URL", fmt.Sprintf("redis://127.0.0.1:%d", r.Port))
	d := testkit.Deps(t, "secuser", 0)
	logs := &testkit.LogBuffer{}
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

// forged tokens for u that must be refused: expired, another key, alg "none", and junk.
func (s *secEnv) forged(u *user.User) map[string]string {
	m := testkit.ForgedTokens(s.d.Cfg.JWTSecret, u.ID, u.CompanyID, u.Role, auth.AudienceUser, u.TokenVersion)
	m["garbage"], m["bearer-only"] = "not-a-token", "Bearer"
	return m
}

func testkit_CheckSupply(t *testing.T, s *secEnv) { t.Helper(); testkit.CheckSupply(t, s.d.DB) }

// uploadMany posts several files in one "medias" request.
func (s *secEnv) uploadMany(token string, files [][]byte) reply {
	m := map[string][]byte{}
	for i, data := range files {
		m[fmt.Sprintf("f%d.png", i)] = data
	}
	return s.http().Upload(token, m)
}
