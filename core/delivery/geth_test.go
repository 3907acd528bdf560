package delivery_test

import (
	"bufio"
	"context"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/chain"
	"prelaunch/core/infra/platform"
	"prelaunch/core/infra/testkit"
)

// startGeth runs .tools/bin/geth --dev (a block a second) on a free port for this test. Skipped
// when the binary is missing, unless PRELAUNCH_REQUIRE_GETH=1 (make go-test installs it).
func startGeth(t *testing.T) (*ethclient.Client, string) {
	t.Helper()
	bin := filepath.Join(testkit.RepoRoot(), ".tools", "bin", "geth")
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("PRELAUNCH_REQUIRE_GETH") == "1" {
			t.Fatalf("%s is missing: make .tools/bin/geth", bin)
		}
		t.Skipf("%s is missing (make .tools/bin/geth); the tests against a real node are skipped", bin)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir := t.TempDir()
	cmd := exec.Command(bin, "--dev", "--dev.period", "1", "--datadir", dir, "--http", "--http.addr", "127.0.0.1",
		"--http.port", fmt.Sprint(port), "--http.api", "eth,net,web3", "--ipcdisable", "--nodiscover", "--maxpeers", "0",
		"--port", "0", "--authrpc.port", "0", "--verbosity", "2")
	logf, _ := os.Create(filepath.Join(dir, "geth.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); logf.Close() })
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, _, err := chain.Dial(context.Background(), url)
		if err == nil {
			t.Cleanup(c.Close)
			return c, url
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(filepath.Join(dir, "geth.log"))
			t.Fatalf("geth did not answer on %s: %v\n%s", url, err, b)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestHelperWorkerProcess is the worker process the kill test starts (and kills); it does
// nothing in a normal run.
func TestHelperWorkerProcess(t *testing.T) {
	if os.Getenv("DELIVERY_HELPER") != "1" {
		t.Skip("the kill test's worker process")
	}
	ctx := context.Background()
	db := platform.OpenDB(os.Getenv("DELIVERY_DSN"))
	key, err := chain.ParseKey(os.Getenv("DELIVERY_KEY"))
	if err != nil {
		t.Fatal(err)
	}
	c, id, err := chain.Dial(ctx, os.Getenv("DELIVERY_RPC"))
	if err != nil {
		t.Fatal(err)
	}
	company := os.Getenv("DELIVERY_COMPANY")
	d := &delivery.Distributor{DB: db, Confirmations: 2, Target: func(context.Context, string) (delivery.Target, error) {
		return delivery.Target{Backend: c, ChainID: id, Token: common.HexToAddress(os.Getenv("DELIVERY_TOKEN")), Key: key}, nil
	}}
	crash := os.Getenv("DELIVERY_CRASH")
	d.SetHook(func(point string) {
		if point == crash {
			fmt.Println("AT " + point)
			select {} // wait for the SIGKILL
		}
	})
	for i := 0; i < 600; i++ {
		if err := d.Process(ctx, company); err != nil && err != delivery.ErrBusy {
			t.Fatal(err)
		}
		if open, err := delivery.Sending(ctx, db, company); err == nil && !open {
			fmt.Println("DONE")
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatal("transfers still open")
}

// worker runs the helper process; with crash set it is killed (SIGKILL) once it reaches that point.
func (w *world) worker(t *testing.T, rpc string, crash string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWorkerProcess$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "DELIVERY_HELPER=1", "DELIVERY_DSN="+w.deps.Cfg.DatabaseURL, "DELIVERY_RPC="+rpc,
		"DELIVERY_KEY="+fmt.Sprintf("%x", crypto.FromECDSA(w.treasury)), "DELIVERY_TOKEN="+w.token.Hex(),
		"DELIVERY_COMPANY="+w.company, "DELIVERY_CRASH="+crash)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	var seen []string
	reached := false
	for lines.Scan() {
		line := lines.Text()
		seen = append(seen, line)
		if crash != "" && line == "AT "+crash {
			reached = true
			_ = cmd.Process.Kill() // SIGKILL: no deferred code, no clean shutdown
			break
		}
	}
	go func() { _, _ = bufio.NewReader(out).WriteTo(devNull{}) }()
	err = cmd.Wait()
	if crash != "" && !reached {
		t.Fatalf("the worker never reached %q: %v\n%s", crash, err, strings.Join(seen, "\n"))
	}
	if crash == "" && err != nil {
		t.Fatalf("worker: %v\n%s", err, strings.Join(seen, "\n"))
	}
}

type devNull struct{}

func (devNull) Write(p []byte) (int, error) { return len(p), nil }

// A worker killed after signing and before storing, then one killed after storing and before
// broadcasting, then a worker that finishes: every buyer ends with exactly what they are owed.
func TestGethWorkerKilledMidSendDeliversExactlyOnce(t *testing.T) {
	client, rpc := startGeth(t)
	ctx := context.Background()
	deps := testkit.Deps(t, "delivery", 12)
	dev, _ := crypto.GenerateKey()
	h, err := chain.DevFund(ctx, client, chain.Address(dev), new(big.Int).Mul(big.NewInt(1e18), big.NewInt(100)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chain.WaitMined(ctx, client, h); err != nil {
		t.Fatal(err)
	}
	w := newWorld(t, deps, client, nil, dev, 3, 1_000_000)
	w.d.Confirmations = 2
	want := make([]int64, len(w.buyers))
	for round := 1; round <= 3; round++ {
		for i := range w.buyers {
			want[i] += int64(round*10 + i)
			w.setTarget(i, want[i])
		}
		if _, err := w.d.Run(ctx, w.admin, w.company); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		w.worker(t, rpc, "signed")
		if rows := w.rows(); rows[len(rows)-len(w.buyers)].Status != delivery.StatusQueued {
			t.Fatalf("round %d: a transfer left QUEUED though its worker died before storing it: %+v", round, rows)
		}
		w.worker(t, rpc, "stored")
		w.worker(t, rpc, "")
		for i := range w.buyers {
			if b := w.balance(i); b.Int64() != want[i] {
				t.Fatalf("round %d: buyer %d holds %v, is owed %d", round, i, b, want[i])
			}
		}
	}
	rows := w.rows()
	for _, r := range rows {
		if r.Status != delivery.StatusConfirmed {
			t.Fatalf("transfer %+v", r)
		}
	}
	n, _ := client.NonceAt(ctx, chain.Address(w.treasury), nil)
	if n != uint64(len(rows)) {
		t.Fatalf("the treasury sent %d transactions for %d transfers", n, len(rows))
	}
}
