// Command reconbench measures the reconciliation targets on a database of its own: a
// 100,000-line bank statement imported and matched (< 10 s), then its 10,000 matches approved
// through the manual approval's transition (< 60 s), with the supply invariant checked after.
//
//	go run ./tools/reconbench                       # or: make -s build && go run ./tools/reconbench -redis redis://127.0.0.1:6379/12
//
// It drops nothing but its own database's rows (prelaunch_reconbench by default): every table is
// emptied at the start, the demo company seeded, then -purchases PENDING purchases of 1,000
// buyers (half of them referred, so approvals pay referral rewards) are inserted.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/platform"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	prt "prelaunch/core/runtime"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

var (
	dsn       = flag.String("db", "postgres://postgres@127.0.0.1:5432/prelaunch_reconbench?sslmode=disable", "database (emptied)")
	redisURL  = flag.String("redis", "redis://127.0.0.1:6379/12", "Redis database for the decision mails (flushed)")
	lines     = flag.Int("lines", 100000, "statement lines")
	matches   = flag.Int("matches", 10000, "lines that match a PENDING purchase exactly")
	purchases = flag.Int("purchases", 100000, "PENDING purchases in the company")
	workers   = flag.Int("workers", 8, "approvals of the bulk approval at once")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "reconbench:", err)
		os.Exit(1)
	}
}

