// Package perf holds the synthetic data generator used by `make seed-scale` (1M users, 5M
// purchases) and by the EXPLAIN tests (a smaller set), so both exercise the same shape of data.
package perf

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/sale"
	"prelaunch/core/seed"
	"prelaunch/core/stats"
)

// Size says how much to generate.
type Size struct {
	Users     int // synthetic users, spread over the 3 companies
	Purchases int // total purchases, including the designated buyer's
	BuyerRows int // purchases of the designated buyer (buyer@demo.test)
}

// Full is the scale the performance targets are set at.
var Full = Size{Users: 1_000_000, Purchases: 5_000_000, BuyerRows: 5_000}

// Symbols are the three companies' tokens; ACW is the demo company of core/seed.
var Symbols = []string{"ACW", "BNA", "BNB"}

// Step is one timed phase of the load, for the report.
type Step struct {
	Name string
	Dur  time.Duration
}

// uid and pid build sequential uuids so the primary-key b-trees fill append-only.
const (
	userUUID     = `('10000000-0000-4000-8000-' || lpad(to_hex(%s), 12, '0'))::uuid`
	purchaseUUID = `('20000000-0000-4000-8000-' || lpad(to_hex(%s), 12, '0'))::uuid`
)

// Load fills db (migrated, empty or with only the demo seed) with synthetic data. It needs a
// superuser connection (session_replication_role = replica skips the per-row FK triggers; every
// reference it writes is correct by construction). pw is the password of every user.
func Load(ctx context.Context, db *bun.DB, sz Size, pw string, logf func(string, ...any)) ([]Step, error) {
	var steps []Step
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	step := func(name string, f func() error) error {
		t := time.Now()
		if err := f(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		steps = append(steps, Step{name, time.Since(t)})
		if logf != nil {
			logf("  %-34s %8.1fs", name, time.Since(t).Seconds())
		}
		return nil
	}
	exec := func(q string, args ...any) error {
		_, err := conn.ExecContext(ctx, q, args...)
		return err
	}
	// Companies: the demo one (admin@demo.test, buyer@demo.test) and two more, all with supplies
	// large enough for millions of purchases and the approve benchmark.
	var cids []string
	var buyerID, adminID string
	if err := step("companies and tokens", func() error {
		res, err := seed.Run(ctx, db, pw, nil)
		if err != nil {
			return err
		}
		cids = append(cids, res.CompanyID)
		for i, sym := range Symbols[1:] {
			c := company.Company{Name: fmt.Sprintf("Scale Company %c", 'A'+i), Email: fmt.Sprintf("hello@scale-%c.test", 'a'+i),
				Mobile: "+91 90000 0000" + fmt.Sprint(i)}
			if _, err := db.NewInsert().Model(&c).Returning("id").Exec(ctx); err != nil {
				return err
			}
			t := seed.ACWToken(c.ID)
			t.Symbol, t.Name = sym, sym
			if _, err := db.NewInsert().Model(t).Exec(ctx); err != nil {
				return err
			}
			cids = append(cids, c.ID)
		}
		big := decimal.RequireFromString("100000000000") // 1e11 tokens of private supply each
		if _, err := db.NewUpdate().Model((*sale.Token)(nil)).
			Set("total_supply = ?", big.Mul(decimal.NewFromInt(10))).Set("private_supply = ?", big).
			Set("remaining_private_supply = ?", big).Set("referral_supply = ?", big).Set("remaining_referral_supply = ?", big).
			Where("company_id IN (?)", bun.List(cids)).Exec(ctx); err != nil {
			return err
		}
		if err := db.NewRaw("SELECT id FROM users WHERE lower(email) = ? AND company_id = ?", seed.DemoBuyerEmail, cids[0]).Scan(ctx, &buyerID); err != nil {
			return err
		}
		return db.NewRaw("SELECT id FROM users WHERE lower(email) = ? AND company_id = ?", seed.DemoAdminEmail, cids[0]).Scan(ctx, &adminID)
	}); err != nil {
		return steps, err
	}
	hash, err := auth.HashPassword(context.Background(), pw)
	if err != nil {
		return steps, err
	}
	// Secondary indexes are dropped during the load and built once afterwards.
	type idx struct{ name, def string }
	var idxs []idx
	if err := step("drop secondary indexes", func() error {
		rows, err := conn.QueryContext(ctx, `SELECT indexname, indexdef FROM pg_indexes
			WHERE schemaname = 'public' AND tablename IN ('users', 'purchases')
			AND indexname NOT IN (SELECT conname FROM pg_constraint)`)
		if err != nil {
			return err
		}
		for rows.Next() {
			var i idx
			if err := rows.Scan(&i.name, &i.def); err != nil {
				rows.Close()
				return err
			}
			idxs = append(idxs, i)
		}
		rows.Close()
		for _, i := range idxs {
			if err := exec(`DROP INDEX "` + i.name + `"`); err != nil {
				return err
			}
		}
		return exec(`SET session_replication_role = replica; SET synchronous_commit = off;
			SET maintenance_work_mem = '512MB'; SET max_parallel_maintenance_workers = 2;
			SET max_parallel_workers_per_gather = 2`) // the app's connections turn parallel query off
	}); err != nil {
		return steps, err
	}
	// A step that fails after the drop must not leave the database without its indexes: the next
	// run would read their absence as the schema (the plan test then sees sequential scans).
	rebuilt := false
	defer func() {
		if rebuilt {
			return
		}
		_ = exec(`SET session_replication_role = origin`)
		for _, i := range idxs {
			_ = exec(strings.Replace(i.def, "INDEX ", "INDEX IF NOT EXISTS ", 1))
		}
	}()
	co := fmt.Sprintf("(ARRAY['%s','%s','%s']::uuid[])", cids[0], cids[1], cids[2])
	nGeneral := sz.Purchases - sz.BuyerRows
	// Purchase g belongs to user ((g*7919) % U) + 1 and that user's company ((u % 3) + 1); its
	// order numbers and transaction ids are spread over their whole range, as the random digits
	// of the orders placed before docs/decisions/0017 were (g times a prime modulo 10^12 or 10^16:
	// no two alike), so the unique indexes a new order enters are as a live sale's. The
	// status spread: 55 % APPROVED, 20 % REJECTED, 20 % EXPIRED, 4 % PENDING, 1 % INITIATED.
	purchaseSQL := func(from, to int, userExpr, companyExpr string, noInitiated bool) string {
		initiated := "'INITIATED'"
		if noInitiated {
			initiated = "'EXPIRED'"
		}
		return fmt.Sprintf(`
INSERT INTO purchases (id, company_id, user_id, order_number, transaction_id, status, payment_method,
	amount, entered_amount, price, quantity, platform_charge_percent, fee, final_amount, reference_number, bank_name,
	expires_at, submitted_at, decided_at, decided_by, created_at, updated_at)
SELECT `+fmt.Sprintf(purchaseUUID, "g")+`, %[2]s, %[1]s,
	'PUR-' || lpad(((g::bigint * 982451653 + 12345) %% 1000000000000)::text, 12, '0'),
	'TXN' || lpad(((g::numeric * 9999999967 + 7) %% 10000000000000000::numeric)::text, 16, '0'), st,
	CASE WHEN st IN ('INITIATED', 'EXPIRED') THEN NULL ELSE (ARRAY['UPI','BANK','MANUAL','CRYPTO'])[1 + g %% 4] END,
	q * 10, q * 10, 10, q, 2, q * 0.2, q * 10.2,
	CASE WHEN st IN ('INITIATED', 'EXPIRED') THEN NULL ELSE 'UTR' || lpad(g::text, 12, '0') END,
	CASE WHEN st IN ('INITIATED', 'EXPIRED') THEN '' ELSE 'State Bank of India' END,
	ts + interval '15 minutes',
	CASE WHEN st IN ('INITIATED', 'EXPIRED') THEN NULL ELSE ts + interval '2 minutes' END,
	CASE WHEN st IN ('APPROVED', 'REJECTED') THEN ts + interval '1 hour' END,
	CASE WHEN st IN ('APPROVED', 'REJECTED') THEN '%[5]s'::uuid END,
	ts, ts
FROM (
	SELECT g, 1 + g %% 500 AS q,
		CASE WHEN st = 'INITIATED' THEN now() - (g %% 600) * interval '1 second'
		     ELSE now() - interval '2 hours' - (%[4]d - g) * interval '5 seconds' END AS ts, st
	FROM (SELECT g, CASE WHEN h < 55 THEN 'APPROVED' WHEN h < 75 THEN 'REJECTED' WHEN h < 95 THEN 'EXPIRED'
			WHEN h < 99 THEN 'PENDING' ELSE %[6]s END AS st
		FROM (SELECT g, (hashint4(g) & 2147483647) %% 100 AS h FROM generate_series(%[3]d, %[4]d) g) a) b
) x`, userExpr, companyExpr, from, to, adminID, initiated)
	}
	uOf := fmt.Sprintf("((g::bigint * 7919) %% %d + 1)", sz.Users)
	if err := step(fmt.Sprintf("purchases (%d)", sz.Purchases), func() error {
		if err := exec(purchaseSQL(1, nGeneral, fmt.Sprintf(userUUID, uOf), co+"[1 + "+uOf+" % 3]", false)); err != nil {
			return err
		}
		return exec(purchaseSQL(nGeneral+1, sz.Purchases, fmt.Sprintf("'%s'::uuid", buyerID), fmt.Sprintf("'%s'::uuid", cids[0]), true))
	}); err != nil {
		return steps, err
	}
	// Users: unique emails and referral codes; every user but the first 3 and each tenth was
	// referred by the user 3 before (same company), so chains run thousands deep. The stock
	// balance is the sum of the user's approved purchases.
	if err := step(fmt.Sprintf("users (%d)", sz.Users), func() error {
		return exec(fmt.Sprintf(`
INSERT INTO users (id, company_id, role, name, email, mobile, password_hash, gender, pincode, referral_code,
	referred_by, status, is_approved, stock_balance, created_at, updated_at)
SELECT `+fmt.Sprintf(userUUID, "g")+`, %[1]s[1 + g %% 3], 'USER',
	(ARRAY['Aarav','Vivaan','Aditya','Diya','Ananya','Ishaan','Kavya','Rohan','Saanvi','Arjun'])[1 + g %% 10] || ' ' ||
	(ARRAY['Sharma','Verma','Iyer','Reddy','Nair','Gupta','Patel','Singh','Das','Menon'])[1 + (g / 10) %% 10] || ' ' || g,
	'user' || g || '@scale.test', '+91 9' || lpad(g::text, 9, '0'), ?, '', '560001',
	'SC-' || lpad(upper(to_hex(g)), 8, '0'),
	CASE WHEN g > 3 AND g %% 10 <> 0 THEN `+fmt.Sprintf(userUUID, "(g - 3)")+` END,
	CASE WHEN g %% 50 = 0 THEN 'BLOCKED' WHEN g %% 37 = 0 THEN 'INACTIVE' ELSE 'ACTIVE' END,
	g %% 5 <> 0, COALESCE(s.q, 0),
	now() - interval '3 hours' - (%[2]d - g) * interval '20 seconds', now()
FROM generate_series(1, %[2]d) g
LEFT JOIN (SELECT user_id, sum(quantity) AS q FROM purchases WHERE status = 'APPROVED' GROUP BY user_id) s
	ON s.user_id = `+fmt.Sprintf(userUUID, "g"), co, sz.Users), hash)
	}); err != nil {
		return steps, err
	}
	if err := step("supply figures", func() error {
		if err := exec(`UPDATE users SET stock_balance = (SELECT COALESCE(sum(quantity), 0) FROM purchases
			WHERE user_id = ? AND status = 'APPROVED') WHERE id = ?`, buyerID, buyerID); err != nil {
			return err
		}
		// The whole remaining supply in the token row: no slices (docs/decisions/0016).
		if err := exec(`DELETE FROM token_supply_slices WHERE token_id IN (SELECT id FROM tokens WHERE company_id IN (?))`,
			bun.List(cids)); err != nil {
			return err
		}
		return exec(`UPDATE tokens t SET remaining_private_supply = t.private_supply - COALESCE((SELECT sum(quantity)
			FROM purchases p WHERE p.company_id = t.company_id AND p.status IN ('INITIATED', 'PENDING', 'APPROVED')), 0)
			WHERE t.company_id IN (?)`, bun.List(cids))
	}); err != nil {
		return steps, err
	}
	if err := step("rebuild secondary indexes", func() error {
		if err := exec(`SET session_replication_role = origin`); err != nil {
			return err
		}
		for _, i := range idxs {
			if err := exec(i.def); err != nil {
				return err
			}
		}
		rebuilt = true
		return nil
	}); err != nil {
		return steps, err
	}
	// The load ran with triggers off (replica role): recompute the figures they keep (core/stats).
	if err := step("company figures", func() error {
		for _, cid := range cids {
			if err := stats.Rebuild(ctx, conn, cid); err != nil {
				return err
			}
		}
		return exec(`SELECT user_purchase_counts_rebuild()`)
	}); err != nil {
		return steps, err
	}
	if err := step("vacuum analyze", func() error {
		return exec(`VACUUM (ANALYZE) users, purchases, tokens, companies, company_stat_deltas, user_purchase_counts`)
	}); err != nil {
		return steps, err
	}
	return steps, nil
}

// Explain returns the text plan of q (with args), for the plan tests and the bench report.
func Explain(ctx context.Context, db bun.IDB, q string, args ...any) (string, error) {
	rows, err := db.QueryContext(ctx, "EXPLAIN "+q, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line sql.NullString
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		b.WriteString(line.String + "\n")
	}
	return b.String(), rows.Err()
}

// Extras is what LoadExtras adds to the demo company (ACW) of a loaded scale database, so the
// KYC queue and the activity list are measured at a size too.
type Extras struct {
	KYC   int // KYC submissions of ACW buyers: 10 % PENDING, 10 % REJECTED, the rest APPROVED
	Audit int // activity records of ACW (an admin's approvals of its purchases)
}

// FullExtras is the size the bench measures the KYC and activity lists at.
var FullExtras = Extras{KYC: 100_000, Audit: 1_000_000}

// LoadExtras adds KYC submissions and activity records to the ACW company when it has fewer
// than half as many (a benchmark's approvals write a few thousand activity records), and leaves
// it alone otherwise; it can run on a database loaded before these existed.
func LoadExtras(ctx context.Context, db bun.IDB, ex Extras, logf func(string, ...any)) error {
	var cid, adminID string
	if err := db.NewRaw(`SELECT t.company_id, u.id FROM tokens t JOIN users u ON u.company_id = t.company_id
		WHERE t.symbol = 'ACW' AND lower(u.email) = ?`, seed.DemoAdminEmail).Scan(ctx, &cid, &adminID); err != nil {
		return fmt.Errorf("the ACW company and its admin: %w", err)
	}
	var nKYC, nAudit int
	if err := db.NewRaw(`SELECT (SELECT count(*) FROM kyc_submissions WHERE company_id = ?),
		(SELECT count(*) FROM audit_log WHERE company_id = ?)`, cid, cid).Scan(ctx, &nKYC, &nAudit); err != nil {
		return err
	}
	if nKYC < ex.KYC/2 && ex.KYC > 0 {
		t := time.Now()
		if _, err := db.ExecContext(ctx, `
INSERT INTO kyc_submissions (user_id, company_id, status, pan_number, reason, submitted_at, decided_at, decided_by,
	aadhaar_last4, aadhaar_hash, approved_at, expires_at, decision_notified_at)
SELECT id, company_id, st, 'ABCDE' || lpad((n % 10000)::text, 4, '0') || 'F',
	CASE WHEN st = 'REJECTED' THEN 'The PAN card photo is blurred.' ELSE '' END,
	created_at + interval '1 hour',
	CASE WHEN st <> 'PENDING' THEN created_at + interval '2 hours' END,
	CASE WHEN st <> 'PENDING' THEN ?::uuid END,
	lpad((n % 10000)::text, 4, '0'), encode(sha256(convert_to(id::text, 'UTF8')), 'hex'),
	CASE WHEN st = 'APPROVED' THEN created_at + interval '2 hours' END,
	CASE WHEN st = 'APPROVED' THEN now() + (n % 730) * interval '1 day' - interval '30 days' END,
	CASE WHEN st <> 'PENDING' THEN created_at + interval '2 hours' END
FROM (SELECT id, company_id, created_at, n, CASE n % 10 WHEN 0 THEN 'PENDING' WHEN 1 THEN 'REJECTED' ELSE 'APPROVED' END AS st
	FROM (SELECT id, company_id, created_at, row_number() OVER (ORDER BY created_at) AS n FROM users
		WHERE company_id = ? AND role = 'USER' AND deleted_at IS NULL AND email LIKE 'user%@scale.test'
		ORDER BY created_at LIMIT ?) a) b`, adminID, cid, ex.KYC); err != nil {
			return fmt.Errorf("KYC submissions: %w", err)
		}
		if logf != nil {
			logf("  %-34s %8.1fs", fmt.Sprintf("KYC submissions (%d)", ex.KYC), time.Since(t).Seconds())
		}
	}
	if nAudit < ex.Audit/2 && ex.Audit > 0 {
		t := time.Now()
		if _, err := db.ExecContext(ctx, `
INSERT INTO audit_log (company_id, actor_id, actor_kind, action, target_type, target_id, before, after, ip, created_at)
SELECT company_id, ?::uuid, 'admin', 'purchase.approve', 'purchase', id::text, '{"status":"PENDING"}'::jsonb,
	jsonb_build_object('status', 'APPROVED', 'quantity', quantity::text, 'userId', user_id), '127.0.0.1', decided_at
FROM purchases WHERE company_id = ? AND status = 'APPROVED' AND decided_at IS NOT NULL
ORDER BY decided_at LIMIT ?`, adminID, cid, ex.Audit); err != nil {
			return fmt.Errorf("activity records: %w", err)
		}
		if logf != nil {
			logf("  %-34s %8.1fs", fmt.Sprintf("activity records (%d)", ex.Audit), time.Since(t).Seconds())
		}
	}
	if _, err := db.ExecContext(ctx, `ANALYZE kyc_submissions, audit_log`); err != nil {
		return err
	}
	return nil
}
