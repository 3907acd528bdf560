package perf_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/dashboard"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/infra/prepared"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/readmodel"
	"prelaunch/core/reconcile"
	"prelaunch/core/seed"
	"prelaunch/core/user"
	"prelaunch/tools/perf"
)

// recorder keeps the SELECTs the real list/search/dashboard code sends, so the plans checked are
// the plans of the shipped queries, not of copies.
type recorder struct {
	mu       sync.Mutex
	qs       []string
	prepared []preparedQuery
}

func (r *recorder) BeforeQuery(ctx context.Context, e *bun.QueryEvent) context.Context { return ctx }
func (r *recorder) AfterQuery(ctx context.Context, e *bun.QueryEvent) {
	if strings.HasPrefix(strings.TrimSpace(strings.ToUpper(e.Query)), "SELECT") {
		r.mu.Lock()
		r.qs = append(r.qs, e.Query)
		r.mu.Unlock()
	}
}

// prepared keeps the prepared statements the code runs (core/infra/prepared), with their
// arguments: their plans are checked as Postgres keeps them, generic.
type preparedQuery struct {
	sql  string
	args []any
}

func (r *recorder) observe(q string, args []any) {
	r.mu.Lock()
	r.prepared = append(r.prepared, preparedQuery{q, args})
	r.mu.Unlock()
}

func (r *recorder) takePrepared() []preparedQuery {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.prepared
	r.prepared = nil
	return q
}

// genericPlan is the plan Postgres keeps for q after five runs when it costs no more than the
// custom ones: the generic one, forced here.
func genericPlan(ctx context.Context, db *bun.DB, q preparedQuery) (string, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	defer func() { _, _ = conn.ExecContext(ctx, "DEALLOCATE plan_check; RESET plan_cache_mode") }()
	if _, err := conn.ExecContext(ctx, "SET plan_cache_mode = force_generic_plan; PREPARE plan_check AS "+q.sql); err != nil {
		return "", err
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(q.args)), ", ")
	rows, err := conn.QueryContext(ctx, "EXPLAIN EXECUTE plan_check("+marks+")", q.args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		b.WriteString(line + "\n")
	}
	return b.String(), rows.Err()
}

func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.qs
	r.qs = nil
	return q
}

var seqScan = regexp.MustCompile(`Seq Scan on (users|purchases)\b`)

// seqScanPrepared is seqScan for a prepared statement, whose one generic plan serves every
// company: a walk of the activity log or the KYC submissions there would be one for all of them.
var seqScanPrepared = regexp.MustCompile(`Seq Scan on (users|purchases|audit_log)\b`)

