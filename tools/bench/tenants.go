package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"golang.org/x/crypto/bcrypt"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/user"
)

const (
	oneCompanyName   = "user package/price/get, one company (1,000 buyers)"
	manyCompanysName = "user package/price/get, 1,000 companies by host"
	benchDomain      = "bench-tenant.test"
	tenantCount      = 1000
)

// measureTenants measures price/get for 1,000 buyers of one company against the same
// call spread over 1,000 companies, each request on its own company's host (a company_domains row)
// with a buyer of that company, in -pairs rounds of one-then-many; both rows answer the median
// req/s and the many row the median of its ratios. The 999 companies it adds are removed after.
func measureTenants(ctx context.Context, db *bun.DB, acw string, userURL string, toks *auth.Tokens, buyerTok string,
	load loadFunc, skip func(string) bool) ([]result, error) {
	if skip(oneCompanyName) && skip(manyCompanysName) {
		return nil, nil
	}
	cleanup := func() {
		_, _ = db.ExecContext(ctx, `DELETE FROM users WHERE email LIKE ?`, "%@"+benchDomain)
		// Not ACW's buyers: ACW holds t0 of the bench domain while the pair runs.
		_, _ = db.ExecContext(ctx, `DELETE FROM users WHERE company_id IN (SELECT company_id FROM company_domains WHERE host LIKE ?)
			AND company_id <> ?`, "%."+benchDomain, acw)
		_, _ = db.ExecContext(ctx, `DELETE FROM company_domains WHERE host LIKE ?`, "%."+benchDomain)
		// The tenants are found by name: a clean-up cut short may have left some without their
		// domain row.
		start := time.Now()
		n, err := deleteBenchCompanies(ctx, db, `name LIKE 'Bench Tenant %' AND id <> ?`, acw)
		if err != nil {
			fmt.Printf("  tenants: clean-up: %v\n", err)
		} else if n > 0 {
			fmt.Printf("  tenants: clean-up removed %d companies in %s\n", n, time.Since(start).Round(time.Millisecond))
		}
	}
	cleanup()
	defer cleanup()
	start := time.Now()
	// Company i (1..999) gets t<i>.bench-tenant.test; ACW gets t0 (so both runs resolve a domain row).
	svc := &company.Service{DB: db, CreateOwner: user.CreateOwner}
	old := auth.Cost
	auth.Cost = bcrypt.MinCost // the owner admins' passwords are never used here
	defer func() { auth.Cost = old }()
	hosts := make([]string, tenantCount)
	tokens := make([]string, tenantCount)
	hosts[0], tokens[0] = "t0."+benchDomain, buyerTok
	if _, err := db.ExecContext(ctx, `INSERT INTO company_domains (host, company_id, position)
		VALUES (?, ?, (SELECT COALESCE(max(position), 0) + 1 FROM company_domains WHERE company_id = ?))`, hosts[0], acw, acw); err != nil {
		return nil, err
	}
	hash, _ := auth.HashPassword(context.Background(), "Bench-Tenant-Pass1")
	// One company's side has as many buyers as the other has companies, so the pair differs only
	// in the companies (each buyer's running total is cached per buyer either way).
	acwTokens := make([]string, tenantCount)
	acwTokens[0] = buyerTok
	for i := 1; i < tenantCount; i++ {
		b := &user.User{CompanyID: acw, Role: user.RoleUser, Name: fmt.Sprintf("ACW Buyer %d", i), Email: fmt.Sprintf("acw%d@%s", i, benchDomain),
			Mobile: fmt.Sprintf("98%08d", i), PasswordHash: hash, Status: user.StatusActive, IsApproved: true, StockBalance: decimal.Zero}
		if err := user.Insert(ctx, db, b); err != nil {
			return nil, fmt.Errorf("add ACW buyer %d: %w", i, err)
		}
		acwTokens[i], _ = toks.Issue(b.ID, acw, user.RoleUser, auth.AudienceUser, 0)
	}
	for i := 1; i < tenantCount; i++ {
		hosts[i] = fmt.Sprintf("t%d.%s", i, benchDomain)
		cid, err := svc.Add(ctx, audit.Actor{Kind: "system"}, company.AddInput{CompanyName: fmt.Sprintf("Bench Tenant %d", i),
			Email: fmt.Sprintf("owner%d@%s", i, benchDomain), Mobile: "9876543210", CompanyAadhaarCard: "234123412346",
			CompanyPan: "ABCDE1234F", CompanyAddress: "1 Bench Road", CompanyPincode: "560001", TokenName: fmt.Sprintf("Tenant %d", i),
			TokenSymbol: fmt.Sprintf("TB%d", i), TokenPrice: decimal.NewFromInt(int64(1 + i%9)), AdminPassword: "Bench-Tenant-Pass1",
			Domains: company.Domains{hosts[i]}})
		if err != nil {
			return nil, fmt.Errorf("add tenant %d: %w", i, err)
		}
		b := &user.User{CompanyID: cid, Role: user.RoleUser, Name: fmt.Sprintf("Buyer %d", i), Email: fmt.Sprintf("buyer%d@%s", i, benchDomain),
			Mobile: fmt.Sprintf("97%08d", i), PasswordHash: hash, Status: user.StatusActive, IsApproved: true, StockBalance: decimal.Zero}
		if err := user.Insert(ctx, db, b); err != nil {
			return nil, fmt.Errorf("add tenant buyer %d: %w", i, err)
		}
		tokens[i], _ = toks.Issue(b.ID, cid, user.RoleUser, auth.AudienceUser, 0)
	}
	fmt.Printf("  tenants: %d companies with a domain and a buyer each, made in %s\n", tenantCount, time.Since(start).Round(time.Millisecond))

	url := userURL + "/api/v1/user/package/price/get"
	var next atomic.Int64
	one := func(c *http.Client, _ int) error {
		i := int(next.Add(1) % tenantCount)
		return getOn(c, url, hosts[0], acwTokens[i])
	}
	many := func(c *http.Client, _ int) error {
		i := int(next.Add(1) % tenantCount)
		return getOn(c, url, hosts[i], tokens[i])
	}
	// Warm every host once, so the first run is not the one that loads them.
	for i := range hosts {
		if err := getOn(http.DefaultClient, url, hosts[i], tokens[i]); err != nil {
			return nil, fmt.Errorf("warm %s: %w", hosts[i], err)
		}
		if err := getOn(http.DefaultClient, url, hosts[0], acwTokens[i]); err != nil {
			return nil, fmt.Errorf("warm ACW buyer %d: %w", i, err)
		}
	}
	var oneRPS, manyRPS, ratios []float64
	var r1, rN result
	for round := 0; round < *pairs; round++ {
		r1 = load(oneCompanyName, *conns, *dur, nil, one)
		rN = load(manyCompanysName, *conns, *dur, nil, many)
		oneRPS, manyRPS = append(oneRPS, r1.RPS), append(manyRPS, rN.RPS)
		ratios = append(ratios, rN.RPS/r1.RPS)
		fmt.Printf("  tenants pair %d: price/get one company %9.0f req/s, 1,000 companies by host %9.0f req/s = %.2f (errors %d, %d)\n",
			round+1, r1.RPS, rN.RPS, rN.RPS/r1.RPS, r1.Errs, rN.Errs)
	}
	strs := make([]string, len(ratios))
	for i, r := range ratios {
		strs[i] = fmt.Sprintf("%.2f (%.0f vs %.0f)", r, manyRPS[i], oneRPS[i])
	}
	r1.RPS, rN.RPS = median(oneRPS), median(manyRPS)
	r1.Note = fmt.Sprintf("median of %d runs, each just before a 1,000-company run", len(oneRPS))
	rN.Note = fmt.Sprintf("× one company: %.2f, median of paired runs %s", median(ratios), strings.Join(strs, ", "))
	return []result{r1, rN}, nil
}

