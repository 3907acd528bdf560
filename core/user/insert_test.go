package user_test

import (
	"context"
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/user"
)

// Every path that creates a user goes through Insert: a referral code that is taken is drawn
// again (inside the caller's transaction, without spoiling it), and a taken email is ErrEmailTaken.
func TestInsertRedrawsATakenReferralCode(t *testing.T) {
	d := testkit.Deps(t, "user", 13)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	var taken string
	if err := d.DB.NewRaw("SELECT referral_code FROM users WHERE company_id = ? LIMIT 1", cid).Scan(ctx, &taken); err != nil {
		t.Fatal(err)
	}
	codes := []string{taken, taken, "PL-FRESH234"}
	restore := user.UseReferralCodes(func() string { c := codes[0]; codes = codes[1:]; return c })
	defer restore()
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "N", Email: "n@x.test", PasswordHash: "x",
		Status: user.StatusActive, StockBalance: decimal.Zero}
	if err := user.Insert(ctx, tx, u); err != nil {
		t.Fatalf("insert after two collisions: %v", err)
	}
	if u.ID == "" || u.ReferralCode != "PL-FRESH234" || len(codes) != 0 {
		t.Fatalf("got id %q code %q, %d codes left", u.ID, u.ReferralCode, len(codes))
	}
	restore()
	dup := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "N", Email: "n@x.test", PasswordHash: "x",
		Status: user.StatusActive, StockBalance: decimal.Zero}
	if err := user.Insert(ctx, tx, dup); !errors.Is(err, user.ErrEmailTaken) {
		t.Fatalf("same email again: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatalf("the transaction survives the collisions: %v", err)
	}
}