// TestPlansUseIndexes loads 50k users and 200k purchases, ANALYZEs, runs every list, search and
// dashboard query of the buyer and admin areas, and fails on a sequential scan over users or
// purchases, or on a search that does not use the trigram indexes.
func TestPlansUseIndexes(t *testing.T) {
	start := time.Now()
	d := testkit.Deps(t, "perf", 11) // prelaunch_test_perf, Redis DB 11
	ctx := context.Background()
	if _, err := perf.Load(ctx, d.DB, perf.Size{Users: 50_000, Purchases: 200_000, BuyerRows: 5_000}, "Bench-Password-2026", t.Logf); err != nil {
		t.Fatal(err)
	}
	// ANALYZE samples 300 × default_statistics_target rows: 30,000 of the 50,000 users by
	// default, a different sample each run, and once in a dozen runs here (with other test packages
	// loading the machine) the estimate for '%reddy 1234%' tipped the user search onto the
	// created_at index with a filter. With a target of 1,000 every row is read: the same
	// estimates, and so the same plans, every run.
	conn, err := d.DB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `SET default_statistics_target = 1000`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `ANALYZE users, purchases`); err != nil {
		t.Fatal(err)
	}
	_ = conn.Close()
	var cid, buyerID string
	if err := d.DB.NewRaw("SELECT company_id, id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(ctx, &cid, &buyerID); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	db := d.DB.WithQueryHook(rec)
	prepared.Observe = rec.observe
	defer func() { prepared.Observe = nil }()
	svc := &purchase.Service{DB: db, Media: d.Media, Clock: d.Clock}
	users := &readmodel.Service{DB: db}
	// A statement whose credits name 500 of the company's references (reconcile's matching).
	var refs []string
	if err := d.DB.NewRaw("SELECT reference_number FROM purchases WHERE company_id = ? AND reference_number IS NOT NULL LIMIT 500", cid).
		Scan(ctx, &refs); err != nil || len(refs) == 0 {
		t.Fatalf("references: %d, %v", len(refs), err)
	}
	statement := "Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.\n"
	for _, r := range refs {
		statement += "02/11/26,NEFT CR,\"" + r + "\",,100.00\n"
	}
	recon := &reconcile.Service{DB: db, Purchases: svc}
	kycViews := &readmodel.Service{DB: db, Media: d.Media, KYCRecords: &kyc.Service{DB: db, Media: d.Media, Clock: d.Clock}}
	if err := perf.LoadExtras(ctx, d.DB, perf.Extras{KYC: 10_000, Audit: 50_000}, t.Logf); err != nil {
		t.Fatal(err)
	}
	var importID string
	pg1, _ := pagination.Parse("1", "10", 10)
	pg200, _ := pagination.Parse("200", "10", 10)

	cases := []struct {
		name string
		trgm bool // a search: must use a trigram (or prefix) index
		call func() error
	}{
		{"buyer transaction/list page 1", false, func() error {
			_, err := svc.ListForBuyer(ctx, user.Buyer{UserID: buyerID, CompanyID: cid}, "", "", pg1)
			return err
		}},
		{"buyer transaction/list page 200", false, func() error {
			_, err := svc.ListForBuyer(ctx, user.Buyer{UserID: buyerID, CompanyID: cid}, "", "", pg200)
			return err
		}},
		{"buyer transaction/list APPROVED", false, func() error {
			_, err := svc.ListForBuyer(ctx, user.Buyer{UserID: buyerID, CompanyID: cid}, "APPROVED", "", pg1)
			return err
		}},
		{"admin auth/list", false, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "1", Limit: "10"})
			return err
		}},
		{"admin auth/list page 100", false, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "100", Limit: "10"})
			return err
		}},
		{"admin auth/list waiting", false, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "1", IsApproved: "false"})
			return err
		}},
		{"admin auth/list by name", false, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "1", Sort: "name"})
			return err
		}},
		{"admin auth/list by name, desc, page 100", false, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "100", Sort: "name", Dir: "desc"})
			return err
		}},
		{"admin auth/list admins", false, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "1", Role: "ADMIN"})
			return err
		}},
		{"admin auth/list search", true, func() error {
			_, err := users.Users(ctx, cid, user.ListFilter{Page: "1", Search: "reddy 1234"})
			return err
		}},
		{"admin transaction/list", false, func() error {
			_, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1"})
			return err
		}},
		{"admin transaction/list PENDING", false, func() error {
			_, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1", Status: "PENDING"})
			return err
		}},
		{"admin transaction/list APPROVED by amount", false, func() error {
			_, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1", Status: "APPROVED", Sort: "amount"})
			return err
		}},
		{"admin transaction/list PENDING by amount asc", false, func() error {
			_, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1", Status: "PENDING", Sort: "amount", Dir: "asc"})
			return err
		}},
		{"admin transaction/list oldest first", false, func() error {
			_, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1", Status: "APPROVED", Sort: "date", Dir: "asc"})
			return err
		}},
		{"admin transaction/list PENDING search", true, func() error {
			_, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1", Status: "PENDING", Search: "user1234"})
			return err
		}},
		{"admin transaction/list search by order number", true, func() error {
			// Lower case: order numbers are upper case (migration 20261702000200), and the search
			// upper-cases the term to probe purchases_order_number_key (the lower() index is gone).
			var order string
			if err := d.DB.NewRaw("SELECT lower(order_number) FROM purchases WHERE company_id = ? AND status = 'APPROVED' LIMIT 1", cid).
				Scan(ctx, &order); err != nil {
				return err
			}
			l, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Page: "1", Search: order})
			if err == nil && l.Total != 1 {
				err = fmt.Errorf("%d purchases found, want 1", l.Total)
			}
			return err
		}},
		{"admin kyc/list", false, func() error {
			_, err := kycViews.KYC(ctx, cid, readmodel.KYCFilter{Page: "1"})
			return err
		}},
		{"admin kyc/list page 100", false, func() error {
			_, err := kycViews.KYC(ctx, cid, readmodel.KYCFilter{Page: "100"})
			return err
		}},
		{"admin kyc/list REJECTED page 20", false, func() error {
			_, err := kycViews.KYC(ctx, cid, readmodel.KYCFilter{Page: "20", Status: "REJECTED"})
			return err
		}},
		{"admin kyc/list EXPIRED", false, func() error {
			_, err := kycViews.KYC(ctx, cid, readmodel.KYCFilter{Page: "1", Status: "EXPIRED"})
			return err
		}},
		{"admin kyc/list search", true, func() error {
			_, err := kycViews.KYC(ctx, cid, readmodel.KYCFilter{Page: "1", Search: "reddy 1234"})
			return err
		}},
		{"admin audit/list", false, func() error {
			_, err := users.Activity(ctx, readmodel.ActivityFilter{Page: "1", CompanyID: cid})
			return err
		}},
		{"admin audit/list page 100", false, func() error {
			_, err := users.Activity(ctx, readmodel.ActivityFilter{Page: "100", CompanyID: cid})
			return err
		}},
		{"admin audit/list by action", false, func() error {
			_, err := users.Activity(ctx, readmodel.ActivityFilter{Page: "1", Action: "purchase.approve", CompanyID: cid})
			return err
		}},
		{"admin dashboard/get", false, func() error { _, err := (&dashboard.Service{DB: db}).ForAdmin(ctx, cid); return err }},
		{"admin reconcile/import (matching 500 references)", false, func() error {
			im, err := recon.Import(ctx, audit.Actor{Kind: "admin", CompanyID: cid}, cid, "plans.csv", []byte(statement))
			if err != nil {
				return err
			}
			importID = im.ID
			return nil
		}},
		{"admin reconcile/list", false, func() error { _, err := recon.List(ctx, cid, "1", "10"); return err }},
		{"admin reconcile/get MATCHED", false, func() error { _, err := recon.Get(ctx, cid, importID, "MATCHED", "1", "10"); return err }},
	}
	for _, c := range cases {
		if err := c.call(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		qs := rec.take()
		pqs := rec.takePrepared()
		if len(qs)+len(pqs) == 0 {
			t.Fatalf("%s: no query recorded", c.name)
		}
		var plans, sent []string
		for _, q := range qs {
			plan, err := perf.Explain(ctx, d.DB, q)
			if err != nil {
				t.Fatalf("%s: explain: %v\n%s", c.name, err, q)
			}
			plans, sent = append(plans, plan), append(sent, q)
		}
		for _, q := range pqs {
			plan, err := genericPlan(ctx, d.DB, q)
			if err != nil {
				t.Fatalf("%s: explain the prepared statement: %v\n%s", c.name, err, q.sql)
			}
			plans, sent = append(plans, plan), append(sent, q.sql)
		}
		sawTrgm := false
		for i, plan := range plans {
			q := sent[i]
			if seqScan.MatchString(plan) || i >= len(qs) && seqScanPrepared.MatchString(plan) {
				t.Errorf("%s: sequential scan over a big table:\n%s\n%s", c.name, q, plan)
			}
			if strings.Contains(plan, "trgm") {
				sawTrgm = true
			}
		}
		if c.trgm && !sawTrgm {
			t.Errorf("%s: the search uses no trigram index", c.name)
		}
	}
	t.Logf("plans checked in %s", time.Since(start))
}

