package perf_test

import (
	"context"
	"math/rand"
	"strconv"
	"sync"
	"testing"

	"prelaunch/core/audit"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc"
	"prelaunch/core/readmodel"
	"prelaunch/core/seed"
	"prelaunch/tools/perf"
)

// TestListCountsStayExact drives KYC submissions and activity records through every kind of
// change — bulk and single inserts, status changes (one row and many), a resubmission's INSERT …
// ON CONFLICT, deletes, a buyer's account deleted (its submission goes by cascade) or closed, a
// company deleted (its submissions go, its records lose their company), and bursts of concurrent
// writers, some rolled back, with folds running among them — and checks after each step that the
// counts the triggers keep (kyc_status_counts, audit_log_counts) equal count(*) over the rows,
// and that the unfiltered lists' totals (admin kyc/list for each filter, admin and super admin
// audit/list) equal the exact counts they replaced.
func TestListCountsStayExact(t *testing.T) {
	d := testkit.Deps(t, "perfcounts", 11)
	ctx := context.Background()
	if _, err := perf.Load(ctx, d.DB, perf.Size{Users: 1_500, Purchases: 100, BuyerRows: 10}, "Bench-Password-2026", nil); err != nil {
		t.Fatal(err)
	}
	var cid string
	if err := d.DB.NewRaw("SELECT company_id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	var companies []string
	if err := d.DB.NewRaw("SELECT id FROM companies ORDER BY id").Scan(ctx, &companies); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) int64 {
		t.Helper()
		res, err := d.DB.ExecContext(ctx, q, args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		n, _ := res.RowsAffected()
		return n
	}
	svc := &readmodel.Service{DB: d.DB, Media: d.Media, KYCRecords: &kyc.Service{DB: d.DB, Media: d.Media, Clock: d.Clock}}
	check := func(step string) {
		t.Helper()
		var diff []string
		if err := d.DB.NewRaw(`SELECT coalesce(a.company_id, c.company_id)::text || ' ' || coalesce(a.status, c.status) ||
				': rows ' || coalesce(a.n, 0) || ', kept ' || coalesce(c.n, 0)
			FROM (SELECT company_id, status, count(*) AS n FROM kyc_submissions GROUP BY 1, 2) a
			FULL JOIN (SELECT company_id, status, sum(n) AS n FROM kyc_status_counts GROUP BY 1, 2) c USING (company_id, status)
			WHERE coalesce(a.n, 0) <> coalesce(c.n, 0)`).Scan(ctx, &diff); err != nil {
			t.Fatal(err)
		}
		if len(diff) > 0 {
			t.Fatalf("%s: KYC counts differ: %v", step, diff)
		}
		if err := d.DB.NewRaw(`SELECT coalesce(a.scope, c.scope) || ' ' || coalesce(a.key, c.key) ||
				': rows ' || coalesce(a.n, 0) || ', kept ' || coalesce(c.n, 0)
			FROM (SELECT s.scope, s.key, count(*) AS n FROM audit_log AS r,
					audit_log_scope(r.company_id, r.target_type, r.target_id) AS s GROUP BY 1, 2) a
			FULL JOIN (SELECT scope, key, sum(n) AS n FROM audit_log_counts GROUP BY 1, 2) c USING (scope, key)
			WHERE coalesce(a.n, 0) <> coalesce(c.n, 0)`).Scan(ctx, &diff); err != nil {
			t.Fatal(err)
		}
		if len(diff) > 0 {
			t.Fatalf("%s: activity counts differ: %v", step, diff)
		}
		now := d.Clock.Now()
		for _, c := range companies {
			var live bool
			if err := d.DB.NewRaw("SELECT EXISTS (SELECT 1 FROM companies WHERE id = ?)", c).Scan(ctx, &live); err != nil {
				t.Fatal(err)
			}
			if !live {
				continue
			}
			for status, where := range map[string]string{"": "true", "PENDING": "k.status = 'PENDING'",
				"REJECTED": "k.status = 'REJECTED'", "APPROVED": "k.status = 'APPROVED' AND k.expires_at > ?1",
				"EXPIRED": "k.status = 'APPROVED' AND k.expires_at <= ?1"} {
				var want int
				if err := d.DB.NewRaw(`SELECT count(*) FROM kyc_submissions AS k JOIN users AS u ON u.id = k.user_id
					WHERE k.company_id = ?0 AND u.deleted_at IS NULL AND `+where, c, now).Scan(ctx, &want); err != nil {
					t.Fatal(err)
				}
				// page 2 of 1 row: the page proves no total, so the list asks for it
				l, err := svc.KYC(ctx, c, readmodel.KYCFilter{Page: "2", Limit: "1", Status: status})
				if err != nil {
					t.Fatal(err)
				}
				if l.Total != want {
					t.Fatalf("%s: company %s kyc/list %q total %d, want %d", step, c, status, l.Total, want)
				}
			}
			var want int
			if err := d.DB.NewRaw(`SELECT count(*) FROM audit_log AS al WHERE al.company_id = ?0
				OR al.company_id IS NULL AND al.target_type = 'company' AND al.target_id = ?0::text`, c).Scan(ctx, &want); err != nil {
				t.Fatal(err)
			}
			l, err := svc.Activity(ctx, readmodel.ActivityFilter{Page: "1", Limit: "1", CompanyID: c})
			if err != nil {
				t.Fatal(err)
			}
			if l.Total != want {
				t.Fatalf("%s: company %s audit/list total %d, want %d", step, c, l.Total, want)
			}
		}
		var want int
		if err := d.DB.NewRaw("SELECT count(*) FROM audit_log").Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		l, err := svc.Activity(ctx, readmodel.ActivityFilter{Page: "1", Limit: "1", AnyCompany: true})
		if err != nil {
			t.Fatal(err)
		}
		if l.Total != want {
			t.Fatalf("%s: every company's audit/list total %d, want %d", step, l.Total, want)
		}
	}
	check("loaded")

	// A third of each company's buyers submit at once (one statement, every status; some
	// approvals current, some ended), and their admins' approvals are logged in one statement.
	exec(`INSERT INTO kyc_submissions (user_id, company_id, status, pan_number, reason, submitted_at, decided_at,
		aadhaar_last4, aadhaar_hash, approved_at, expires_at)
	SELECT id, company_id, st, 'ABCDE1234F', '', now(), CASE WHEN st <> 'PENDING' THEN now() END, '1234',
		encode(sha256(convert_to(id::text, 'UTF8')), 'hex'), CASE WHEN st = 'APPROVED' THEN now() END,
		CASE WHEN st = 'APPROVED' THEN now() + (n % 40 - 10) * interval '1 day' END
	FROM (SELECT id, company_id, n, (ARRAY['PENDING', 'APPROVED', 'REJECTED'])[1 + n % 3] AS st
		FROM (SELECT id, company_id, row_number() OVER (ORDER BY id) AS n FROM users WHERE role = 'USER') a WHERE n % 3 = 0) b`)
	exec(`INSERT INTO audit_log (company_id, actor_kind, action, target_type, target_id, ip)
	SELECT company_id, 'admin', 'kyc.approve', 'user', user_id::text, '' FROM kyc_submissions WHERE status = 'APPROVED'`)
	// The super admin's records on each company, and on other things.
	for _, c := range companies {
		exec(`INSERT INTO audit_log (company_id, actor_kind, action, target_type, target_id, ip)
			SELECT NULL, 'superadmin', 'company.update', 'company', ?, '' FROM generate_series(1, 7)`, c)
	}
	exec(`INSERT INTO audit_log (company_id, actor_kind, action, target_type, target_id, ip)
		VALUES (NULL, 'superadmin', 'token.update', 'token', 'x', ''), (NULL, 'system', 'distribution.run', 'run', 'y', '')`)
	check("bulk inserts")

	// Status changes: one row, then many; a resubmission (INSERT … ON CONFLICT DO UPDATE) of
	// rejected ones, with a new submission in the same statement.
	exec(`UPDATE kyc_submissions SET status = 'APPROVED', expires_at = now() + interval '1 year'
		WHERE user_id = (SELECT user_id FROM kyc_submissions WHERE status = 'PENDING' ORDER BY user_id LIMIT 1)`)
	exec(`UPDATE kyc_submissions SET status = CASE status WHEN 'PENDING' THEN 'REJECTED' ELSE 'PENDING' END
		WHERE md5(user_id::text) < '4' AND status <> 'APPROVED'`)
	exec(`UPDATE kyc_submissions SET reason = 'seen' WHERE status = 'REJECTED'`) // no count changes
	exec(`INSERT INTO kyc_submissions AS k (user_id, company_id, status, pan_number, reason, submitted_at, aadhaar_last4, aadhaar_hash)
	SELECT id, company_id, 'PENDING', 'ABCDE1234F', '', now(), '1234', encode(sha256(convert_to(id::text, 'UTF8')), 'hex')
	FROM users WHERE id IN (SELECT user_id FROM kyc_submissions WHERE status = 'REJECTED' ORDER BY user_id LIMIT 20)
		OR id = (SELECT id FROM users WHERE role = 'USER' AND id NOT IN (SELECT user_id FROM kyc_submissions) ORDER BY id LIMIT 1)
	ON CONFLICT (user_id) DO UPDATE SET status = 'PENDING', resubmitted = true`)
	check("status changes and resubmissions")

	// Closed accounts keep their submission (the lists leave it out); a deleted account's goes.
	exec(`UPDATE users SET deleted_at = now() WHERE id IN (SELECT user_id FROM kyc_submissions ORDER BY md5(user_id::text) LIMIT 30)`)
	exec(`DELETE FROM users WHERE id IN (SELECT user_id FROM kyc_submissions AS k
		WHERE NOT EXISTS (SELECT 1 FROM users AS r WHERE r.referred_by = k.user_id)
			AND NOT EXISTS (SELECT 1 FROM purchases AS p WHERE p.user_id = k.user_id)
		ORDER BY md5(user_id::text) DESC LIMIT 5)`)
	exec(`DELETE FROM kyc_submissions WHERE user_id IN (SELECT user_id FROM kyc_submissions WHERE status = 'PENDING' ORDER BY user_id LIMIT 3)`)
	exec(`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id LIMIT 10)`)
	exec(`UPDATE audit_log SET company_id = NULL WHERE id = (SELECT max(id) FROM audit_log WHERE company_id = ?)`, cid)
	check("closed and deleted accounts, deleted records")

	// Concurrent writers: each transaction inserts, moves or deletes submissions of its own
	// buyers and writes activity records; a quarter roll back; folds run among them.
	var buyers []string
	if err := d.DB.NewRaw(`SELECT id FROM users WHERE company_id = ? AND role = 'USER' AND deleted_at IS NULL ORDER BY id LIMIT 320`, cid).
		Scan(ctx, &buyers); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	const workers = 16
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(int64(w)))
			mine := buyers[w*len(buyers)/workers : (w+1)*len(buyers)/workers]
			for i := 0; i < 40; i++ {
				tx, err := d.DB.BeginTx(ctx, nil)
				if err != nil {
					t.Error(err)
					return
				}
				u := mine[rnd.Intn(len(mine))]
				var q string
				switch rnd.Intn(4) {
				case 0:
					q = `INSERT INTO kyc_submissions AS k (user_id, company_id, status, pan_number, reason, submitted_at, aadhaar_last4, aadhaar_hash)
						SELECT id, company_id, 'PENDING', 'ABCDE1234F', '', now(), '1234', encode(sha256(convert_to(id::text, 'UTF8')), 'hex')
						FROM users WHERE id = ? ON CONFLICT (user_id) DO UPDATE SET status = 'PENDING'`
				case 1:
					q = `UPDATE kyc_submissions SET status = 'APPROVED', expires_at = now() + interval '1 year' WHERE user_id = ?`
				case 2:
					q = `UPDATE kyc_submissions SET status = 'REJECTED' WHERE user_id = ?`
				default:
					q = `DELETE FROM kyc_submissions WHERE user_id = ?`
				}
				_, err = tx.ExecContext(ctx, q, u)
				if err == nil {
					err = audit.Write(ctx, tx, audit.Actor{Kind: "admin", CompanyID: cid}, "kyc.approve", "user", u, nil, nil)
				}
				if err == nil && rnd.Intn(4) == 0 {
					err = audit.Write(ctx, tx, audit.Actor{Kind: "superadmin"}, "company.update", "company", cid, nil, nil)
				}
				if err != nil {
					t.Error(err)
					_ = tx.Rollback()
					return
				}
				if rnd.Intn(4) == 0 {
					err = tx.Rollback()
				} else {
					err = tx.Commit()
				}
				if err != nil {
					t.Error(err)
					return
				}
				if i%5 == 0 {
					if _, err := d.DB.ExecContext(ctx, "SELECT kyc_status_counts_fold(?)", cid); err != nil {
						t.Error(err)
					}
					if _, err := d.DB.ExecContext(ctx, "SELECT audit_log_counts_fold('company', ?)", cid); err != nil {
						t.Error(err)
					}
				}
			}
		}(w)
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	check("concurrent writers and folds")

	// Folding leaves one row per status (and branch) when no one writes, and changes no sum.
	if _, err := kyc.CountByStatus(ctx, d.DB, cid); err != nil {
		t.Fatal(err)
	}
	exec("SELECT kyc_status_counts_fold(?)", cid)
	exec("SELECT audit_log_counts_fold('company', ?)", cid)
	var rows int
	if err := d.DB.NewRaw("SELECT count(*) FROM kyc_status_counts WHERE company_id = ?", cid).Scan(ctx, &rows); err != nil || rows > 3 {
		t.Fatalf("after a fold the company has %d count rows (%v), want at most 3", rows, err)
	}
	if err := d.DB.NewRaw("SELECT count(*) FROM audit_log_counts WHERE scope = 'company' AND key = ?", cid).Scan(ctx, &rows); err != nil || rows != 1 {
		t.Fatalf("after a fold the company's records have %d count rows (%v), want 1", rows, err)
	}
	check("folded")

	// A deleted company: its submissions and counts go; its records stay, without the company.
	other := companies[0]
	if other == cid {
		other = companies[1]
	}
	exec("DELETE FROM companies WHERE id = ?", other)
	companies = []string{cid}
	check("company deleted")
	if err := d.DB.NewRaw("SELECT count(*) FROM kyc_status_counts WHERE company_id = ?", other).Scan(ctx, &rows); err != nil || rows != 0 {
		t.Fatalf("the deleted company keeps %d count rows (%v)", rows, err)
	}

	// Every page of the queue says the same total as the last.
	l, err := svc.KYC(ctx, cid, readmodel.KYCFilter{Page: "1", Limit: "7"})
	if err != nil {
		t.Fatal(err)
	}
	for page := 2; page <= l.LastPage; page++ {
		p, err := svc.KYC(ctx, cid, readmodel.KYCFilter{Page: strconv.Itoa(page), Limit: "7"})
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != l.Total {
			t.Fatalf("page %d total %d, page 1 %d", page, p.Total, l.Total)
		}
	}
}
