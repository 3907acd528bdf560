package migrations

import (
	"context"
	"testing"

	"github.com/uptrace/bun/migrate"

	"prelaunch/core/infra/platform"
)

// One payment claimed several times before …0300_refund_receipt_claims (the same UTR written
// differently, the same receipt file) must not stop the migration: the earliest claim of each
// payment (an approved one first) keeps it, the repeats are marked and keep their state, and
// from then on the database refuses a new repeat in any written form.
func TestClaimMigrationKeepsOldRepeats(t *testing.T) {
	ctx := context.Background()
	dsn := EmptyDatabaseForTest(t, "migrations_claims")
	db := platform.OpenDB(dsn)
	defer db.Close()
	before := migrate.NewMigrations()
	if err := before.Discover(fstestSubset(t, "20261128000300")); err != nil {
		t.Fatal(err)
	}
	if _, err := up(ctx, db, before); err != nil {
		t.Fatal(err)
	}
	var cid, uid, mid string
	if err := db.NewRaw(`INSERT INTO companies (name, email) VALUES ('Old Co', 'old@example.com') RETURNING id`).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	if err := db.NewRaw(`INSERT INTO users (company_id, name, email, password_hash, referral_code)
		VALUES (?, 'Old Buyer', 'buyer@example.com', 'x', 'OLD0001') RETURNING id`, cid).Scan(ctx, &uid); err != nil {
		t.Fatal(err)
	}
	if err := db.NewRaw(`INSERT INTO media (company_id, owner_kind, owner_id, storage_name, content_type, size_bytes)
		VALUES (?, 'user', ?, 'old.png', 'image/png', 10) RETURNING id`, cid, uid).Scan(ctx, &mid); err != nil {
		t.Fatal(err)
	}
	insert := func(order, status, ref string, receipt *string, submitted string) {
		t.Helper()
		if _, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price,
			quantity, final_amount, status, payment_method, reference_number, receipt_id, expires_at, submitted_at)
			VALUES (?, ?, ?, ?, 100, 10, 10, 100, ?, 'UPI', ?, ?, now(), now() - ?::interval)`,
			cid, uid, order, "TXN-"+order, status, ref, receipt, submitted); err != nil {
			t.Fatal(err)
		}
	}
	insert("PUR-A", "PENDING", "5788-1679-4120", &mid, "3 hours") // the earliest, but not approved
	insert("PUR-B", "APPROVED", "578816794120", nil, "2 hours")
	insert("PUR-C", "PENDING", "0578816794120", &mid, "1 hour")
	insert("PUR-D", "REJECTED", "_578816794120", nil, "4 hours")
	insert("PUR-E", "PENDING", "UTR-ALONE", nil, "1 hour")

	applied, err := up(ctx, db, Migrations)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) == 0 || applied[0] != "20261128000300" {
		t.Fatalf("applied %v, want 20261128000300 first", applied)
	}
	want := map[string]bool{"PUR-A": true, "PUR-B": false, "PUR-C": true, "PUR-D": false, "PUR-E": false}
	for order, repeat := range want {
		var got bool
		var status string
		if err := db.NewRaw(`SELECT claim_repeat, status FROM purchases WHERE order_number = ?`, order).Scan(ctx, &got, &status); err != nil {
			t.Fatal(err)
		}
		if got != repeat {
			t.Errorf("%s (%s) claim_repeat %v, want %v", order, status, got, repeat)
		}
	}
	var norm string
	if err := db.NewRaw(`SELECT ref_norm(' _0578-8167/94120 ')`).Scan(ctx, &norm); err != nil || norm != "578816794120" {
		t.Fatalf("ref_norm: %q %v", norm, err)
	}
	// A new claim of the approved payment, in yet another form: refused by the database.
	if _, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price,
		quantity, final_amount, status, payment_method, reference_number, expires_at)
		VALUES (?, ?, 'PUR-F', 'TXN-F', 100, 10, 10, 100, 'PENDING', 'UPI', '578816794120/', now())`, cid, uid); err == nil {
		t.Fatal("a new repeat claim was stored")
	}
}
