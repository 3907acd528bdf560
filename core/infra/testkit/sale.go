package testkit

import (
	"context"
	"testing"

	"github.com/uptrace/bun"
)

// OpenSale opens the sale of a company a test made with company.Service.Add: a new company's
// sale starts paused until it has payment details (sale.UpdateTokenSettings), and most tests of
// a second company want to order from it at once. It writes the token row directly, as the seed
// does; the rule itself is tested in package sale.
func OpenSale(t testing.TB, db bun.IDB, companyID string) {
	t.Helper()
	res, err := db.NewRaw(`UPDATE tokens SET sale_paused = false, updated_at = now() WHERE company_id = ?`, companyID).
		Exec(context.Background())
	if err != nil {
		t.Fatalf("open the sale of %s: %v", companyID, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("open the sale of %s: no token row", companyID)
	}
}

// SetRemaining sets the company's remaining private supply to n by hand: the token row's pool to
// n and no supply slices (docs/decisions/0016), for tests that start from a given figure.
func SetRemaining(t testing.TB, db bun.IDB, companyID string, n int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := db.NewRaw(`DELETE FROM token_supply_slices WHERE token_id IN (SELECT id FROM tokens WHERE company_id = ?)`, companyID).
		Exec(ctx); err != nil {
		t.Fatalf("drop the supply slices of %s: %v", companyID, err)
	}
	if _, err := db.NewRaw(`UPDATE tokens SET remaining_private_supply = ? WHERE company_id = ?`, n, companyID).Exec(ctx); err != nil {
		t.Fatalf("set the remaining supply of %s: %v", companyID, err)
	}
}
