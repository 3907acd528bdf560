// Command deliverybench measures token delivery at scale on a database of its own and a real
// geth --dev chain it starts: with -allocations approved purchases (10,000), each buyer with a
// proved wallet and everything unlocked, the time of the distribution preview (< 2 s) and of
// merkle.json (< 5 s); then -send of those buyers (1,000) are sent their tokens by the worker's
// code (sign, store, broadcast, follow to CONFIRMED) and the chain's throughput is reported in
// transfers per block and per second.
//
//	go run ./tools/deliverybench                     # make bench-delivery
//	go run ./tools/deliverybench -port 18155 -redis redis://127.0.0.1:6391/12
//
// It empties its own database (prelaunch_deliverybench by default) and runs .tools/bin/geth
// --dev (a block a second, as make run's chain) in a temporary directory, stopped at the end.
package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/delivery"
	"prelaunch/core/infra/chain"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/platform"
	"prelaunch/core/purchase"
	prt "prelaunch/core/runtime"
	"prelaunch/core/sale"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

var (
	dsn         = flag.String("db", "postgres://postgres@127.0.0.1:5432/prelaunch_deliverybench?sslmode=disable", "database (emptied)")
	redisURL    = flag.String("redis", "redis://127.0.0.1:6379/12", "Redis database (flushed)")
	allocations = flag.Int("allocations", 10000, "buyers, each with one approved purchase and a proved wallet")
	send        = flag.Int("send", 1000, "of those, how many are sent their tokens on chain")
	gethBin     = flag.String("geth", ".tools/bin/geth", "the geth binary")
	port        = flag.Int("port", 18545, "the chain's HTTP port")
	period      = flag.Int("period", 1, "seconds between the dev chain's blocks")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "deliverybench:", err)
		os.Exit(1)
	}
}

