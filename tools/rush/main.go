// Command rush measures a sale's rush hour (make bench-rush): one company of its own with
// -buyers buyers, -workers workers each placing an order (POST /api/v1/user/package/order, with an
// Idempotency-Key like the buyer app) and cancelling it (…/order/cancel) in a closed loop for -d,
// and beside it, in the same seconds on the same Postgres, pgbench updating one row from
// -pg-clients clients: the one-row ceiling. Both order and cancel move the token's supply, so
// "supply-moving requests/s ÷ one-row updates/s" says how near the orders come to what one row
// can take while the machine is as loaded as it is.
//
// Each stack is bin/bff-user (and bin/prelaunch to migrate) against a database of its own;
// -base-bin/-base-db add a second stack (an older build: scripts/bench-rush.sh RUSH_BASE=<rev>)
// measured in alternating rounds with the first, so "before" and "after" share one run. After each
// round the supply invariant is checked: private supply − what is left = the quantities of the
// company's INITIATED, PENDING and APPROVED orders, and nothing left below zero.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/infra/clock"
	"prelaunch/core/user"
)

var (
	dsn       = flag.String("db", "postgres://postgres@127.0.0.1:5432/prelaunch_rush?sslmode=disable", "the stack's database (migrated by -bin's prelaunch)")
	binDir    = flag.String("bin", "bin", "directory with bff-user and prelaunch")
	baseDSN   = flag.String("base-db", "postgres://postgres@127.0.0.1:5432/prelaunch_rush_base?sslmode=disable", "the second stack's database")
	baseBin   = flag.String("base-bin", "", "a second build to measure in alternating rounds (\"\" = none)")
	ceilDSN   = flag.String("ceiling-db", "postgres://postgres@127.0.0.1:5432/prelaunch_rush_ceiling?sslmode=disable", "pgbench's database (one table, one row)")
	redisURL  = flag.String("redis", "redis://127.0.0.1:6379/11", "Redis for bff-user")
	port      = flag.Int("port", 19280, "bff-user's port (its metrics listener: port+1)")
	buyers    = flag.Int("buyers", 32, "buyers of the rush company")
	workers   = flag.Int("workers", 64, "order → cancel loops")
	pgClients = flag.Int("pg-clients", 16, "pgbench clients updating the one row")
	dur       = flag.Duration("d", 10*time.Second, "length of each measurement")
	rounds    = flag.Int("rounds", 1, "measurements per stack (alternating with -base-bin)")
	amount    = flag.Int("amount", 100, "INR per order")
	profile   = flag.String("pprof", "", "write a CPU profile of bff-user over the last round here (PPROF=1)")
)

const secret = "rush-secret-rush-secret-rush-secret-0123456"

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "rush:", err)
		os.Exit(1)
	}
}

type stack struct {
	name, bin, dsn string
}

type figures struct {
	Stack               string
	Moves, Orders, Err  int64
	MovesPS, Ceiling    float64
	OrderP50, OrderP99  float64
	CancelP50, Cancel99 float64
	Invariant           string
	Intact              bool
	FirstErr            string
	Sessions            string // what the stack's database sessions were doing, sampled
}

