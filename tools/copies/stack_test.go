//go:build copies

package copies

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/infra/platform"
	"prelaunch/core/infra/testkit"
)

// The ports of the stack: COPIES_PORT_BASE (28600) for the user balancer, +1 the admin
// balancer, +10/+11 the two bff-user, +20/+21 the two bff-admin, +30… the metrics addresses.
func portBase() int {
	if n, err := strconv.Atoi(os.Getenv("COPIES_PORT_BASE")); err == nil && n > 0 {
		return n
	}
	return 28600
}

const (
	jwtSecret     = "copies-only-jwt-secret-0123456789abcdef0123456789"
	adminPassword = "Copies-Demo-Pass1"
	// paymentWindow is the orders' window in this stack (PAYMENT_WINDOW), so expiries come quickly.
	paymentWindow = 3 * time.Second
)

type proc struct {
	name string
	cmd  *exec.Cmd
	log  string
	done chan struct{}
}

// stack is the running copies, their balancers and the shared database, Redis and store.
type stack struct {
	t        *testing.T
	root     string // the checkout (bin/ is here)
	dir      string // logs, outbox, storage, haproxy config
	env      []string
	db       *bun.DB
	procs    map[string]*proc
	userLB   string
	adminLB  string
	user     [2]string // the two bff-user, directly
	admin    [2]string // the two bff-admin, directly
	outbox   string
	store    string            // what STORAGE_URL names, for the figures
	metrics  map[string]string // each process's METRICS_ADDR
	haSocket string
	company  string // the demo company's id, which the buyer calls name
}

func checkoutRoot(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Clean(filepath.Join(wd, "..", ".."))
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func startStack(t *testing.T) *stack {
	t.Helper()
	root := checkoutRoot(t)
	bin := envOr("COPIES_BIN", filepath.Join(root, "bin"))
	for _, b := range []string{"bff-user", "bff-admin", "worker", "prelaunch"} {
		if _, err := os.Stat(filepath.Join(bin, b)); err != nil {
			t.Fatalf("%s/%s is missing: run `make build` (or `make copies`, which builds first)", bin, b)
		}
	}
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		if _, e := os.Stat("/usr/sbin/haproxy"); e != nil {
			t.Fatal("haproxy is not installed: `make haproxy` installs it from Debian (make copies does it first)")
		}
		haproxy = "/usr/sbin/haproxy"
	}
	base := portBase()
	for _, port := range []int{base, base + 1, base + 10, base + 11, base + 20, base + 21} {
		if c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), 200*time.Millisecond); err == nil {
			c.Close()
			t.Fatalf("port %d is in use: stop what runs there, or set COPIES_PORT_BASE", port)
		}
	}
	dir := filepath.Join(root, "var", "copies")
	_ = os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dsn := envOr("COPIES_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/prelaunch_copies?sslmode=disable")
	redisURL := envOr("COPIES_REDIS_URL", strings.TrimSuffix(envOr("TEST_REDIS_URL", "redis://127.0.0.1:6379"), "/")+"/14")
	storage := filepath.Join(dir, "storage")
	s := &stack{t: t, root: root, dir: dir, procs: map[string]*proc{},
		userLB: fmt.Sprintf("http://127.0.0.1:%d", base), adminLB: fmt.Sprintf("http://127.0.0.1:%d", base+1),
		user:   [2]string{fmt.Sprintf("http://127.0.0.1:%d", base+10), fmt.Sprintf("http://127.0.0.1:%d", base+11)},
		admin:  [2]string{fmt.Sprintf("http://127.0.0.1:%d", base+20), fmt.Sprintf("http://127.0.0.1:%d", base+21)},
		outbox: filepath.Join(dir, "outbox.jsonl"),
	}
	// A unix socket path must stay under 108 bytes, which a deep checkout may not.
	sockDir, err := os.MkdirTemp("", "copies-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(sockDir) })
	s.haSocket = filepath.Join(sockDir, "haproxy.sock")
	// The store: a real S3-compatible server (versitygw) when it is installed, which make
	// installs; else one directory all copies share. PRELAUNCH_REQUIRE_S3=1 makes S3 a must.
	storeEnv := []string{"STORAGE_DIR=" + storage, "STORAGE_URL=file://" + storage}
	s.store = "file://" + storage
	if versitygw(root) {
		s3 := testkit.S3(t)
		storeEnv = []string{"STORAGE_URL=" + s3.StorageURL(), "AWS_ACCESS_KEY_ID=" + s3.Creds.AccessKeyID,
			"AWS_SECRET_ACCESS_KEY=" + s3.Creds.SecretAccessKey, "AWS_SESSION_TOKEN="}
		s.store = s3.StorageURL()
	} else if os.Getenv("PRELAUNCH_REQUIRE_S3") == "1" {
		t.Fatal("versitygw not found (make .tools/bin/versitygw installs it)")
	}
	s.env = append(append(os.Environ(), storeEnv...),
		"APP_ENV=test", "DATABASE_URL="+dsn, "REDIS_URL="+redisURL, "JWT_SECRET="+jwtSecret,
		"SEED_ADMIN_PASSWORD="+adminPassword, "MAIL_OUTBOX="+s.outbox,
		fmt.Sprintf("USER_PORT=%d", base), fmt.Sprintf("ADMIN_PORT=%d", base+1),
		"USER_DIST="+filepath.Join(root, "apps/user/dist"), "ADMIN_DIST="+filepath.Join(root, "apps/admin/dist"),
		// Every copy sees the client's address as the balancer passes it on, so the per-IP
		// limits are the client's, not the balancer's.
		"PROXY_HEADER=X-Forwarded-For", "TRUSTED_PROXIES=127.0.0.1",
		"PAYMENT_WINDOW="+paymentWindow.String(), "SWEEP_INTERVAL=2s",
		"RESEND_API_KEY=", "RESEND_BASE_URL=")

	// A fresh database and Redis database each run.
	s.freshDatabase(dsn)
	ro, err := redis.ParseURL(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rc := redis.NewClient(ro)
	if err := rc.FlushDB(context.Background()).Err(); err != nil {
		t.Fatalf("flush %s: %v", redisURL, err)
	}
	_ = rc.Close()
	for _, step := range []string{"ensure-db", "seed"} {
		cmd := exec.Command(filepath.Join(bin, "prelaunch"), step)
		cmd.Env, cmd.Dir = s.env, dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("prelaunch %s: %v\n%s", step, err, out)
		}
	}
	s.db = bun.NewDB(sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn))), pgdialect.New())
	t.Cleanup(func() { _ = s.db.Close() })
	t.Cleanup(s.stopAll)

	m := base + 30
	s.metrics = map[string]string{}
	for i, name := range []string{"a", "b"} {
		for j, svc := range []string{"bff-user", "bff-admin", "worker"} {
			s.metrics[svc+"-"+name] = fmt.Sprintf("127.0.0.1:%d", m+j)
		}
		s.start("bff-user-"+name, filepath.Join(bin, "bff-user"),
			"USER_ADDR="+strings.TrimPrefix(s.user[i], "http://"), "METRICS_ADDR="+s.metrics["bff-user-"+name])
		s.start("bff-admin-"+name, filepath.Join(bin, "bff-admin"),
			"ADMIN_ADDR="+strings.TrimPrefix(s.admin[i], "http://"), "METRICS_ADDR="+s.metrics["bff-admin-"+name])
		s.start("worker-"+name, filepath.Join(bin, "worker"), "METRICS_ADDR="+s.metrics["worker-"+name])
		m += 3
	}
	for _, u := range append(s.user[:], s.admin[:]...) {
		s.waitReady(u + "/readyz")
	}
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(s.haproxyConfig(base)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(haproxy, "-c", "-q", "-f", cfg).CombinedOutput(); err != nil {
		t.Fatalf("haproxy -c: %v\n%s", err, out)
	}
	s.start("haproxy", haproxy, "-db", "-f", cfg)
	s.waitReady(s.userLB + "/readyz")
	s.waitReady(s.adminLB + "/readyz")
	s.company = must(t, 200, "GET", s.userLB+"/api/v1/user/site/get", req{}, nil).field(t, "companyId")
	return s
}