func run() error {
	if *send > *allocations || *allocations < 1 {
		return fmt.Errorf("need 1 ≤ send ≤ allocations")
	}
	ctx := context.Background()
	url, stop, err := startGeth(ctx)
	if err != nil {
		return err
	}
	defer stop()

	if err := platform.EnsureDatabase(ctx, *dsn); err != nil {
		return err
	}
	keyDir, err := os.MkdirTemp("", "deliverybench-keys-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(keyDir)
	cfg := config.Config{Env: config.EnvTest, DatabaseURL: *dsn, RedisURL: *redisURL,
		JWTSecret: "deliverybench-secret-deliverybench-01", JWTTTL: time.Hour, MailFrom: "bench@prelaunch.test",
		MailOutbox: os.DevNull, StorageURL: "file://" + os.TempDir(), BodyLimit: 6 << 20,
		TokenSymbol: config.DefaultTokenSymbol, SweepInterval: config.DefaultSweepInterval,
		Chain: config.Chain{DirectDelivery: true, Confirmations: 1, FeeBumpBlocks: config.DefaultFeeBumpBlocks, KeyDir: keyDir, DevRPCURL: url}}
	d, err := prt.OpenWith(cfg, "deliverybench")
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, `TRUNCATE companies, tokens, media, users, super_admins, otps, beneficiaries,
		purchases, referral_rewards, token_rounds, audit_log, wallets, distribution_settings, vesting_schedules,
		distribution_runs, distribution_transfers RESTART IDENTITY CASCADE`); err != nil {
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
	// The seed's demo purchases and rewards are not part of the measure.
	if _, err := d.DB.ExecContext(ctx, "DELETE FROM referral_rewards WHERE company_id = ?; DELETE FROM purchases WHERE company_id = ?", cid, cid); err != nil {
		return err
	}

	// Buyers, an approved purchase of 50 tokens each, a proved wallet each (deliverable now).
	t := time.Now()
	n := *allocations
	buyers := make([]user.User, n)
	for i := range buyers {
		buyers[i] = user.User{CompanyID: cid, Role: user.RoleUser, Name: fmt.Sprintf("Bench Buyer %d", i),
			Email: fmt.Sprintf("db%d@bench.test", i), Mobile: fmt.Sprintf("96%08d", i), PasswordHash: "x",
			ReferralCode: fmt.Sprintf("PL-DB%06d", i), Status: user.StatusActive, StockBalance: decimal.NewFromInt(50)}
	}
	for lo := 0; lo < n; lo += 2000 {
		hi := min(lo+2000, n)
		part := buyers[lo:hi]
		if _, err := d.DB.NewInsert().Model(&part).Returning("id").Exec(ctx); err != nil {
			return err
		}
	}
	now := time.Now()
	method := purchase.MethodBank
	batch := make([]purchase.Purchase, 0, 2000)
	for i := 0; i < n; i++ {
		ref := fmt.Sprintf("%d", 8000000000000+i)
		batch = append(batch, purchase.Purchase{CompanyID: cid, UserID: buyers[i].ID,
			OrderNumber: fmt.Sprintf("PUR-DB%07d", i), TransactionID: fmt.Sprintf("TXN-DB%07d", i), Status: purchase.StatusApproved,
			PaymentMethod: &method, Amount: decimal.NewFromInt(500), Price: decimal.NewFromInt(10), Quantity: decimal.NewFromInt(50),
			PlatformChargePercent: decimal.NewFromInt(2), Fee: decimal.NewFromInt(10), FinalAmount: decimal.RequireFromString("510.00"),
			ReferenceNumber: &ref, BankName: "HDFC Bank", ExpiresAt: now.Add(15 * time.Minute), SubmittedAt: &now})
		if len(batch) == cap(batch) || i == n-1 {
			if _, err := d.DB.NewInsert().Model(&batch).Exec(ctx); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	for lo := 0; lo < n; lo += 2000 {
		hi := min(lo+2000, n)
		ids, addrs := make([]string, 0, hi-lo), make([]string, 0, hi-lo)
		for _, b := range buyers[lo:hi] {
			var a [20]byte
			_, _ = rand.Read(a[:])
			ids, addrs = append(ids, b.ID), append(addrs, common.BytesToAddress(a[:]).Hex())
		}
		if _, err := d.DB.ExecContext(ctx, `INSERT INTO wallets (user_id, company_id, address, verified_at, deliverable_from)
			SELECT u, ?, a, now() - interval '2 days', now() - interval '1 day' FROM unnest(?::uuid[], ?::text[]) AS x(u, a)`,
			cid, pgArray(ids), pgArray(addrs)); err != nil {
			return err
		}
	}
	if _, err := d.DB.ExecContext(ctx, "VACUUM ANALYZE purchases, wallets, users"); err != nil {
		return err
	}
	fmt.Printf("setup: %d buyers, each an approved purchase of 50 tokens and a proved wallet, in %s\n", n, time.Since(t).Round(time.Millisecond))

	// The token on the chain, its whole supply with the treasury, the TGE passed (all unlocked).
	tok, err := sale.TokenOnChain(ctx, d.DB, cid)
	if err != nil {
		return err
	}
	c, _, err := chain.Dial(ctx, url)
	if err != nil {
		return err
	}
	defer c.Close()
	key, _, err := chain.WriteDevKey(chain.DevKeyPath(keyDir, tok.Symbol))
	if err != nil {
		return err
	}
	treasury := chain.Address(key)
	h, err := chain.DevFund(ctx, c, treasury, new(big.Int).Mul(big.NewInt(1e18), big.NewInt(100)))
	if err != nil {
		return err
	}
	if _, err := chain.WaitMined(ctx, c, h); err != nil {
		return err
	}
	supply := new(big.Int).Mul(big.NewInt(int64(n)*50), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tok.Decimals)), nil))
	addr, s, err := chain.Deploy(ctx, c, key, tok.Name, tok.Symbol, uint8(tok.Decimals), supply, treasury)
	if err != nil {
		return err
	}
	if _, err := chain.WaitMined(ctx, c, s.Hash); err != nil {
		return err
	}
	if err := sale.SetContract(ctx, d.DB, cid, addr.Hex(), tok.Decimals, time.Now()); err != nil {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO distribution_settings (company_id, tge_at) VALUES (?, now() - interval '1 hour')
		ON CONFLICT (company_id) DO UPDATE SET tge_at = EXCLUDED.tge_at`, cid); err != nil {
		return err
	}
	svc := d.Build()

	t = time.Now()
	p, err := svc.Distributor.Preview(ctx, cid)
	if err != nil {
		return err
	}
	previewDur := time.Since(t)
	if len(p.Transfers) != n || !p.Enough {
		return fmt.Errorf("preview: %d transfers (want %d), enough %v", len(p.Transfers), n, p.Enough)
	}
	fmt.Printf("preview: %s for %d transfers (target < 2 s)\n", previewDur.Round(time.Millisecond), len(p.Transfers))

	t = time.Now()
	m, err := svc.Delivery.Merkle(ctx, cid, time.Now())
	if err != nil {
		return err
	}
	js, err := json.Marshal(m)
	if err != nil {
		return err
	}
	merkleDur := time.Since(t)
	fmt.Printf("merkle.json: %s for %d leaves, %.1f MB (target < 5 s)\n", merkleDur.Round(time.Millisecond), n, float64(len(js))/1e6)

	// Only -send buyers may receive now: the others' wallets wait a day.
	if _, err := d.DB.ExecContext(ctx, `UPDATE wallets SET deliverable_from = now() + interval '1 day' WHERE company_id = ?
		AND user_id NOT IN (SELECT user_id FROM wallets WHERE company_id = ? ORDER BY user_id LIMIT ?)`, cid, cid, *send); err != nil {
		return err
	}
	head0, err := c.BlockNumber(ctx)
	if err != nil {
		return err
	}
	t = time.Now()
	st, err := svc.Distributor.Run(ctx, audit.Actor{Kind: "admin", ID: adminID, CompanyID: cid}, cid)
	if err != nil {
		return err
	}
	runDur := time.Since(t)
	fmt.Printf("run: %d transfers recorded in %s\n", st.Transfers, runDur.Round(time.Millisecond))
	t = time.Now()
	var sentDur time.Duration
	for {
		if err := svc.Distributor.Process(ctx, cid); err != nil && err != delivery.ErrBusy {
			return err
		}
		if sentDur == 0 {
			sentDur = time.Since(t)
		}
		var open int
		if err := d.DB.NewRaw(`SELECT count(*) FROM distribution_transfers WHERE company_id = ? AND status IN ('QUEUED', 'SENT')`, cid).Scan(ctx, &open); err != nil {
			return err
		}
		if open == 0 {
			break
		}
		if time.Since(t) > 15*time.Minute {
			return fmt.Errorf("%d transfers still open after 15 minutes", open)
		}
		time.Sleep(250 * time.Millisecond)
	}
	total := time.Since(t)
	var r struct {
		Confirmed int   `bun:"confirmed"`
		Failed    int   `bun:"failed"`
		Blocks    int   `bun:"blocks"`
		First     int64 `bun:"first"`
		Last      int64 `bun:"last"`
		MaxPer    int   `bun:"max_per"`
	}
	if err := d.DB.NewRaw(`SELECT count(*) FILTER (WHERE status = 'CONFIRMED') AS confirmed, count(*) FILTER (WHERE status = 'FAILED') AS failed,
		count(DISTINCT block_number) AS blocks, min(block_number) AS first, max(block_number) AS last,
		(SELECT max(k) FROM (SELECT count(*) AS k FROM distribution_transfers WHERE company_id = ?0 GROUP BY block_number) x) AS max_per
		FROM distribution_transfers WHERE company_id = ?0`, cid).Scan(ctx, &r); err != nil {
		return err
	}
	if r.Confirmed != *send || r.Failed != 0 {
		return fmt.Errorf("%d confirmed, %d failed; want %d confirmed", r.Confirmed, r.Failed, *send)
	}
	// Spot check on chain: a buyer holds exactly the 50 tokens.
	var w0 string
	if err := d.DB.NewRaw(`SELECT address FROM distribution_transfers WHERE company_id = ? LIMIT 1`, cid).Scan(ctx, &w0); err != nil {
		return err
	}
	bal, err := chain.TokenBalance(ctx, c, addr, common.HexToAddress(w0))
	if err != nil {
		return err
	}
	want := new(big.Int).Mul(big.NewInt(50), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tok.Decimals)), nil))
	if bal.Cmp(want) != 0 {
		return fmt.Errorf("%s holds %s base units, want %s", w0, bal, want)
	}
	span := r.Last - r.First + 1
	fmt.Printf("direct delivery: %d transfers signed, stored and broadcast in %s (%.0f/s); all CONFIRMED (1 confirmation) %s after the run\n",
		*send, sentDur.Round(time.Millisecond), float64(*send)/sentDur.Seconds(), total.Round(time.Millisecond))
	fmt.Printf("chain: mined in blocks %d..%d (%d blocks with transfers, head was %d at the run; %d-second blocks): %.1f transfers per block on average, %d at most; %.1f confirmed transfers per second end to end\n",
		r.First, r.Last, r.Blocks, head0, *period, float64(*send)/float64(span), r.MaxPer, float64(*send)/total.Seconds())
	return nil
}

// pgArray is a Postgres array literal of plain words (uuids, hex addresses).
func pgArray(xs []string) string {
	b := []byte{'{'}
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, x...)
	}
	return string(append(b, '}'))
}

// startGeth runs geth --dev in a temporary directory on -port and waits until it answers.
func startGeth(ctx context.Context) (string, func(), error) {
	bin, err := filepath.Abs(*gethBin)
	if err != nil {
		return "", nil, err
	}
	if _, err := os.Stat(bin); err != nil {
		return "", nil, fmt.Errorf("%s is missing: make .tools/bin/geth", bin)
	}
	dir, err := os.MkdirTemp("", "deliverybench-geth-")
	if err != nil {
		return "", nil, err
	}
	url := fmt.Sprintf("http://127.0.0.1:%d", *port)
	if c, _, err := chain.Dial(ctx, url); err == nil {
		c.Close()
		return "", nil, fmt.Errorf("%s already answers; stop that chain or pick another -port", url)
	}
	cmd := exec.Command(bin, "--dev", "--dev.period", fmt.Sprint(*period), "--datadir", dir, "--http", "--http.addr", "127.0.0.1",
		"--http.port", fmt.Sprint(*port), "--http.api", "eth,net,web3", "--ipcdisable", "--nodiscover", "--maxpeers", "0",
		"--port", "0", "--authrpc.port", "0", "--verbosity", "2")
	logf, err := os.Create(filepath.Join(dir, "geth.log"))
	if err != nil {
		return "", nil, err
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logf.Close()
		os.RemoveAll(dir)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, _, err := chain.Dial(ctx, url)
		if err == nil {
			c.Close()
			return url, stop, nil
		}
		if time.Now().After(deadline) {
			stop()
			return "", nil, fmt.Errorf("geth did not answer on %s: %w", url, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