func run() error {
	if *matches*2+*lines/20 > *lines || *matches*2 > *purchases {
		return fmt.Errorf("need lines ≥ 2×matches + 5%% and purchases ≥ 2×matches")
	}
	ctx := context.Background()
	if err := platform.EnsureDatabase(ctx, *dsn); err != nil {
		return err
	}
	cfg := config.Config{Env: config.EnvTest, DatabaseURL: *dsn, RedisURL: *redisURL,
		JWTSecret: "reconbench-secret-reconbench-secret-01", JWTTTL: time.Hour, MailFrom: "bench@prelaunch.test",
		MailOutbox: os.DevNull, StorageURL: "file://" + os.TempDir(), BodyLimit: 6 << 20,
		TokenSymbol: config.DefaultTokenSymbol, SweepInterval: config.DefaultSweepInterval}
	d, err := prt.OpenWith(cfg, "reconbench")
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, `TRUNCATE companies, tokens, media, users, super_admins, otps, beneficiaries,
		purchases, referral_rewards, token_rounds, audit_log, reconcile_imports, reconcile_lines RESTART IDENTITY CASCADE`); err != nil {
		return err
	}
	if err := d.Redis.FlushDB(ctx).Err(); err != nil {
		return err
	}
	res, err := seed.Run(ctx, d.DB, "Bench-Password-2026", nil)
	if err != nil {
		return err
	}
	cid := res.CompanyID
	var adminID string
	if err := d.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE company_id = ? AND role = 'ADMIN' LIMIT 1", cid).Scan(&adminID); err != nil {
		return err
	}

	t := time.Now()
	const nBuyers = 1000
	buyers := make([]user.User, nBuyers)
	for i := range buyers {
		buyers[i] = user.User{CompanyID: cid, Role: user.RoleUser, Name: fmt.Sprintf("Bench Buyer %d", i),
			Email: fmt.Sprintf("rb%d@bench.test", i), Mobile: fmt.Sprintf("97%08d", i), PasswordHash: "x",
			ReferralCode: fmt.Sprintf("PL-RB%06d", i), Status: user.StatusActive, StockBalance: decimal.Zero}
	}
	if _, err := d.DB.NewInsert().Model(&buyers).Returning("id").Exec(ctx); err != nil {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE users SET referred_by = ? WHERE company_id = ? AND role = 'USER' AND id <> ? AND mobile LIKE '97%' AND right(mobile, 1) IN ('0','2','4','6','8')",
		buyers[0].ID, cid, buyers[0].ID); err != nil {
		return err
	}
	// Each purchase: 50 tokens at ₹10 + 2% = ₹510.00, reference 7000000000000 + i (13 digits:
	// typed by the buyer, matched by the statement's reference column).
	qty := decimal.NewFromInt(50)
	final := decimal.RequireFromString("510.00")
	now := time.Now()
	method := purchase.MethodBank
	batch := make([]purchase.Purchase, 0, 5000)
	for i := 0; i < *purchases; i++ {
		ref := fmt.Sprintf("%d", 7000000000000+i)
		batch = append(batch, purchase.Purchase{CompanyID: cid, UserID: buyers[i%nBuyers].ID,
			OrderNumber: fmt.Sprintf("PUR-RB%07d", i), TransactionID: fmt.Sprintf("TXN-RB%07d", i), Status: purchase.StatusPending,
			PaymentMethod: &method, Amount: decimal.NewFromInt(500), Price: decimal.NewFromInt(10), Quantity: qty,
			PlatformChargePercent: decimal.NewFromInt(2), Fee: decimal.NewFromInt(10), FinalAmount: final,
			ReferenceNumber: &ref, BankName: "HDFC Bank", ExpiresAt: now.Add(15 * time.Minute), SubmittedAt: &now})
		if len(batch) == cap(batch) || i == *purchases-1 {
			if _, err := d.DB.NewInsert().Model(&batch).Exec(ctx); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE tokens SET remaining_private_supply = remaining_private_supply - ? WHERE company_id = ?",
		qty.Mul(decimal.NewFromInt(int64(*purchases))), cid); err != nil {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, "VACUUM ANALYZE purchases"); err != nil {
		return err
	}
	fmt.Printf("setup: %d buyers, %d PENDING purchases in %s\n", nBuyers, *purchases, time.Since(t).Round(time.Millisecond))

	// The statement, in HDFC's layout: matches exact credits, as many at the wrong amount, 5%
	// debits, 5% credits without a reference, the rest references no purchase has.
	var b bytes.Buffer
	b.WriteString("HDFC BANK Ltd.,,,,,,\nStatement From : 01/11/2026 To : 23/11/2026,,,,,,\n,,,,,,\n")
	b.WriteString("Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n")
	b.WriteString("********,********,********,********,********,********,********\n")
	debits, noUTR := *lines/20, *lines/20
	for i := 0; i < *lines; i++ {
		day := 1 + i%22
		switch {
		case i < *matches:
			fmt.Fprintf(&b, "%02d/11/26,NEFT CR-HDFC0000123-BUYER %d,000%d,%02d/11/26,,510.00,1.00\n", day, i, 7000000000000+i, day)
		case i < 2**matches:
			fmt.Fprintf(&b, "%02d/11/26,NEFT CR-HDFC0000123-BUYER %d,%d,%02d/11/26,,509.00,1.00\n", day, i, 7000000000000+i, day)
		case i < 2**matches+debits:
			fmt.Fprintf(&b, "%02d/11/26,POS 416021XXXXXX1234 SHOP %d,0000000000000000,%02d/11/26,99.00,,1.00\n", day, i, day)
		case i < 2**matches+debits+noUTR:
			fmt.Fprintf(&b, "%02d/11/26,CASH DEPOSIT BY SELF %d,0000000000000000,%02d/11/26,,1000.00,1.00\n", day, i, day)
		default:
			fmt.Fprintf(&b, "%02d/11/26,UPI-SOMEONE-x@okicici-ICIC0000123-%d-PAY,%d,%02d/11/26,,250.00,1.00\n", day, 600000000000+i, 600000000000+i, day)
		}
	}
	b.WriteString(",,,,,,\nSTATEMENT SUMMARY  :-,,,,,,\n")
	data := b.Bytes()
	fmt.Printf("statement: %d lines, %.1f MB\n", *lines, float64(len(data))/1e6)

	svc := d.Build()
	svc.Reconcile.Workers = *workers
	actor := audit.Actor{ID: adminID, Kind: "admin", CompanyID: cid, IP: "127.0.0.1"}
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	t = time.Now()
	im, err := svc.Reconcile.Import(ctx, actor, cid, "bench.csv", data)
	if err != nil {
		return err
	}
	importDur := time.Since(t)
	runtime.ReadMemStats(&ms1)
	fmt.Printf("import+match: %s (%d lines, %d credits: matched %d, amount mismatch %d, not found %d, no UTR %d; %.0f MB allocated)\n",
		importDur.Round(time.Millisecond), im.Lines, im.Credits, im.Matched, im.AmountMismatch, im.NotFound, im.NoUTR,
		float64(ms1.TotalAlloc-ms0.TotalAlloc)/1e6)
	if im.Lines != *lines || im.Matched != *matches || im.AmountMismatch != *matches || im.NoUTR != noUTR {
		return fmt.Errorf("unexpected summary %+v", im)
	}

	t = time.Now()
	ar, err := svc.Reconcile.Approve(ctx, actor, cid, im.ID)
	if err != nil {
		return err
	}
	approveDur := time.Since(t)
	fmt.Printf("approve: %s (%d approved, %d skipped; %.0f approvals/s, %d workers)\n", approveDur.Round(time.Millisecond),
		ar.Approved, ar.Skipped, float64(ar.Approved)/approveDur.Seconds(), *workers)
	if ar.Approved != *matches {
		return fmt.Errorf("approved %d, want %d", ar.Approved, *matches)
	}
	ar2, err := svc.Reconcile.Approve(ctx, actor, cid, im.ID)
	if err != nil {
		return err
	}
	if ar2.Approved != 0 || ar2.Skipped != *matches {
		return fmt.Errorf("second approval %+v", ar2)
	}
	if err := invariant(ctx, d); err != nil {
		return err
	}
	fmt.Println("supply invariant: exact (private = remaining + reserved + credited; referral = remaining + rewards; balances = approved + rewards); a second approval: nothing new")
	fmt.Printf("\n| measure | target | result |\n|---|---|---|\n")
	fmt.Printf("| %d-line statement imported and matched | < 10 s | %.2f s |\n", *lines, importDur.Seconds())
	fmt.Printf("| %d matches approved (%d workers) | < 60 s | %.2f s |\n", *matches, *workers, approveDur.Seconds())
	return nil
}

// invariant is testkit.CheckSupply's rules (supply, balances, rounds), and every approval audited
// as the import's.
func invariant(ctx context.Context, d *prt.Deps) error {
	problems, err := testkit.SupplyProblems(ctx, d.DB)
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("supply invariant broken: %s", strings.Join(problems, "; "))
	}
	var approvals int
	if err := d.DB.QueryRowContext(ctx, "SELECT count(*) FROM audit_log WHERE action = 'purchase.approve' AND after->>'importId' IS NOT NULL").Scan(&approvals); err != nil {
		return err
	}
	if approvals != *matches {
		return fmt.Errorf("%d approvals audited, want %d", approvals, *matches)
	}
	return nil
}