func run() error {
	stacks := []stack{{"this build", *binDir, *dsn}}
	if *baseBin != "" {
		stacks = []stack{{"base", *baseBin, *baseDSN}, stacks[0]}
	}
	for _, s := range stacks {
		if err := migrate(s); err != nil {
			return err
		}
	}
	if err := prepareCeiling(); err != nil {
		return err
	}
	fmt.Printf("==> rush: %d buyers, %d workers (order → cancel), %s per measurement, beside pgbench -c %d updating one row; %d CPUs, load average %s\n",
		*buyers, *workers, *dur, *pgClients, runtime.NumCPU(), loadavg())
	var all []figures
	for r := 0; r < *rounds; r++ {
		order := stacks
		if r%2 == 1 && len(stacks) == 2 { // the order flips each round
			order = []stack{stacks[1], stacks[0]}
		}
		for _, s := range order {
			f, err := measure(s, r == *rounds-1)
			if err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			all = append(all, f)
			fmt.Printf("  round %d %-10s %7.0f supply-moving req/s, one row %7.0f updates/s = %.2f×  order p50 %6.1f ms p99 %6.1f ms  cancel p50 %6.1f ms p99 %6.1f ms  errors %d  %s\n",
				r+1, f.Stack, f.MovesPS, f.Ceiling, f.MovesPS/f.Ceiling, f.OrderP50, f.OrderP99, f.CancelP50, f.Cancel99, f.Err, f.Invariant)
			fmt.Println("    bff-user's database sessions, sampled every 50 ms:", f.Sessions)
			if f.FirstErr != "" {
				fmt.Println("    first error:", f.FirstErr)
			}
		}
	}
	fmt.Println()
	fmt.Println("| stack | supply-moving req/s | one-row updates/s (pgbench, same seconds) | ratio | order p50 ms | order p99 ms | cancel p99 ms | errors | oversold |")
	fmt.Println("|---|--:|--:|--:|--:|--:|--:|--:|---|")
	broken := false
	for _, f := range all {
		over := "no (invariant intact)"
		if !f.Intact {
			over, broken = "**invariant broken**", true
		}
		fmt.Printf("| %s | %.0f | %.0f | %.2f× | %.1f | %.1f | %.1f | %d | %s |\n", f.Stack, f.MovesPS, f.Ceiling, f.MovesPS/f.Ceiling,
			f.OrderP50, f.OrderP99, f.Cancel99, f.Err, over)
	}
	fmt.Printf("load average at the end: %s\n", loadavg())
	if broken {
		return errors.New("the supply invariant is broken")
	}
	return nil
}

func migrate(s stack) error {
	env := append(os.Environ(), "DATABASE_URL="+s.dsn, "REDIS_URL="+*redisURL, "APP_ENV=development", "JWT_SECRET="+secret)
	for _, args := range [][]string{{"ensure-db"}, {"migrate"}} {
		cmd := exec.Command(filepath.Join(s.bin, "prelaunch"), args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s prelaunch %s: %w\n%s", s.name, args[0], err, out)
		}
	}
	return nil
}

func openDB(d string) *bun.DB {
	return bun.NewDB(sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(d), pgdriver.WithReadTimeout(time.Minute))), pgdialect.New())
}

