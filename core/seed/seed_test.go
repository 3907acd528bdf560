package seed_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/auth"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/sale"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

func TestSeedIsIdempotentAndConsistent(t *testing.T) {
	d := testkit.Deps(t, "seed", 2)
	ctx := context.Background()
	first, err := seed.Run(ctx, d.DB, "Seed-Pass-1", []string{"Ops@Example.test"})
	if err != nil {
		t.Fatal(err)
	}
	second, err := seed.Run(ctx, d.DB, "Seed-Pass-1", []string{"ops@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	if first.CompanyID == "" || first.CompanyID != second.CompanyID {
		t.Fatalf("company ids %q %q", first.CompanyID, second.CompanyID)
	}
	for table, want := range map[string]int{"companies": 1, "tokens": 1, "beneficiaries": 1, "users": 2, "super_admins": 2} {
		n, err := d.DB.NewSelect().Table(table).Count(ctx)
		if err != nil || int64(n) != int64(want) {
			t.Errorf("%s: %d rows, want %d (%v)", table, n, want, err)
		}
	}
	var tok sale.Token
	if err := d.DB.NewSelect().Model(&tok).Where("company_id = ?", first.CompanyID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	parts := tok.PublicCellSupply.Add(tok.ReferralSupply).Add(tok.AngelInvestorSupply).Add(tok.FounderTeamSupply).Add(tok.AirdropSupply)
	if !parts.Equal(tok.TotalSupply) || tok.PrivateSupply.GreaterThan(tok.PublicCellSupply) ||
		!tok.Price.Equal(decimal.NewFromInt(10)) || !tok.PlatformChargePercent.Equal(decimal.NewFromInt(2)) {
		t.Fatalf("supply figures inconsistent: %+v", tok)
	}
	if len(tok.TokenDistribution) != 5 || tok.TokenDistribution[0] != "51.3% Public Cell" || len(tok.SocialLinks) != 6 {
		t.Fatalf("distribution/social links: %v %v", tok.TokenDistribution, tok.SocialLinks)
	}
	var admin user.User
	if err := d.DB.NewSelect().Model(&admin).Where("lower(email) = ?", seed.DemoAdminEmail).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if admin.Role != user.RoleAdmin || !auth.CheckPassword(context.Background(), admin.PasswordHash, "Seed-Pass-1") {
		t.Fatalf("admin: role %s, password matches %v", admin.Role, auth.CheckPassword(context.Background(), admin.PasswordHash, "Seed-Pass-1"))
	}
	// A changed SEED_ADMIN_PASSWORD takes effect and revokes older tokens.
	if _, err := seed.Run(ctx, d.DB, "Seed-Pass-2", nil); err != nil {
		t.Fatal(err)
	}
	var again user.User
	_ = d.DB.NewSelect().Model(&again).Where("id = ?", admin.ID).Scan(ctx)
	if !auth.CheckPassword(context.Background(), again.PasswordHash, "Seed-Pass-2") || again.TokenVersion != admin.TokenVersion+1 {
		t.Fatal("changed seed password not applied")
	}
}

func TestSeedWithoutPasswordChoosesARandomOneOnce(t *testing.T) {
	d := testkit.Deps(t, "seed", 2)
	res, err := seed.Run(context.Background(), d.DB, "", nil)
	if err != nil || len(res.AdminPassword) < 12 {
		t.Fatalf("want a random admin password, got %q %v", res.AdminPassword, err)
	}
	res2, err := seed.Run(context.Background(), d.DB, "", nil)
	if err != nil || res2.AdminPassword != "" {
		t.Fatalf("second run must keep the password: %q %v", res2.AdminPassword, err)
	}
}

func TestConfigIsTest(t *testing.T) {
	if testkit.Deps(t, "seed", 2).Cfg.Env != config.EnvTest {
		t.Fatal("tests must run with APP_ENV=test")
	}
}
