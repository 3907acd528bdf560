package migrations

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"prelaunch/core/fields"
)

// Issue 27 finding 1 (docs/security.md): no Aadhaar number is kept whole. Every stored number —
// kyc_submissions.aadhaar_number, users.kyc_document_number, companies.aadhaar and the
// "aadhaar" of the audit log's JSON — becomes its last 4 digits plus its HMAC-SHA256 under
// PII_KEY (the audit log keeps the masked form only). Written in Go because the hash needs the
// key, which only the process has; it runs in one transaction.
func init() {
	Migrations.MustRegister(aadhaarLast4Up, nil)
}

var nonDigit = regexp.MustCompile(`[^0-9]`)

// aadhaarRow is one stored number to convert: its table's key and the number.
type aadhaarRow struct {
	ID     string `bun:"id"`
	Number string `bun:"number"`
}

func aadhaarLast4Up(ctx context.Context, db *bun.DB) error {
	key := piiKey(ctx)
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// New columns first, filled below, then the whole numbers go.
		for _, q := range []string{
			`ALTER TABLE kyc_submissions ADD COLUMN aadhaar_last4 text NOT NULL DEFAULT '', ADD COLUMN aadhaar_hash text NOT NULL DEFAULT ''`,
			`ALTER TABLE users ADD COLUMN kyc_document_last4 text NOT NULL DEFAULT '', ADD COLUMN kyc_document_hash text NOT NULL DEFAULT ''`,
			`ALTER TABLE companies ADD COLUMN aadhaar_last4 text NOT NULL DEFAULT '', ADD COLUMN aadhaar_hash text NOT NULL DEFAULT ''`,
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		for _, t := range []struct{ table, id, number, last4, hash string }{
			{"kyc_submissions", "user_id", "aadhaar_number", "aadhaar_last4", "aadhaar_hash"},
			{"users", "id", "kyc_document_number", "kyc_document_last4", "kyc_document_hash"},
			{"companies", "id", "aadhaar", "aadhaar_last4", "aadhaar_hash"},
		} {
			var rows []aadhaarRow
			if err := tx.NewRaw(fmt.Sprintf(`SELECT %s::text AS id, %s AS number FROM %s WHERE %s <> ''`,
				t.id, t.number, t.table, t.number)).Scan(ctx, &rows); err != nil {
				return fmt.Errorf("%s: %w", t.table, err)
			}
			if len(rows) > 0 && len(key) == 0 {
				return errors.New("migration 20261210000100 needs PII_KEY to convert the stored Aadhaar numbers")
			}
			ids, last4s, hashes := make([]string, 0, len(rows)), make([]string, 0, len(rows)), make([]string, 0, len(rows))
			for _, r := range rows {
				// A number stored before today's rules (spaces, dashes) is read by its digits; a
				// value with fewer than 4 digits keeps nothing.
				n := nonDigit.ReplaceAllString(r.Number, "")
				last4, hash := fields.AadhaarLast4(n), ""
				if last4 != "" {
					hash = fields.AadhaarHash(key, n)
				}
				ids, last4s, hashes = append(ids, r.ID), append(last4s, last4), append(hashes, hash)
			}
			for start := 0; start < len(ids); start += 5000 {
				end := min(start+5000, len(ids))
				if _, err := tx.ExecContext(ctx, fmt.Sprintf(`UPDATE %s AS t SET %s = v.last4, %s = v.hash
					FROM unnest(?::text[], ?::text[], ?::text[]) AS v(id, last4, hash) WHERE t.%s::text = v.id`,
					t.table, t.last4, t.hash, t.id),
					pgdialect.Array(ids[start:end]), pgdialect.Array(last4s[start:end]), pgdialect.Array(hashes[start:end])); err != nil {
					return fmt.Errorf("%s: %w", t.table, err)
				}
			}
		}
		for _, q := range []string{
			`ALTER TABLE kyc_submissions DROP COLUMN aadhaar_number,
				ALTER COLUMN aadhaar_last4 DROP DEFAULT, ALTER COLUMN aadhaar_hash DROP DEFAULT,
				ADD CONSTRAINT kyc_submissions_aadhaar_last4_check CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
				ADD CONSTRAINT kyc_submissions_aadhaar_hash_check CHECK (aadhaar_hash ~ '^[0-9a-f]{64}$')`,
			`ALTER TABLE users DROP COLUMN kyc_document_number,
				ADD CONSTRAINT users_kyc_document_last4_check CHECK (kyc_document_last4 ~ '^([0-9]{4})?$'),
				ADD CONSTRAINT users_kyc_document_hash_check CHECK (kyc_document_hash ~ '^([0-9a-f]{64})?$')`,
			`ALTER TABLE companies DROP COLUMN aadhaar,
				ADD CONSTRAINT companies_aadhaar_last4_check CHECK (aadhaar_last4 ~ '^([0-9]{4})?$'),
				ADD CONSTRAINT companies_aadhaar_hash_check CHECK (aadhaar_hash ~ '^([0-9a-f]{64})?$')`,
			// One number on two accounts of a company is found through this index (kyc.Submit).
			`CREATE INDEX kyc_submissions_company_aadhaar_idx ON kyc_submissions (company_id, aadhaar_hash)`,
			`CREATE INDEX users_company_kyc_document_idx ON users (company_id, kyc_document_hash) WHERE kyc_document_hash <> ''`,
			// The audit log keeps what an admin saw: the masked form.
			`UPDATE audit_log SET after = jsonb_set(after, '{aadhaar}',
				to_jsonb(CASE WHEN length(regexp_replace(after->>'aadhaar', '[^0-9]', '', 'g')) >= 4
					THEN 'XXXX XXXX ' || right(regexp_replace(after->>'aadhaar', '[^0-9]', '', 'g'), 4) ELSE '' END))
				WHERE jsonb_typeof(after) = 'object' AND after ? 'aadhaar'`,
			`UPDATE audit_log SET before = jsonb_set(before, '{aadhaar}',
				to_jsonb(CASE WHEN length(regexp_replace(before->>'aadhaar', '[^0-9]', '', 'g')) >= 4
					THEN 'XXXX XXXX ' || right(regexp_replace(before->>'aadhaar', '[^0-9]', '', 'g'), 4) ELSE '' END))
				WHERE jsonb_typeof(before) = 'object' AND before ? 'aadhaar'`,
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
}
