package perf_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/uptrace/bun/dialect/pgdialect"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/readmodel"
	"prelaunch/core/seed"
	"prelaunch/tools/perf"
)

// TestKYCListMatchesSort checks admin kyc/list (each filter read in the order of an index, the
// total as all submissions less those of closed accounts) against the query it replaced: the
// company's submissions of live buyers joined to users, sorted whole and counted whole. Every
// page of every filter together must be that query's rows in its order, and each total its count.
func TestKYCListMatchesSort(t *testing.T) {
	d := testkit.Deps(t, "perfkyc", 11)
	ctx := context.Background()
	if _, err := perf.Load(ctx, d.DB, perf.Size{Users: 6_000, Purchases: 1_000, BuyerRows: 10}, "Bench-Password-2026", nil); err != nil {
		t.Fatal(err)
	}
	if err := perf.LoadExtras(ctx, d.DB, perf.Extras{KYC: 4_000}, t.Logf); err != nil {
		t.Fatal(err)
	}
	var cid string
	if err := d.DB.NewRaw("SELECT company_id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	// Close 40 accounts with a submission, of every status: the lists and totals must leave them out.
	res, err := d.DB.ExecContext(ctx, `UPDATE users SET deleted_at = now() WHERE id IN
		(SELECT user_id FROM kyc_submissions WHERE company_id = ? ORDER BY md5(user_id::text) LIMIT 40)`, cid)
	if n, _ := res.RowsAffected(); err != nil || n != 40 {
		t.Fatalf("closing accounts: %d, %v", n, err)
	}
	svc := &readmodel.Service{DB: d.DB, Media: d.Media, KYCRecords: &kyc.Service{DB: d.DB, Media: d.Media, Clock: d.Clock}}
	now := d.Clock.Now()
	old := map[string]struct{ where, order string }{
		"":         {"true", "k.status = 'PENDING' DESC, CASE WHEN k.status = 'PENDING' THEN k.submitted_at END ASC, k.decided_at DESC, k.user_id"},
		"PENDING":  {"k.status = 'PENDING'", ""},
		"REJECTED": {"k.status = 'REJECTED'", ""},
		"APPROVED": {"k.status = 'APPROVED' AND k.expires_at > ?0", ""},
		"EXPIRING": {"k.status = 'APPROVED' AND k.expires_at > ?0 AND k.expires_at <= ?1", "k.expires_at, k.user_id"},
		"EXPIRED":  {"k.status = 'APPROVED' AND k.expires_at <= ?0", "k.expires_at DESC, k.user_id"},
	}
	for status, o := range old {
		order := o.order
		if order == "" {
			order = old[""].order
		}
		var want []string
		if err := d.DB.NewRaw(`SELECT k.user_id FROM kyc_submissions AS k JOIN users AS u ON u.id = k.user_id
			WHERE k.company_id = ?2 AND u.deleted_at IS NULL AND `+o.where+` ORDER BY `+order,
			now, now.Add(kyc.ExpiringWithin), cid).Scan(ctx, &want); err != nil {
			t.Fatalf("%q: %v", status, err)
		}
		if len(want) < 50 && status != "EXPIRING" {
			t.Fatalf("%q: %d rows, too few to prove anything", status, len(want))
		}
		var got []string
		for page := 1; ; page++ {
			l, err := svc.KYC(ctx, cid, readmodel.KYCFilter{Page: strconv.Itoa(page), Limit: "100", Status: status})
			if err != nil {
				t.Fatalf("%q page %d: %v", status, page, err)
			}
			if l.Total != len(want) {
				t.Errorf("%q page %d: total %d, the old count %d", status, page, l.Total, len(want))
			}
			for _, r := range l.Records {
				got = append(got, r.UserID)
			}
			if page >= l.LastPage {
				break
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%q: %d rows differ from the old query's %d", status, len(got), len(want))
		}
	}
}

// TestActivityListMatchesOr checks admin audit/list (a company's own records and the super
// admin's on the company read as two branches, each cut to the page's end, and counted apart)
// against the single OR query it replaced: the same records in the same order on every page,
// and the same total, with and without a filter; records of another company stay out.
func TestActivityListMatchesOr(t *testing.T) {
	d := testkit.Deps(t, "perfaudit", 11)
	ctx := context.Background()
	if _, err := perf.Load(ctx, d.DB, perf.Size{Users: 2_000, Purchases: 6_000, BuyerRows: 10}, "Bench-Password-2026", nil); err != nil {
		t.Fatal(err)
	}
	if err := perf.LoadExtras(ctx, d.DB, perf.Extras{Audit: 3_000}, t.Logf); err != nil {
		t.Fatal(err)
	}
	var cid string
	if err := d.DB.NewRaw("SELECT company_id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	// The super admin's records on the company, some at the very times of the company's own (ties
	// broken by id), and records on and of another company.
	if _, err := d.DB.ExecContext(ctx, `
INSERT INTO audit_log (company_id, actor_kind, action, target_type, target_id, ip, created_at)
SELECT NULL, 'system', CASE WHEN n % 2 = 0 THEN 'company.update' ELSE 'purchase.approve' END, 'company', t.target, '', a.at
FROM (SELECT row_number() OVER (ORDER BY created_at, id) AS n, created_at AS at FROM audit_log WHERE company_id = ?0) a,
	LATERAL (VALUES (?0::text), (gen_random_uuid()::text)) AS t(target)
WHERE a.n % 7 = 0;
INSERT INTO audit_log (company_id, actor_kind, action, target_type, target_id, ip, created_at)
SELECT c.id, 'system', 'purchase.approve', 'company', ?0, '', now() - n * interval '1 minute'
FROM generate_series(1, 50) AS n, (SELECT id FROM companies WHERE id <> ?0 LIMIT 1) AS c`, cid); err != nil {
		t.Fatal(err)
	}
	for _, action := range []string{"", "purchase.approve", "company.update"} {
		var want []int64
		if err := d.DB.NewRaw(`SELECT id FROM audit_log AS al
			WHERE (al.company_id = ?0 OR al.company_id IS NULL AND al.target_type = 'company' AND al.target_id = ?0::text)
			AND (?1 = '' OR al.action = ?1) ORDER BY al.created_at DESC, al.id DESC`, cid, action).Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if len(want) < 50 {
			t.Fatalf("%q: %d records, too few to prove anything", action, len(want))
		}
		var got []int64
		for page := 1; ; page++ {
			l, err := (&readmodel.Service{DB: d.DB}).Activity(ctx, readmodel.ActivityFilter{Page: strconv.Itoa(page), Limit: "100", Action: action, CompanyID: cid})
			if err != nil {
				t.Fatalf("%q page %d: %v", action, page, err)
			}
			if l.Total != len(want) {
				t.Errorf("%q page %d: total %d, the OR query's %d", action, page, l.Total, len(want))
			}
			for _, r := range l.Records {
				got = append(got, r.ID)
			}
			if page >= l.LastPage {
				break
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: %d records differ from the OR query's %d", action, len(got), len(want))
		}
	}
}

// TestMatchReferencesMatchesAny checks purchase.MatchReferences (the forms joined as a set)
// against the "= ANY(array)" query it replaced, for forms of known and unknown references.
func TestMatchReferencesMatchesAny(t *testing.T) {
	d := testkit.Deps(t, "perfrefs", 11)
	ctx := context.Background()
	if _, err := perf.Load(ctx, d.DB, perf.Size{Users: 2_000, Purchases: 20_000, BuyerRows: 10}, "Bench-Password-2026", nil); err != nil {
		t.Fatal(err)
	}
	var cid string
	if err := d.DB.NewRaw("SELECT company_id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	var norms []string
	if err := d.DB.NewRaw(`SELECT ref_norm(reference_number) FROM purchases WHERE company_id = ? AND reference_number IS NOT NULL
		ORDER BY md5(id::text) LIMIT 3000`, cid).Scan(ctx, &norms); err != nil || len(norms) < 1000 {
		t.Fatalf("references: %d, %v", len(norms), err)
	}
	for i := range 2000 {
		norms = append(norms, fmt.Sprintf("NOSUCH%08d", i))
	}
	norms = append(norms, norms[:100]...) // a form twice
	got, err := purchase.MatchReferences(ctx, d.DB, cid, norms)
	if err != nil {
		t.Fatal(err)
	}
	var want []purchase.RefMatch
	if err := d.DB.NewRaw(`SELECT DISTINCT ON (ref_norm(reference_number)) id, ref_norm(reference_number) AS norm,
	       status, order_number, final_amount
	  FROM purchases
	 WHERE company_id = ? AND reference_number IS NOT NULL AND ref_norm(reference_number) = ANY(?::text[])
	   AND status IN ('PENDING', 'APPROVED', 'REJECTED', 'REFUNDED')
	 ORDER BY ref_norm(reference_number), status = 'PENDING' DESC, status = 'APPROVED' DESC, created_at DESC`,
		cid, pgdialect.Array(norms)).Scan(ctx, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) < 1000 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%d matches, the ANY query %d", len(got), len(want))
	}
}
