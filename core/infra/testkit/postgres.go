package testkit

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"prelaunch/core/infra/platform"
)

// PgBinDir is where the Postgres 15 server programs are (Debian's layout). PG_BIN_DIR overrides it.
var PgBinDir = "/usr/lib/postgresql/15/bin"

// PrivatePostgres is a Postgres cluster of one test's own: its own data directory under the
// temporary directory, its own port and socket directory, never the machine's shared 5432. A test
// can stop and start it to play a Postgres restart. Start one with StartPostgres.
type PrivatePostgres struct {
	Port    int
	dir     string // root of the cluster's files (data/, sock/, log)
	bin     string
	mu      sync.Mutex
	running bool
	t       testing.TB
}

// StartPostgres creates a fresh cluster (initdb, trust auth, superuser postgres) on a free port,
// starts it, and stops it and removes its files when the test ends.
//
// The tests run as root and initdb refuses root, so the cluster is created and run as the system
// user postgres through runuser. The test is skipped, saying why, when it does not run as root,
// when runuser or the postgres user is missing, or when the server programs are not installed.
func StartPostgres(t testing.TB) *PrivatePostgres {
	t.Helper()
	bin := PgBinDir
	if v := os.Getenv("PG_BIN_DIR"); v != "" {
		bin = v
	}
	if os.Geteuid() != 0 {
		t.Skip("private Postgres needs root (to run initdb/pg_ctl as user postgres through runuser); skipped")
	}
	if _, err := exec.LookPath("runuser"); err != nil {
		t.Skip("runuser not installed; private Postgres tests skipped")
	}
	for _, p := range []string{"initdb", "pg_ctl"} {
		if _, err := os.Stat(filepath.Join(bin, p)); err != nil {
			t.Skipf("%s not found in %s (set PG_BIN_DIR); private Postgres tests skipped", p, bin)
		}
	}
	pgUser, err := user.Lookup("postgres")
	if err != nil {
		t.Skip("no system user postgres; private Postgres tests skipped")
	}
	uid, _ := strconv.Atoi(pgUser.Uid)
	gid, _ := strconv.Atoi(pgUser.Gid)

	// Not t.TempDir: its parents are 0700 root, which user postgres cannot enter.
	dir, err := os.MkdirTemp("", "prelaunch-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"data", "sock"} {
		p := filepath.Join(dir, sub)
		if err := os.Mkdir(p, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Fatal(err)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	_ = ln.Close()

	p := &PrivatePostgres{Port: port, dir: dir, bin: bin, t: t}
	out, err := p.run(filepath.Join(bin, "initdb"), "-D", p.data(), "--auth=trust", "-U", "postgres",
		"--encoding=UTF8", "--locale=C", "--no-sync")
	if err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	// A small, fast, throw-away cluster: no fsync, no TCP beyond loopback.
	conf := "\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 100\n" +
		"shared_buffers = 16MB\nlisten_addresses = '127.0.0.1'\n"
	f, err := os.OpenFile(filepath.Join(p.data(), "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(conf)
	_ = f.Close()
	if err != nil {
		t.Fatal(err)
	}
	p.Start()
	t.Cleanup(func() { p.stop("immediate") })
	return p
}

func (p *PrivatePostgres) data() string { return filepath.Join(p.dir, "data") }

func (p *PrivatePostgres) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	cmd.Dir = p.dir
	return cmd.CombinedOutput()
}

// URL is the postgres:// URL of database db on this cluster.
func (p *PrivatePostgres) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", p.Port, db)
}

// Start starts the server (again, on the same port) and waits until it accepts connections.
func (p *PrivatePostgres) Start() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running {
		return
	}
	out, err := p.run(filepath.Join(p.bin, "pg_ctl"), "-D", p.data(), "-l", filepath.Join(p.dir, "log"),
		"-o", fmt.Sprintf("-p %d -k %s", p.Port, filepath.Join(p.dir, "sock")), "-w", "-t", "30", "start")
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(p.dir, "log"))
		p.t.Fatalf("pg_ctl start on %d: %v\n%s\n%s", p.Port, err, out, log)
	}
	p.running = true
	// pg_ctl -w waits for the socket; make sure TCP answers too.
	db := platform.OpenDB(p.URL("postgres"))
	defer db.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := db.PingContext(ctx)
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("private Postgres on %d does not answer: %v", p.Port, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop shuts the server down the way an operator's restart does (pg_ctl -m fast: open sessions
// are terminated, then the server exits) and waits until it is gone.
func (p *PrivatePostgres) Stop() { p.stop("fast") }

// Crash stops the server with pg_ctl -m immediate: every process quits at once without a
// checkpoint, as after a crash; the next Start runs crash recovery.
func (p *PrivatePostgres) Crash() { p.stop("immediate") }

func (p *PrivatePostgres) stop(mode string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.running {
		return
	}
	out, err := p.run(filepath.Join(p.bin, "pg_ctl"), "-D", p.data(), "-m", mode, "-w", "-t", "30", "stop")
	if err != nil {
		p.t.Errorf("pg_ctl stop -m %s: %v\n%s", mode, err, out)
		return
	}
	p.running = false
}
