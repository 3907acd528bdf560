package main

// Security suite (docs/security.md): shared set-up. Every security test runs against its
// own database (prelaunch_test_secadmin) and a private redis-server, never the shared Redis.

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/seed"
	"prelaunch/core/superadmin"
	"prelaunch/core/user"
)

type secEnv struct {
	*harness
	redis *testkit.PrivateRedis
	logs  *testkit.LogBuffer
	saID  string
}

// secSetup is setup() (company A seeded, company B added, tokens for admin A, admin B, buyer of
// A and the super admin) on the security suite's own database and private Redis.
func secSetup(t *testing.T) *secEnv {
	t.Helper()
	r := testkit.StartRedis(t)
	t.Setenv("TEST_REDIS_URL", fmt.Sprintf("redis://127.0.0.1:%d", r.Port))
	d := testkit.Deps(t, "secadmin", 0)
	logs := &testkit.LogBuffer{}
	d.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := &harness{t: t, d: d, app: newServer(d), cidA: testkit.Seed(t, d, seedPW)}
	ctx := context.Background()
	cidB, err := d.Build().Companies.Add(ctx, audit.Actor{Kind: "system"}, company.AddInput{CompanyName: "Beta Ltd",
		Email: "owner@beta.test", Mobile: "9876500000", CompanyAadhaarCard: "499118665246", CompanyPan: "BETAS1234B",
		CompanyAddress: "1 Beta Street", CompanyPincode: "400001", TokenName: "Beta Coin", TokenSymbol: "BTC2",
		TokenPrice: decimal.NewFromInt(5), AdminName: "Beta Admin", AdminPassword: "BetaPass#1"})
	if err != nil {
		t.Fatal(err)
	}
	testkit.OpenSale(t, d.DB, cidB)
	h.cidB = cidB
	h.adminA = h.adminLogin(seed.DemoAdminEmail, seedPW)
	h.adminB = h.adminLogin("owner@beta.test", "BetaPass#1")
	var a, b user.User
	h.scan(&a, seed.DemoAdminEmail)
	h.scan(&b, seed.DemoBuyerEmail)
	h.adminAID, h.buyerID = a.ID, b.ID
	if h.buyer, err = d.Tokens.Issue(b.ID, b.CompanyID, b.Role, auth.AudienceUser, b.TokenVersion); err != nil {
		t.Fatal(err)
	}
	var sa superadmin.SuperAdmin
	if err := d.DB.NewSelect().Model(&sa).Where("email = ?", seed.DemoSuperAdmin).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if h.super, err = d.Tokens.Issue(sa.ID, "", auth.RoleSuperAdmin, auth.AudienceSuperAdmin, 0); err != nil {
		t.Fatal(err)
	}
	return &secEnv{harness: h, redis: r, logs: logs, saID: sa.ID}
}

// forged tokens for sub in audience aud: expired, signed with another key and alg "none".
func (s *secEnv) forged(sub, company, role, aud string) map[string]string {
	out := map[string]string{}
	for k, v := range testkit.ForgedTokens(s.d.Cfg.JWTSecret, sub, company, role, aud, 0) {
		out[aud+" "+k] = v
	}
	return out
}

func secGrep(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	if len(out) > 20 {
		out = out[:20]
	}
	return strings.Join(out, "\n")
}

// delLimits forgets rate-limit keys (what waiting out the window would do). redis_rate keys are
// "rate:" + the limiter's key.
func (s *secEnv) delLimits(pattern string) {
	s.t.Helper()
	keys, err := s.d.Redis.Keys(context.Background(), pattern).Result()
	if err != nil {
		s.t.Fatal(err)
	}
	if len(keys) > 0 {
		s.d.Redis.Del(context.Background(), keys...)
	}
}
