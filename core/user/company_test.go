package user_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/company"
	"prelaunch/core/infra/testkit"
)

// TestSuspensionRevokesCompanyAdmins: company/update's OnSuspend hook, wired by runtime to
// user.Service.RevokeCompanyAdmins, signs out that company's admins in the suspension's
// transaction (their tokens stop verifying at once), and nobody else: not its buyers, not another
// company's admins. Reactivating revokes nothing more.
func TestSuspensionRevokesCompanyAdmins(t *testing.T) {
	d := testkit.Deps(t, "user", 13)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	svc := d.Build()
	other, err := svc.Companies.Add(ctx, audit.Actor{Kind: "system"}, company.AddInput{CompanyName: "Beta Ltd", Email: "owner@beta.test",
		Mobile: "9876500001", CompanyAadhaarCard: "499118665246", CompanyPan: "BETAA1234B", CompanyAddress: "1 Beta Street",
		CompanyPincode: "400001", TokenName: "Beta", TokenSymbol: "BETA", TokenPrice: decimal.NewFromInt(2), AdminPassword: "BetaPass#1"})
	if err != nil {
		t.Fatal(err)
	}
	versions := func() map[string]int {
		t.Helper()
		var rows []struct {
			ID           string `bun:"id"`
			TokenVersion int    `bun:"token_version"`
		}
		if err := d.DB.NewRaw("SELECT id, token_version FROM users").Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for _, r := range rows {
			out[r.ID] = r.TokenVersion
		}
		return out
	}
	roles := map[string]string{}
	companyOf := map[string]string{}
	var rows []struct {
		ID        string `bun:"id"`
		Role      string `bun:"role"`
		CompanyID string `bun:"company_id"`
	}
	if err := d.DB.NewRaw("SELECT id, role, company_id FROM users").Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		roles[r.ID], companyOf[r.ID] = r.Role, r.CompanyID
	}
	before := versions()
	if _, err := svc.Companies.Update(ctx, audit.Actor{Kind: "superadmin"}, company.UpdateInput{ID: cid,
		Status: ptr(company.StatusSuspended), Reason: ptr("Review")}); err != nil {
		t.Fatal(err)
	}
	after := versions()
	admins := 0
	for id, v := range after {
		bumped := v == before[id]+1
		if want := roles[id] == "ADMIN" && companyOf[id] == cid; bumped != want {
			t.Errorf("user %s (%s of %s): token_version %d → %d", id, roles[id], companyOf[id], before[id], v)
		} else if want {
			admins++
		}
	}
	if admins == 0 {
		t.Fatal("the seeded company has no admin to sign out")
	}
	if _, err := svc.Companies.Update(ctx, audit.Actor{Kind: "superadmin"}, company.UpdateInput{ID: cid, Status: ptr(company.StatusActive)}); err != nil {
		t.Fatal(err)
	}
	for id, v := range versions() {
		if v != after[id] {
			t.Errorf("reactivating changed user %s's token_version", id)
		}
	}
	if other == "" {
		t.Fatal("no second company")
	}
}

func ptr[T any](v T) *T { return &v }
