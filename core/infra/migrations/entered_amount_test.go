package migrations

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun/migrate"

	"prelaunch/core/infra/platform"
)

// Orders placed before …0300_purchases_entered_amount kept no typed figure: the migration gives
// them their charged amount, an insert that names none gets its amount, and the typed figure can
// never be below the charged one.
func TestEnteredAmountMigration(t *testing.T) {
	ctx := context.Background()
	dsn := EmptyDatabaseForTest(t, "migrations_entered")
	db := platform.OpenDB(dsn)
	defer db.Close()

	// The schema as it was before the column: every migration named before it.
	before := migrate.NewMigrations()
	old := fstestSubset(t, "20261123000300")
	if err := before.Discover(old); err != nil {
		t.Fatal(err)
	}
	if _, err := up(ctx, db, before); err != nil {
		t.Fatal(err)
	}
	var cid, uid string
	if err := db.NewRaw(`INSERT INTO companies (name, email) VALUES ('Old Co', 'old@example.com') RETURNING id`).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	if err := db.NewRaw(`INSERT INTO users (company_id, name, email, password_hash, referral_code)
		VALUES (?, 'Old Buyer', 'buyer@example.com', 'x', 'OLD0001') RETURNING id`, cid).Scan(ctx, &uid); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price,
		quantity, fee, final_amount, status, payment_method, reference_number, expires_at)
		VALUES (?, ?, 'PUR-OLD1', 'TXN-OLD1', 1000, 10, 100, 25, 1025, 'PENDING', 'UPI', 'UTR-OLD1', now())`, cid, uid); err != nil {
		t.Fatal(err)
	}
	var deltasBefore int64
	if err := db.NewRaw(`SELECT count(*) FROM company_stat_deltas WHERE company_id = ?`, cid).Scan(ctx, &deltasBefore); err != nil {
		t.Fatal(err)
	}

	applied, err := up(ctx, db, Migrations)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) == 0 || applied[0] != "20261123000300" {
		t.Fatalf("applied %v, want 20261123000300 first", applied)
	}
	var entered decimal.Decimal
	if err := db.NewRaw(`SELECT entered_amount FROM purchases WHERE order_number = 'PUR-OLD1'`).Scan(ctx, &entered); err != nil {
		t.Fatal(err)
	}
	if !entered.Equal(decimal.NewFromInt(1000)) {
		t.Fatalf("old row entered_amount %v, want its amount 1000", entered)
	}
	var deltasAfter int64
	if err := db.NewRaw(`SELECT count(*) FROM company_stat_deltas WHERE company_id = ?`, cid).Scan(ctx, &deltasAfter); err != nil {
		t.Fatal(err)
	}
	if deltasAfter != deltasBefore {
		t.Fatalf("the backfill wrote stats deltas: %d rows -> %d", deltasBefore, deltasAfter)
	}

	// An insert that names no typed figure records its amount; one that names it keeps it.
	if _, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price,
		quantity, final_amount, expires_at) VALUES (?, ?, 'PUR-NEW1', 'TXN-NEW1', 500, 10, 50, 500, now())`, cid, uid); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, entered_amount,
		price, quantity, final_amount, expires_at) VALUES (?, ?, 'PUR-NEW2', 'TXN-NEW2', 1000, 1005, 10, 100, 1000, now())`, cid, uid); err != nil {
		t.Fatal(err)
	}
	for order, want := range map[string]int64{"PUR-NEW1": 500, "PUR-NEW2": 1005} {
		if err := db.NewRaw(`SELECT entered_amount FROM purchases WHERE order_number = ?`, order).Scan(ctx, &entered); err != nil {
			t.Fatal(err)
		}
		if !entered.Equal(decimal.NewFromInt(want)) {
			t.Errorf("%s entered_amount %v, want %d", order, entered, want)
		}
	}
	// Whole tokens round down: a typed figure below the charged amount is refused.
	if _, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, entered_amount,
		price, quantity, final_amount, expires_at) VALUES (?, ?, 'PUR-BAD1', 'TXN-BAD1', 1000, 999.99, 10, 100, 1000, now())`, cid, uid); err == nil {
		t.Fatal("an entered amount below the charged amount was stored")
	}
}

// fstestSubset is the embedded migrations named before first.
func fstestSubset(t *testing.T, first string) fs.FS {
	t.Helper()
	entries, err := fs.ReadDir(sqlFiles, ".")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, e := range entries {
		if e.Name() >= first {
			continue
		}
		b, err := fs.ReadFile(sqlFiles, e.Name())
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = &fstest.MapFile{Data: b}
	}
	return out
}