// haproxyConfig: round robin over each pair, health checks on /healthz every 200 ms (one miss
// takes a copy out), and a request that found a dead copy retried on the other one.
func (s *stack) haproxyConfig(base int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
    maxconn 4096
    stats socket %s mode 600 level admin

defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response junk-response response-timeout 502 503 504
    default-server inter 200ms fastinter 100ms downinter 500ms fall 1 rise 2

`, s.haSocket)
	for _, be := range []struct {
		name   string
		port   int
		copies [2]string
	}{{"user", base, s.user}, {"admin", base + 1, s.admin}} {
		fmt.Fprintf(&b, "frontend %s_in\n    bind 127.0.0.1:%d\n    default_backend %s\n\n", be.name, be.port, be.name)
		fmt.Fprintf(&b, "backend %s\n    balance roundrobin\n    option httpchk GET /healthz\n    http-check expect status 200\n", be.name)
		for i, c := range be.copies {
			fmt.Fprintf(&b, "    server %s %s check\n", []string{"a", "b"}[i], strings.TrimPrefix(c, "http://"))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// versitygw reports whether testkit.S3 will find its server: $VERSITYGW, the checkout's
// .tools/bin/versitygw, or one on the PATH.
func versitygw(root string) bool {
	if os.Getenv("VERSITYGW") != "" {
		return true
	}
	if _, err := os.Stat(filepath.Join(root, ".tools", "bin", "versitygw")); err == nil {
		return true
	}
	_, err := exec.LookPath("versitygw")
	return err == nil
}

func (s *stack) freshDatabase(dsn string) {
	u, err := url.Parse(dsn)
	if err != nil {
		s.t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	u.Path = "/postgres"
	db := platform.OpenAdminDB(u.String()) // DROP DATABASE waits for a checkpoint
	defer db.Close()
	if _, err := db.Exec(`DROP DATABASE IF EXISTS "` + name + `" WITH (FORCE)`); err != nil {
		s.t.Fatalf("drop %s: %v", name, err)
	}
}

func (s *stack) start(name, path string, args ...string) {
	s.t.Helper()
	logPath := filepath.Join(s.dir, name+".log")
	f, err := os.Create(logPath)
	if err != nil {
		s.t.Fatal(err)
	}
	var cmd *exec.Cmd
	if name == "haproxy" {
		cmd = exec.Command(path, args...)
		cmd.Env = s.env
	} else {
		cmd = exec.Command(path)
		cmd.Env = append(append([]string{}, s.env...), args...)
	}
	cmd.Dir, cmd.Stdout, cmd.Stderr = s.dir, f, f
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("start %s: %v", name, err)
	}
	p := &proc{name: name, cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); _ = f.Close(); close(p.done) }()
	s.procs[name] = p
}

// stop sends sig to the process and waits for it to end (SIGKILL after wait).
func (s *stack) stop(name string, sig syscall.Signal, wait time.Duration) {
	p := s.procs[name]
	if p == nil {
		return
	}
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(wait):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

func (s *stack) stopAll() {
	for name := range s.procs {
		s.stop(name, syscall.SIGTERM, 25*time.Second)
	}
	if s.t.Failed() {
		s.t.Logf("logs and outbox kept in %s", s.dir)
	}
}

func (s *stack) waitReady(u string) {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if r, err := http.Get(u); err == nil {
			_, _ = io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == 200 {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, p := range s.procs {
		b, _ := os.ReadFile(p.log)
		s.t.Logf("%s log tail:\n%s", p.name, tail(string(b), 1500))
	}
	s.t.Fatalf("%s did not answer 200 within 30 s", u)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// metric reads one unlabelled counter from a process's /metrics.
func (s *stack) metric(proc, name string) (float64, error) {
	res, err := client.Get("http://" + s.metrics[proc] + "/metrics")
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	return 0, fmt.Errorf("%s: no %s in /metrics", proc, name)
}

// haproxyStats reads `show stat` from the admin socket: one map per proxy/server line.
func (s *stack) haproxyStats() []map[string]string {
	c, err := net.DialTimeout("unix", s.haSocket, time.Second)
	if err != nil {
		s.t.Logf("haproxy stats: %v", err)
		return nil
	}
	defer c.Close()
	_, _ = c.Write([]byte("show stat\n"))
	sc := bufio.NewScanner(c)
	var head []string
	var out []map[string]string
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# ") {
			head = strings.Split(strings.TrimPrefix(line, "# "), ",")
			continue
		}
		if line == "" || head == nil {
			continue
		}
		row := map[string]string{}
		for i, v := range strings.Split(line, ",") {
			if i < len(head) {
				row[head[i]] = v
			}
		}
		out = append(out, row)
	}
	return out
}

// ---- HTTP ----

var client = &http.Client{Timeout: 15 * time.Second, Transport: &http.Transport{
	MaxIdleConns: 256, MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second,
	DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
}}

// reply is one answer: the status and the envelope {status, message, data}.
type reply struct {
	Code    int
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	Raw     []byte
}

// req says how to send one call: a bearer token, the client address the copies believe
// (X-Forwarded-For from the trusted 127.0.0.1) and an Idempotency-Key.
type req struct {
	token, ip, key string
}

func call(method, u string, o req, body any) (reply, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return reply{}, err
		}
		rd = bytes.NewReader(b)
	}
	r, err := http.NewRequest(method, u, rd)
	if err != nil {
		return reply{}, err
	}
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	return send(r, o)
}

func send(r *http.Request, o req) (reply, error) {
	if o.token != "" {
		r.Header.Set("Authorization", "Bearer "+o.token)
	}
	if o.ip != "" {
		r.Header.Set("X-Forwarded-For", o.ip)
	}
	if o.key != "" {
		r.Header.Set("Idempotency-Key", o.key)
	}
	res, err := client.Do(r)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return reply{Code: res.StatusCode}, err
	}
	out := reply{Code: res.StatusCode, Raw: b}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		_ = json.Unmarshal(b, &out)
	}
	return out, nil
}

// must is call that stops the test unless the answer is want.
func must(t *testing.T, want int, method, u string, o req, body any) reply {
	t.Helper()
	r, ok := expect(t, want, method, u, o, body)
	if !ok {
		t.FailNow()
	}
	return r
}

// expect is call that reports an error unless the answer is want (safe in any goroutine).
func expect(t *testing.T, want int, method, u string, o req, body any) (reply, bool) {
	t.Helper()
	r, err := call(method, u, o, body)
	if err != nil {
		t.Errorf("%s %s: %v", method, u, err)
		return r, false
	}
	if r.Code != want {
		t.Errorf("%s %s: want %d, got %d %s", method, u, want, r.Code, tail(string(r.Raw), 400))
		return r, false
	}
	return r, true
}

// field is data[name] as text ("" and an error reported when it is missing).
func (r reply) field(t *testing.T, name string) string {
	t.Helper()
	var m map[string]any
	_ = json.Unmarshal(r.Data, &m)
	v, ok := m[name]
	if !ok {
		t.Errorf("data has no %q: %s", name, r.Raw)
		return ""
	}
	return fmt.Sprint(v)
}