// prepareCeiling makes pgbench's database: one table with one row.
func prepareCeiling() error {
	ctx := context.Background()
	u := *ceilDSN
	name := u[strings.LastIndex(u, "/")+1:]
	if i := strings.IndexByte(name, '?'); i >= 0 {
		name = name[:i]
	}
	admin := openDB(strings.Replace(u, "/"+name, "/postgres", 1))
	defer admin.Close()
	var exists bool
	if err := admin.NewRaw(`SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = ?)`, name).Scan(ctx, &exists); err != nil {
		return fmt.Errorf("ceiling database: %w", err)
	}
	if !exists {
		if _, err := admin.ExecContext(ctx, `CREATE DATABASE "`+strings.ReplaceAll(name, `"`, ``)+`"`); err != nil {
			return fmt.Errorf("create %s: %w", name, err)
		}
	}
	db := openDB(u)
	defer db.Close()
	_, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS one_row (id int PRIMARY KEY, n bigint NOT NULL);
		INSERT INTO one_row VALUES (1, 0) ON CONFLICT DO NOTHING`)
	return err
}

// ceiling runs pgbench (or, without it, the same loop in Go) for d and returns updates/s.
func ceiling(d time.Duration) (float64, error) {
	if pb, err := exec.LookPath("pgbench"); err == nil {
		script := filepath.Join(os.TempDir(), "rush-one-row.sql")
		if err := os.WriteFile(script, []byte("UPDATE one_row SET n = n + 1 WHERE id = 1;\n"), 0o644); err != nil {
			return 0, err
		}
		secs := int(d.Round(time.Second) / time.Second)
		out, err := exec.Command(pb, "-n", "-c", strconv.Itoa(*pgClients), "-j", strconv.Itoa(min(*pgClients, runtime.NumCPU())),
			"-T", strconv.Itoa(max(secs, 1)), "-f", script, strings.Replace(*ceilDSN, "?sslmode=disable", "", 1)).CombinedOutput()
		if err != nil {
			return 0, fmt.Errorf("pgbench: %w\n%s", err, out)
		}
		m := regexp.MustCompile(`tps = ([0-9.]+)`).FindSubmatch(out)
		if m == nil {
			return 0, fmt.Errorf("pgbench said no tps:\n%s", out)
		}
		return strconv.ParseFloat(string(m[1]), 64)
	}
	db := openDB(*ceilDSN)
	defer db.Close()
	db.SetMaxOpenConns(*pgClients)
	var n atomic.Int64
	var wg sync.WaitGroup
	end := time.Now().Add(d)
	start := time.Now()
	for i := 0; i < *pgClients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(end) {
				if _, err := db.ExecContext(context.Background(), `UPDATE one_row SET n = n + 1 WHERE id = 1`); err == nil {
					n.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return float64(n.Load()) / time.Since(start).Seconds(), nil
}

// rushCompany adds a company of its own (its own host) with its sale open and -buyers buyers, and
// returns the host and the buyers' tokens.
func rushCompany(ctx context.Context, db *bun.DB) (cid, host string, toks []string, err error) {
	tag := strconv.FormatInt(time.Now().UnixNano(), 36)
	host = "rush-" + tag + ".bench-rush.test"
	old := auth.Cost
	auth.Cost = 4 // bcrypt.MinCost: no password here is ever typed
	defer func() { auth.Cost = old }()
	svc := &company.Service{DB: db, CreateOwner: user.CreateOwner}
	cid, err = svc.Add(ctx, audit.Actor{Kind: "system"}, company.AddInput{CompanyName: "Rush " + tag,
		Email: "owner@" + host, Mobile: "9876543210", CompanyAadhaarCard: "234123412346", CompanyPan: "ABCDE1234F",
		CompanyAddress: "1 Rush Road", CompanyPincode: "560001", TokenName: "Rush " + tag, TokenSymbol: "R" + strings.ToUpper(tag[len(tag)-8:]),
		TokenPrice: decimal.NewFromInt(1), AdminPassword: "Rush-Bench-Pass1", Domains: company.Domains{host}})
	if err != nil {
		return "", "", nil, fmt.Errorf("add the rush company: %w", err)
	}
	// Open the sale (a new company's starts paused until its payment details are set).
	if _, err := db.ExecContext(ctx, `UPDATE tokens SET sale_paused = false, settings_version = settings_version + 1 WHERE company_id = ?`, cid); err != nil {
		return "", "", nil, err
	}
	hash, _ := auth.HashPassword(context.Background(), "Rush-Buyer-Pass1")
	tk := auth.NewTokens(secret, 24*time.Hour, clock.System{})
	for i := 0; i < *buyers; i++ {
		b := &user.User{CompanyID: cid, Role: user.RoleUser, Name: fmt.Sprintf("Rush Buyer %d", i), Email: fmt.Sprintf("buyer%d@%s", i, host),
			Mobile: fmt.Sprintf("98765%05d", i), PasswordHash: hash, Status: user.StatusActive, IsApproved: true, StockBalance: decimal.Zero}
		if err := user.Insert(ctx, db, b); err != nil {
			return "", "", nil, fmt.Errorf("add buyer %d: %w", i, err)
		}
		t, _ := tk.Issue(b.ID, cid, user.RoleUser, auth.AudienceUser, 0)
		toks = append(toks, t)
	}
	return cid, host, toks, nil
}

func measure(s stack, last bool) (figures, error) {
	ctx := context.Background()
	f := figures{Stack: s.name}
	db := openDB(s.dsn)
	defer db.Close()
	cid, host, toks, err := rushCompany(ctx, db)
	if err != nil {
		return f, err
	}
	logPath := filepath.Join(os.TempDir(), "rush-bff-user.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return f, err
	}
	defer logf.Close()
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", *port+1)
	cmd := exec.Command(filepath.Join(s.bin, "bff-user"))
	cmd.Env = append(os.Environ(), "APP_ENV=development", "DATABASE_URL="+s.dsn, "REDIS_URL="+*redisURL, "JWT_SECRET="+secret,
		fmt.Sprintf("USER_ADDR=127.0.0.1:%d", *port), "METRICS_ADDR="+metricsAddr, "PPROF=1",
		"MAIL_OUTBOX="+filepath.Join(os.TempDir(), "rush-outbox.jsonl"), "STORAGE_DIR="+filepath.Join(os.TempDir(), "rush-storage"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return f, err
	}
	defer func() { _ = cmd.Process.Kill(); _, _ = cmd.Process.Wait() }()
	base := fmt.Sprintf("http://127.0.0.1:%d", *port)
	if err := waitUp(base + "/healthz"); err != nil {
		return f, fmt.Errorf("%w (log %s)", err, logPath)
	}

	type lat struct{ order, cancel []time.Duration }
	lats := make([]lat, *workers)
	var errs, moves, orders atomic.Int64
	var firstErr atomic.Value
	cycle := func(c *http.Client, w int) {
		tok := toks[w%len(toks)]
		t0 := time.Now()
		var o struct {
			Data struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		if err := post(c, base+"/api/v1/user/package/order", host, tok, true, fmt.Sprintf(`{"amount":%d}`, *amount), &o); err != nil {
			errs.Add(1)
			firstErr.CompareAndSwap(nil, err.Error())
			return
		}
		t1 := time.Now()
		lats[w].order = append(lats[w].order, t1.Sub(t0))
		moves.Add(1)
		orders.Add(1)
		if err := post(c, base+"/api/v1/user/package/order/cancel", host, tok, false, fmt.Sprintf(`{"id":%q}`, o.Data.ID), nil); err != nil {
			errs.Add(1)
			firstErr.CompareAndSwap(nil, err.Error())
			return
		}
		lats[w].cancel = append(lats[w].cancel, time.Since(t1))
		moves.Add(1)
	}
	clients := make([]*http.Client, *workers)
	for w := range clients {
		clients[w] = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1, MaxConnsPerHost: 1, DisableCompression: true}}
	}
	// Warm up: every worker's connection, every buyer's first order (and the site cache).
	warm := time.Now().Add(min(*dur/5, 2*time.Second))
	var wg sync.WaitGroup
	for w := range clients {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for time.Now().Before(warm) {
				cycle(clients[w], w)
			}
		}(w)
	}
	wg.Wait()
	for w := range lats {
		lats[w] = lat{}
	}
	errs.Store(0)
	moves.Store(0)
	orders.Store(0)
	firstErr = atomic.Value{}

	var ceil float64
	var ceilErr error
	var prof []byte
	var profErr error
	done := make(chan struct{})
	go func() { ceil, ceilErr = ceiling(*dur); close(done) }()
	profDone := make(chan struct{})
	if last && *profile != "" {
		go func() {
			defer close(profDone)
			prof, profErr = httpGet(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", metricsAddr, max(1, int(*dur/time.Second)-1)))
		}()
	} else {
		close(profDone)
	}
	end := time.Now().Add(*dur)
	start := time.Now()
	sampled := make(chan string, 1)
	go func() { sampled <- sessions(ctx, db, s.dsn, end) }()
	for w := range clients {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for time.Now().Before(end) {
				cycle(clients[w], w)
			}
		}(w)
	}
	wg.Wait()
	el := time.Since(start).Seconds()
	<-done
	<-profDone
	if ceilErr != nil {
		return f, ceilErr
	}
	if profErr != nil {
		fmt.Fprintln(os.Stderr, "rush: no profile:", profErr)
	} else if prof != nil {
		path := *profile
		if s.name == "base" {
			path = strings.TrimSuffix(path, ".pprof") + "-base.pprof"
		}
		if err := os.WriteFile(path, prof, 0o644); err != nil {
			return f, err
		}
		fmt.Printf("  CPU profile of bff-user (%s): %s — go tool pprof -top %s/bff-user %s\n", s.name, path, s.bin, path)
	}
	var ol, cl []time.Duration
	for _, l := range lats {
		ol, cl = append(ol, l.order...), append(cl, l.cancel...)
	}
	f.Moves, f.Orders, f.Err = moves.Load(), orders.Load(), errs.Load()
	f.MovesPS, f.Ceiling = float64(f.Moves)/el, ceil
	f.OrderP50, f.OrderP99 = pct(ol, 50), pct(ol, 99)
	f.CancelP50, f.Cancel99 = pct(cl, 50), pct(cl, 99)
	if e, ok := firstErr.Load().(string); ok {
		f.FirstErr = trim(e, 200)
	}
	f.Invariant, f.Intact = invariant(ctx, db, cid)
	f.Sessions = <-sampled
	return f, nil
}

// sessions samples pg_stat_activity for the stack's database until end: how many of bff-user's
// sessions, on average, were waiting for a lock — a row's (the supply rows) or a buyer's advisory
// lock (the open-order cap, by the benchmark's design two workers share a buyer) — running, or
// idle inside a transaction (waiting for bff-user's next statement: a round trip).
func sessions(ctx context.Context, db *bun.DB, d string, end time.Time) string {
	name := d[strings.LastIndex(d, "/")+1:]
	if i := strings.IndexByte(name, '?'); i >= 0 {
		name = name[:i]
	}
	var n int
	var lock, advisory, active, idleTx float64
	for time.Now().Before(end) {
		var l, v, a, i int
		if err := db.NewRaw(`SELECT count(*) FILTER (WHERE wait_event_type = 'Lock' AND wait_event <> 'advisory'),
			count(*) FILTER (WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'),
			count(*) FILTER (WHERE state = 'active' AND wait_event_type IS DISTINCT FROM 'Lock'),
			count(*) FILTER (WHERE state LIKE 'idle in transaction%')
			FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid() AND backend_type = 'client backend'`, name).
			Scan(ctx, &l, &v, &a, &i); err == nil {
			n++
			lock, advisory, active, idleTx = lock+float64(l), advisory+float64(v), active+float64(a), idleTx+float64(i)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n == 0 {
		return "not sampled"
	}
	return fmt.Sprintf("on average %.1f waiting for a row lock, %.1f for a buyer's advisory lock, %.1f running, %.1f idle in a transaction (waiting for bff-user)",
		lock/float64(n), advisory/float64(n), active/float64(n), idleTx/float64(n))
}

// invariant: private supply − what is left = the reserved quantities, and nothing below zero.
// What is left is the token row's remaining supply (folded with any supply slices, when the
// schema has them).
func invariant(ctx context.Context, db *bun.DB, cid string) (string, bool) {
	var slices bool
	_ = db.NewRaw(`SELECT to_regclass('token_supply_slices') IS NOT NULL`).Scan(ctx, &slices)
	left := `t.remaining_private_supply`
	neg := `t.remaining_private_supply < 0`
	if slices {
		left = `t.remaining_private_supply + COALESCE((SELECT sum(remaining) FROM token_supply_slices s WHERE s.token_id = t.id), 0)`
		neg = `t.remaining_private_supply < 0 OR EXISTS (SELECT 1 FROM token_supply_slices s WHERE s.token_id = t.id AND s.remaining < 0)`
	}
	var priv, rem, reserved string
	var ok bool
	err := db.NewRaw(`SELECT t.private_supply, `+left+`,
		(SELECT COALESCE(sum(quantity), 0) FROM purchases WHERE company_id = t.company_id AND status IN ('INITIATED', 'PENDING', 'APPROVED')),
		t.private_supply - (`+left+`) = (SELECT COALESCE(sum(quantity), 0) FROM purchases WHERE company_id = t.company_id AND status IN ('INITIATED', 'PENDING', 'APPROVED'))
		AND NOT (`+neg+`)
		FROM tokens t WHERE t.company_id = ?`, cid).Scan(ctx, &priv, &rem, &reserved, &ok)
	if err != nil {
		return "invariant check failed: " + err.Error(), false
	}
	s := fmt.Sprintf("private %s − left %s = reserved %s", priv, rem, reserved)
	if ok {
		return "intact (" + s + ")", true
	}
	return "BROKEN (" + s + ")", false
}

func post(c *http.Client, url, host, tok string, idem bool, body string, into any) error {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Host = host
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	if idem {
		var k [16]byte
		_, _ = rand.Read(k[:])
		req.Header.Set("Idempotency-Key", hex.EncodeToString(k[:]))
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %d %s", url, resp.StatusCode, bytes.TrimSpace(b))
	}
	if into != nil {
		return json.Unmarshal(b, into)
	}
	return nil
}

func httpGet(url string) ([]byte, error) {
	resp, err := (&http.Client{Timeout: 2 * time.Minute}).Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("%s: %d %s", url, resp.StatusCode, trim(string(b), 200))
	}
	return b, err
}

func waitUp(u string) error {
	for i := 0; i < 600; i++ {
		if r, err := http.Get(u); err == nil {
			r.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s did not come up", u)
}

func pct(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return float64(ds[min(len(ds)-1, len(ds)*p/100)].Microseconds()) / 1000
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
