package migrations

import (
	"context"
	"strings"
	"testing"

	"github.com/uptrace/bun/migrate"

	"prelaunch/core/fields"
	"prelaunch/core/infra/platform"
)

// Issue 27 findings 1, 7 and 12: every stored Aadhaar number (KYC, profile, company, audit JSON)
// becomes its last 4 digits plus its HMAC under PII_KEY; stored mobiles take the E.164 form, one
// that breaks the rule stays, and buyers already sharing a mobile keep their accounts (the later
// ones marked mobile_repeat) while a new repeat is refused by the database.
func TestAadhaarMigrationKeepsLast4AndHash(t *testing.T) {
	ctx := context.Background()
	dsn := EmptyDatabaseForTest(t, "migrations_pii")
	db := platform.OpenDB(dsn)
	defer db.Close()
	before := migrate.NewMigrations()
	if err := before.Discover(fstestSubset(t, "20261210000100")); err != nil {
		t.Fatal(err)
	}
	if _, err := up(ctx, db, before); err != nil {
		t.Fatal(err)
	}
	var cid string
	if err := db.NewRaw(`INSERT INTO companies (name, email, mobile, aadhaar) VALUES ('Old Co', 'old@x.test', '+91 98765 00000', '2341 2341 2346') RETURNING id`).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	users := map[string]string{}
	for _, u := range [][3]string{
		{"a@x.test", "9876543210", "499118665246"}, // the oldest with this mobile
		{"b@x.test", "+91 98765-43210", ""},        // the same mobile, written otherwise
		{"c@x.test", "98765432101", ""},            // 11 digits: breaks the rule
		{"d@x.test", "", ""},
	} {
		var id string
		if err := db.NewRaw(`INSERT INTO users (company_id, name, email, mobile, password_hash, referral_code, kyc_document_number, created_at)
			VALUES (?, 'U', ?, ?, 'x', upper(?), ?, now() - (? || ' minutes')::interval) RETURNING id`,
			cid, u[0], u[1], "R-"+u[0][:1], u[2], len(users)*-1+10).Scan(ctx, &id); err != nil {
			t.Fatal(err)
		}
		users[u[0]] = id
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO kyc_submissions (user_id, company_id, status, pan_number, aadhaar_number, submitted_at)
		VALUES (?, ?, 'PENDING', 'ABCDE1234F', '499118665246', now())`, users["a@x.test"], cid); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO audit_log (company_id, actor_kind, action, target_type, after)
		VALUES (?, 'superadmin', 'company.create', 'company', '{"aadhaar": "234123412346", "pan": "ABCDE1234F"}')`, cid); err != nil {
		t.Fatal(err)
	}
	if _, err := up(ctx, db, Migrations); err == nil || !strings.Contains(err.Error(), "PII_KEY") {
		t.Fatalf("without PII_KEY the conversion must stop and say so, got %v", err)
	}
	key := []byte("test-pii-key-test-pii-key-test32")
	if _, err := up(WithPIIKey(ctx, key), db, Migrations); err != nil {
		t.Fatal(err)
	}
	var dump string
	if err := db.NewRaw(`SELECT (SELECT string_agg(row_to_json(c)::text, ',') FROM companies AS c) ||
		(SELECT string_agg(row_to_json(u)::text, ',') FROM users AS u) ||
		(SELECT string_agg(row_to_json(k)::text, ',') FROM kyc_submissions AS k) ||
		(SELECT string_agg(after::text, ',') FROM audit_log)`).Scan(ctx, &dump); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(dump, "234123412346") || strings.Contains(dump, "499118665246") {
		t.Fatalf("a whole number stayed: %s", dump)
	}
	var last4, hash, klast4, khash, clast4, chash, after string
	if err := db.NewRaw(`SELECT u.kyc_document_last4, u.kyc_document_hash, k.aadhaar_last4, k.aadhaar_hash, c.aadhaar_last4, c.aadhaar_hash,
		(SELECT a.after->>'aadhaar' FROM audit_log AS a)
		FROM users AS u JOIN kyc_submissions AS k ON k.user_id = u.id JOIN companies AS c ON c.id = u.company_id WHERE u.id = ?`,
		users["a@x.test"]).Scan(ctx, &last4, &hash, &klast4, &khash, &clast4, &chash, &after); err != nil {
		t.Fatal(err)
	}
	if last4 != "5246" || hash != fields.AadhaarHash(key, "499118665246") || klast4 != "5246" || khash != hash ||
		clast4 != "2346" || chash != fields.AadhaarHash(key, "234123412346") || after != "XXXX XXXX 2346" {
		t.Fatalf("converted: %s %s / %s %s / %s %s / %q", last4, hash, klast4, khash, clast4, chash, after)
	}
	if _, err := db.ExecContext(ctx, `UPDATE kyc_submissions SET aadhaar_last4 = '234123412346'`); err == nil {
		t.Fatal("the CHECK must refuse a whole number")
	}
	for email, want := range map[string][2]string{"a@x.test": {"+919876543210", "false"}, "b@x.test": {"+919876543210", "true"},
		"c@x.test": {"98765432101", "false"}, "d@x.test": {"", "false"}} {
		var mobile, repeat string
		if err := db.NewRaw(`SELECT mobile, mobile_repeat::text FROM users WHERE email = ?`, email).Scan(ctx, &mobile, &repeat); err != nil {
			t.Fatal(err)
		}
		if mobile != want[0] || repeat != want[1] {
			t.Errorf("%s: mobile %q repeat %s, want %v", email, mobile, repeat, want)
		}
	}
	var cm string
	if err := db.NewRaw(`SELECT mobile FROM companies`).Scan(ctx, &cm); err != nil || cm != "+919876500000" {
		t.Fatalf("company mobile %q %v", cm, err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO users (company_id, name, email, mobile, password_hash, referral_code)
		VALUES (?, 'New', 'e@x.test', '+919876543210', 'x', 'R-E')`, cid); err == nil {
		t.Fatal("a new buyer with a taken mobile must be refused by the database")
	}
}