// getOn GETs url with this Host header and buyer token; anything but 2xx is an error.
func getOn(c *http.Client, url, host, tok string) error {
	req, _ := http.NewRequest("GET", url, nil)
	req.Host = host
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var buf [4096]byte
	for {
		if _, err := resp.Body.Read(buf[:]); err != nil {
			break
		}
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("GET %s on %s: %d", url, host, resp.StatusCode)
	}
	return nil
}

// deleteBenchCompanies deletes the companies matching where and returns how many went. Deleting a
// company checks every table whose foreign key names it, one statement per company and table;
// where the key's column leads no whole index, that check is a sequential scan. users.company_id
// leads only partial indexes (deleted_at IS NULL, IS NOT NULL), which the check's plain
// "company_id = $1" cannot use, so removing the 999 tenants scanned the million users 999 times:
// minutes, then cancelled (docs/performance.md). The product never deletes a company, so no index
// is kept for it; the clean-up adds plain ones for the time of the delete and drops them after.
func deleteBenchCompanies(ctx context.Context, db *bun.DB, where string, args ...any) (int64, error) {
	var keys []struct {
		Tbl string
		Col string
	}
	if err := db.NewRaw(`SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
		FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
		WHERE c.contype = 'f' AND c.confrelid = 'companies'::regclass AND cardinality(c.conkey) = 1
		  AND NOT EXISTS (SELECT 1 FROM pg_index i
		                  WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1] AND i.indpred IS NULL)
		ORDER BY 1, 2`).Scan(ctx, &keys); err != nil {
		return 0, fmt.Errorf("find the foreign keys to companies: %w", err)
	}
	var made []string
	defer func() {
		for _, name := range made {
			_, _ = db.ExecContext(context.WithoutCancel(ctx), `DROP INDEX IF EXISTS ?`, bun.Ident(name))
		}
	}()
	for _, k := range keys {
		name := "bench_cleanup_" + k.Tbl + "_" + k.Col
		if _, err := db.ExecContext(ctx, `CREATE INDEX IF NOT EXISTS ? ON ? (?)`, bun.Ident(name), bun.Ident(k.Tbl), bun.Ident(k.Col)); err != nil {
			return 0, fmt.Errorf("index %s(%s) for the clean-up: %w", k.Tbl, k.Col, err)
		}
		made = append(made, name)
	}
	res, err := db.ExecContext(ctx, `DELETE FROM companies WHERE `+where, args...)
	if err != nil {
		return 0, fmt.Errorf("delete the companies: %w", err)
	}
	return res.RowsAffected()
}