// TestSearchProbeMatchesLike checks pagination.Match (a term with a run of digits probes the
// trigram index with the run and checks the whole term on the rows found) against the plain
// LIKE '%term%' over the same users: the same rows, whatever the term.
func TestSearchProbeMatchesLike(t *testing.T) {
	d := testkit.Deps(t, "perfmatch", 11)
	ctx := context.Background()
	if _, err := perf.Load(ctx, d.DB, perf.Size{Users: 20_000, Purchases: 20_000, BuyerRows: 100}, "Bench-Password-2026", nil); err != nil {
		t.Fatal(err)
	}
	for _, term := range []string{"user1234", "reddy 1234", "Reddy 12345", "1234", "9000012", "sc-0000", "@scale.test", "user12%", "a_b 1234",
		"r1234", "USER1234", "er12345", "user1234@scale", "r123", "1234user", "a1234b5678", "user%1234", "user_1234", `user\1234`,
		"o'neil1234", "RÉDDY é1234", "Émile1234", "sharma 1234", "x9000012"} {
		cond, args := pagination.Match("search_text", term)
		var got, want []string
		if err := d.DB.NewSelect().Table("users").Column("id").Where(cond, args...).Order("id").Scan(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if err := d.DB.NewSelect().Table("users").Column("id").Where("search_text LIKE ?", pagination.SearchPattern(term)).Order("id").Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%q (%s): %d rows, LIKE finds %d", term, cond, len(got), len(want))
		}
		if term == "user1234" && len(want) == 0 {
			t.Fatalf("%q matches nothing: the check proves nothing", term)
		}
		// The admin's user list finds the same accounts, in order, whichever way it searches
		// (a term probed by digits is a prepared statement: readmodel.userSearchSQL).
		var cid string
		if err := d.DB.NewRaw("SELECT company_id FROM users WHERE role = 'USER' GROUP BY company_id ORDER BY count(*) DESC LIMIT 1").Scan(ctx, &cid); err != nil {
			t.Fatal(err)
		}
		views := &readmodel.Service{DB: d.DB}
		for _, f := range []user.ListFilter{{Search: term, Limit: "100"}, {Search: term, Limit: "100", Dir: "asc"},
			{Search: term, Limit: "100", IsApproved: "true"}, {Search: term, Limit: "3", Page: "2"}} {
			l, err := views.Users(ctx, cid, f)
			if err != nil {
				t.Fatalf("%+v: %v", f, err)
			}
			q := d.DB.NewSelect().Table("users").Column("id").Where("company_id = ? AND role = 'USER' AND deleted_at IS NULL", cid).
				Where("search_text LIKE ?", pagination.SearchPattern(term))
			if f.IsApproved == "true" {
				q = q.Where("is_approved")
			}
			if f.Dir == "asc" {
				q = q.Order("created_at ASC", "id ASC")
			} else {
				q = q.Order("created_at DESC", "id DESC")
			}
			var all []string
			if err := q.Scan(ctx, &all); err != nil {
				t.Fatal(err)
			}
			lim, off := 100, 0
			if f.Limit == "3" {
				lim, off = 3, 3
			}
			want := all[min(off, len(all)):min(off+lim, len(all))]
			var ids []string
			for _, r := range l.Records {
				ids = append(ids, r.ID)
			}
			if strings.Join(ids, ",") != strings.Join(want, ",") || l.Total != len(all) {
				t.Errorf("Users %+v: %d of %d, want %d of %d", f, len(ids), l.Total, len(want), len(all))
			}
		}
	}
	// Without a search the page is a prepared statement too (readmodel.userPageSQL): the same
	// accounts in the same order as the plain query, either way and on a later page.
	var cid string
	if err := d.DB.NewRaw("SELECT company_id FROM users WHERE role = 'USER' GROUP BY company_id ORDER BY count(*) DESC LIMIT 1").Scan(ctx, &cid); err != nil {
		t.Fatal(err)
	}
	for _, f := range []user.ListFilter{{Limit: "100"}, {Limit: "100", Dir: "asc"}, {Limit: "7", Page: "3"}} {
		l, err := (&readmodel.Service{DB: d.DB}).Users(ctx, cid, f)
		if err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		dir, lim, off := "DESC", int64(100), int64(0)
		if f.Dir == "asc" {
			dir = "ASC"
		}
		if f.Page == "3" {
			lim, off = 7, 14
		}
		var want []string
		if err := d.DB.NewSelect().Table("users").Column("id").Where("company_id = ? AND role = 'USER' AND deleted_at IS NULL", cid).
			OrderExpr("created_at "+dir+", id "+dir).Limit(lim).Offset(off).Scan(ctx, &want); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range l.Records {
			ids = append(ids, r.ID)
		}
		if len(want) == 0 || strings.Join(ids, ",") != strings.Join(want, ",") {
			t.Errorf("Users %+v: %d records, want %d in the plain query's order", f, len(ids), len(want))
		}
	}
}
