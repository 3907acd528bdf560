package migrations

import (
	"context"
	"testing"

	"github.com/uptrace/bun/migrate"

	"prelaunch/core/fields"
	"prelaunch/core/infra/platform"
)

// Claims that only read as one payment once look-alikes are folded (57881679412o beside
// 578816794120, stored before …20261280000100_utr_fold) must not stop the migration: the first
// claim keeps the reference, the repeat is marked, and a new look-alike is refused. ref_norm
// and fields.NormalUTR give the same form for every input.
func TestUTRFoldMigrationKeepsLookAlikeRepeats(t *testing.T) {
	ctx := context.Background()
	dsn := EmptyDatabaseForTest(t, "migrations_utr_fold")
	db := platform.OpenDB(dsn)
	defer db.Close()
	before := migrate.NewMigrations()
	if err := before.Discover(fstestSubset(t, "20261280000100")); err != nil {
		t.Fatal(err)
	}
	if _, err := up(ctx, db, before); err != nil {
		t.Fatal(err)
	}
	var cid, uid string
	if err := db.NewRaw(`INSERT INTO companies (name, email) VALUES ('Fold Co', 'fold@example.com') RETURNING id`).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	if err := db.NewRaw(`INSERT INTO users (company_id, name, email, password_hash, referral_code)
		VALUES (?, 'Fold Buyer', 'buyer@example.com', 'x', 'FOLD001') RETURNING id`, cid).Scan(ctx, &uid); err != nil {
		t.Fatal(err)
	}
	insert := func(order, status, ref, submitted string) error {
		_, err := db.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, amount, price,
			quantity, final_amount, status, payment_method, reference_number, expires_at, submitted_at)
			VALUES (?, ?, ?, ?, 100, 10, 10, 100, ?, 'UPI', ?, now(), now() - ?::interval)`,
			cid, uid, order, "TXN-"+order, status, ref, submitted)
		return err
	}
	for _, p := range [][4]string{
		{"PUR-A", "PENDING", "578816794120", "3 hours"},
		{"PUR-B", "PENDING", "57881679412o", "2 hours"}, // accepted beside PUR-A by the old rule
		{"PUR-C", "APPROVED", "SBINR5202611270000004l", "2 hours"},
		{"PUR-D", "PENDING", "SB1NR52026112700000041", "3 hours"}, // earlier, but C is approved
	} {
		if err := insert(p[0], p[1], p[2], p[3]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := up(ctx, db, Migrations); err != nil {
		t.Fatal(err)
	}
	for order, repeat := range map[string]bool{"PUR-A": false, "PUR-B": true, "PUR-C": false, "PUR-D": true} {
		var got bool
		if err := db.NewRaw(`SELECT claim_repeat FROM purchases WHERE order_number = ?`, order).Scan(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if got != repeat {
			t.Errorf("%s claim_repeat %v, want %v", order, got, repeat)
		}
	}
	if err := insert("PUR-E", "PENDING", "57881679412O", "1 hour"); err == nil {
		t.Error("a new look-alike claim was stored")
	}

	inputs := []string{
		"578816794120", "57881679412o", "57881679412O", "5788l679412O", "5788I679412i", " _0578-8167/94120 ",
		"o578816794120", "OOOO", "0000", "----", "", "  ", "UTR1001", "utr-alone", "sbinr52026112700000042",
		"HDFCN52026112712345678", "ICICR12345678901", "a b\tc\nd", "lIoO01", "0o0O1", "ßtraße", "ıİ",
	}
	for _, s := range inputs {
		var got string
		if err := db.NewRaw(`SELECT ref_norm(?)`, s).Scan(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if want := fields.NormalUTR(s); got != want {
			t.Errorf("ref_norm(%q) = %q, fields.NormalUTR = %q", s, got, want)
		}
	}
}
