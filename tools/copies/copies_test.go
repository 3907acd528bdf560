//go:build copies

package copies

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"prelaunch/core/infra/testkit"
)

// TestManyCopies runs the stack twice over and proves, with figures in the log,
// that the copies share everything a user can tell apart: files, revocations, rate limits,
// the loss of a copy under load, and the background jobs of two workers.
func TestManyCopies(t *testing.T) {
	began := time.Now()
	s := startStack(t)
	t.Logf("stack up in %v: bff-user %v, bff-admin %v, balancers %s %s, store %s", time.Since(began).Round(time.Millisecond),
		s.user, s.admin, s.userLB, s.adminLB, s.store)

	adminTok := must(t, 200, "POST", s.adminLB+"/api/v1/company/auth/login", req{ip: "10.1.0.1"},
		map[string]string{"email": "admin@demo.test", "password": adminPassword}).field(t, "token")
	buyerTok := must(t, 200, "POST", s.userLB+"/api/v1/user/auth/login", req{ip: "10.1.0.2"},
		map[string]string{"companyId": s.company, "email": "buyer@demo.test", "password": adminPassword}).field(t, "token")

	ok := t.Run("UploadedOnOneCopyViewedOnTheOther", func(t *testing.T) { uploadThenView(t, s, buyerTok) })
	ok = t.Run("OrderRetriedOnTheOtherCopyPlacedOnce", func(t *testing.T) { idempotentAcrossCopies(t, s, adminTok) }) && ok
	ok = t.Run("RevokedTokenRefusedByEveryCopyWithinASecond", func(t *testing.T) { revocation(t, s, adminTok) }) && ok
	ok = t.Run("RateLimitsShared", func(t *testing.T) { rateLimits(t, s, adminTok) }) && ok
	ok = t.Run("WorkersSendEachEmailOnceAndExpireEachOrderOnce", func(t *testing.T) { workers(t, s, adminTok, buyerTok) }) && ok
	ok = t.Run("SuspensionSeenByEveryCopyWithinASecond", func(t *testing.T) { adminTok = suspension(t, s, adminTok, buyerTok) }) && ok
	ok = t.Run("CopyKilledUnderLoadLosesOnlyWhatWasInFlight", func(t *testing.T) { killUnderLoad(t, s, adminTok) }) && ok
	ok = t.Run("NoOrderExpiredTwice", func(t *testing.T) { expiredOnce(t, s) }) && ok
	t.Logf("many-copies test done in %v", time.Since(began).Round(time.Millisecond))
	if !ok {
		t.Logf("logs in %s", s.dir)
	}
}

var mobiles atomic.Int64

// addUser makes a buyer (role USER) or admin through the admin balancer and signs it in. It
// may run in a goroutine of its own: a failure is reported, and the token is then empty.
func addUser(t *testing.T, s *stack, adminTok, role, email, ip string) (id, token string) {
	t.Helper()
	if id = addAccount(t, s, adminTok, role, email); id == "" {
		return "", ""
	}
	login, body := s.adminLB+"/api/v1/company/auth/login", map[string]string{"email": email, "password": adminPassword}
	if role == "USER" {
		login, body["companyId"] = s.userLB+"/api/v1/user/auth/login", s.company
	}
	r, ok := expect(t, 200, "POST", login, req{ip: ip}, body)
	if !ok {
		return id, ""
	}
	return id, r.field(t, "token")
}

// addAccount makes the account without signing in (each sign-in is a bcrypt comparison).
func addAccount(t *testing.T, s *stack, adminTok, role, email string) string {
	t.Helper()
	mobile := fmt.Sprintf("9%09d", 100_000_000+mobiles.Add(1))
	r, ok := expect(t, 200, "POST", s.adminLB+"/api/v1/admin/auth/add", req{token: adminTok},
		map[string]string{"name": "Copy " + role, "mobile": mobile, "email": email, "role": role, "password": adminPassword})
	if !ok {
		return ""
	}
	return r.field(t, "id")
}

func tinyPNG(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := 0; i < 8; i++ {
		img.Set(i, i, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// 1. A file sent to bff-user A is read back, byte for byte, through bff-user B and bff-admin B.
func uploadThenView(t *testing.T, s *stack, buyerTok string) {
	data := tinyPNG(t)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("medias", "receipt.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = mw.Close()
	r, _ := http.NewRequest("POST", s.user[0]+"/api/v1/superadmin/media/add", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	up, err := send(r, req{token: buyerTok})
	if err != nil || up.Code != 200 {
		t.Fatalf("upload to bff-user A: %v %d %s", err, up.Code, up.Raw)
	}
	var files []struct{ ID, URL string }
	if err := json.Unmarshal(up.Data, &files); err != nil || len(files) != 1 {
		t.Fatalf("upload answer: %s", up.Raw)
	}
	link := files[0].URL
	if i := strings.Index(link, "/api/v1/media/file/"); i >= 0 {
		link = link[i:]
	}
	for _, base := range []string{s.user[1], s.admin[1]} {
		start := time.Now()
		// With an S3 store the copy answers 302 to the store's presigned link; the client follows it.
		var hops []string
		c := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(r *http.Request, _ []*http.Request) error {
			hops = append(hops, r.URL.Scheme+"://"+r.URL.Host)
			return nil
		}}
		res, err := c.Get(base + link)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		_, _ = got.ReadFrom(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !bytes.Equal(got.Bytes(), data) {
			t.Fatalf("GET %s%s: %d, %d bytes (want %d identical bytes)", base, link, res.StatusCode, got.Len(), len(data))
		}
		via := "served by the copy"
		if len(hops) > 0 {
			via = "redirected to the store " + strings.Join(hops, ", ")
		}
		t.Logf("FIGURE upload: %d-byte PNG sent to bff-user A, read back identical through %s (%s) in %v", len(data), base, via, time.Since(start).Round(time.Microsecond))
	}
}

// An order whose answer was lost and is sent again, with its Idempotency-Key, to the other copy
// (what a client or a balancer's retry does) is placed once: the keys live in Redis.
func idempotentAcrossCopies(t *testing.T, s *stack, adminTok string) {
	uid, tok := addUser(t, s, adminTok, "USER", "retry.buyer@copies.test", "10.1.1.1")
	if tok == "" {
		t.FailNow()
	}
	body := map[string]string{"amount": "250"}
	first := must(t, 200, "POST", s.user[0]+"/api/v1/user/package/order", req{token: tok, key: "copies-retry-1"}, body)
	again := must(t, 200, "POST", s.user[1]+"/api/v1/user/package/order", req{token: tok, key: "copies-retry-1"}, body)
	var n int
	if err := s.db.NewRaw(`SELECT count(*) FROM purchases WHERE user_id = ?`, uid).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	a, b := first.field(t, "id"), again.field(t, "id")
	t.Logf("FIGURE retry: the same order sent to bff-user A then B with one Idempotency-Key: ids %s / %s, %d order(s) in the database", a, b, n)
	if a != b || n != 1 {
		t.Errorf("an order retried on the other copy was placed %d times (ids %s, %s)", n, a, b)
	}
}

// poller asks one copy, over and over, whether a token still works, and records when the
// first refusal came back and whether any later call was let through again.
type poller struct {
	name        string
	firstRefuse time.Time // when the first refusal's answer arrived
	lastAllowed time.Time // when the last 200 was sent
	reopened    bool      // a 200 after a refusal
	calls       int
}

func poll(ctx context.Context, p *poller, u, token string, wg *sync.WaitGroup) {
	defer wg.Done()
	for ctx.Err() == nil {
		sent := time.Now()
		r, err := call("GET", u, req{token: token}, nil)
		if err != nil {
			continue
		}
		p.calls++
		switch r.Code {
		case 200:
			if !p.firstRefuse.IsZero() {
				p.reopened = true
			}
			p.lastAllowed = sent
		case 401, 403:
			if p.firstRefuse.IsZero() {
				p.firstRefuse = time.Now()
			}
		}
	}
}

// 2. An admin deletes three buyers and two admins; every copy refuses their tokens within 1 s
// of the deletion's answer. Each copy is polled directly, in a loop, from before the deletion,
// every token at once (so the copies are busy while the notifications travel).
func revocation(t *testing.T, s *stack, adminTok string) {
	type target struct {
		kind, email, role, profile string
		copies                     [2]string
		id, token                  string
		pollers                    []*poller
		committed                  time.Time
	}
	targets := []*target{
		{kind: "buyer", email: "revoked.buyer.1@copies.test", role: "USER", profile: "/api/v1/user/auth/profile/get", copies: s.user},
		{kind: "buyer", email: "revoked.buyer.2@copies.test", role: "USER", profile: "/api/v1/user/auth/profile/get", copies: s.user},
		{kind: "buyer", email: "revoked.buyer.3@copies.test", role: "USER", profile: "/api/v1/user/auth/profile/get", copies: s.user},
		{kind: "admin", email: "revoked.admin.1@copies.test", role: "ADMIN", profile: "/api/v1/admin/auth/profile/get", copies: s.admin},
		{kind: "admin", email: "revoked.admin.2@copies.test", role: "ADMIN", profile: "/api/v1/admin/auth/profile/get", copies: s.admin},
	}
	var mk sync.WaitGroup
	for i, tg := range targets {
		mk.Add(1)
		go func() {
			defer mk.Done()
			tg.id, tg.token = addUser(t, s, adminTok, tg.role, tg.email, fmt.Sprintf("10.2.0.%d", i+1))
		}()
	}
	mk.Wait()
	if t.Failed() {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, tg := range targets {
		tg.pollers = []*poller{{name: "A"}, {name: "B"}}
		for j, p := range tg.pollers {
			wg.Add(1)
			go poll(ctx, p, tg.copies[j]+tg.profile, tg.token, &wg)
		}
	}
	time.Sleep(400 * time.Millisecond) // every copy has served (and cached) every user
	for i, tg := range targets {
		// The deletions go to the two admin copies in turn.
		must(t, 200, "DELETE", s.admin[i%2]+"/api/v1/admin/auth/delete", req{token: adminTok}, map[string]string{"id": tg.id})
		tg.committed = time.Now()
	}
	time.Sleep(1200 * time.Millisecond)
	cancel()
	wg.Wait()
	worst := time.Duration(0)
	for i, tg := range targets {
		for _, p := range tg.pollers {
			if p.firstRefuse.IsZero() {
				t.Errorf("%s %s: copy %s still accepts the token 1.2 s after its deletion (%d calls)", tg.kind, tg.email, p.name, p.calls)
				continue
			}
			if p.reopened {
				t.Errorf("%s %s: copy %s accepted the token again after refusing it", tg.kind, tg.email, p.name)
			}
			// The later of the first refusal's arrival and the last acceptance's sending.
			delay := max(p.firstRefuse.Sub(tg.committed), 0)
			if p.lastAllowed.After(tg.committed) {
				delay = max(delay, p.lastAllowed.Sub(tg.committed))
			}
			worst = max(worst, delay)
			t.Logf("FIGURE revoke %s (deleted via bff-admin %c): copy %s refused it %v after the deletion's answer (%d calls)",
				tg.kind, "AB"[i%2], p.name, delay.Round(time.Microsecond), p.calls)
			if delay > time.Second {
				t.Errorf("%s: copy %s took %v (> 1 s) to refuse a revoked token", tg.kind, p.name, delay)
			}
		}
	}
	t.Logf("FIGURE revoke: worst delay over %d revocations × 2 copies: %v (limit 1 s)", len(targets), worst.Round(time.Microsecond))
}

// loginsUntilRefused sends wrong-password logins for email, from ip, to the copies in turn,
// and returns the number of the first call answered 429.
func loginsUntilRefused(t *testing.T, s *stack, copies []string, path, email, ip string) int {
	for n := 1; n <= 200; n++ {
		r, err := call("POST", copies[(n-1)%len(copies)]+path, req{ip: ip}, loginBody(s, path, email))
		if err != nil {
			t.Errorf("login %d for %s: %v", n, email, err)
			return 0
		}
		switch r.Code {
		case 429:
			return n
		case 400, 401, 403, 404, 422:
		default:
			t.Errorf("login %d for %s: unexpected %d %s", n, email, r.Code, r.Raw)
			return 0
		}
	}
	t.Errorf("no 429 after 200 wrong logins for %s", email)
	return 0
}

// loginBody is a wrong-password login for email (buyers name their company).
func loginBody(s *stack, path, email string) map[string]string {
	b := map[string]string{"email": email, "password": "Wrong-Pass-123"}
	if strings.HasPrefix(path, "/api/v1/user/") {
		b["companyId"] = s.company
	}
	return b
}

// 3. Wrong passwords sent to the two copies in turn are refused at the same count as when
// sent to one copy: the count lives in Redis, not in a copy. Buyers and admins both.
func rateLimits(t *testing.T, s *stack, adminTok string) {
	type run struct {
		name, path, role, email, ip string
		copies                      []string
		first                       int
	}
	// Each wrong password costs a bcrypt comparison, so two runs for each (one copy, the two in
	// turn) keep this short; the balancer's round robin is the second run's alternation.
	const buyerLogin, adminLogin = "/api/v1/user/auth/login", "/api/v1/company/auth/login"
	runs := []*run{
		{name: "buyer login on one copy", path: buyerLogin, role: "USER", email: "user.limit.one@copies.test", ip: "10.3.2.1", copies: s.user[:1]},
		{name: "buyer login alternating between the two copies", path: buyerLogin, role: "USER", email: "user.limit.two@copies.test", ip: "10.3.2.2", copies: s.user[:]},
		{name: "admin login on one copy", path: adminLogin, role: "ADMIN", email: "admin.limit.one@copies.test", ip: "10.3.2.1", copies: s.admin[:1]},
		{name: "admin login alternating between the two copies", path: adminLogin, role: "ADMIN", email: "admin.limit.two@copies.test", ip: "10.3.2.2", copies: s.admin[:]},
	}
	var wg sync.WaitGroup
	for _, r := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if addAccount(t, s, adminTok, r.role, r.email) == "" {
				return
			}
			r.first = loginsUntilRefused(t, s, r.copies, r.path, r.email, r.ip)
		}()
	}
	wg.Wait()
	for _, group := range [][]*run{runs[:2], runs[2:]} {
		one := group[0]
		for _, r := range group {
			t.Logf("FIGURE rate limit %s: first 429 at wrong password #%d", r.name, r.first)
			if r.first != one.first {
				t.Errorf("%s: the limit trips at #%d, on one copy at #%d: it is not shared", r.name, r.first, one.first)
			}
		}
		// Once tripped, every copy refuses the next try.
		last := group[len(group)-1]
		for j, cp := range map[string][2]string{"USER": s.user, "ADMIN": s.admin}[last.role] {
			r, _ := call("POST", cp+last.path, req{ip: last.ip}, loginBody(s, last.path, last.email))
			if r.Code != 429 {
				t.Errorf("%s: copy %c answers %d after the limit tripped, want 429", last.name, "AB"[j], r.Code)
			}
		}
	}
}

type outboxLine struct {
	To, Subject, Text string
}

func readOutbox(t *testing.T, path string) []outboxLine {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []outboxLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var l outboxLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("outbox line is not JSON: %q", sc.Text())
		}
		out = append(out, l)
	}
	return out
}

// 4. Two workers share the queue: every OTP and every decision email is in the outbox once.
// The orders placed here (and by the load test) expire PAYMENT_WINDOW later; expiredOnce checks them.
func workers(t *testing.T, s *stack, adminTok, buyerTok string) {
	before := len(readOutbox(t, s.outbox))
	// OTPs: register codes for new addresses, sent through both copies, each from its own address.
	const otps = 12
	want := map[string]int{}
	for i := 0; i < otps; i++ {
		email := fmt.Sprintf("otp.%d@copies.test", i)
		must(t, 200, "POST", s.user[i%2]+"/api/v1/user/auth/register/otp", req{ip: fmt.Sprintf("10.4.0.%d", i+1)},
			map[string]string{"companyId": s.company, "name": "Otp Buyer", "email": email, "mobile": fmt.Sprintf("98765%05d", i)})
		want["otp "+email] = 1
	}
	// Decisions: manual payments submitted through both copies, approved or rejected through both
	// admin copies; each buyer gets one email per decision.
	const decisions = 8
	orders := map[string]bool{}
	for i := 0; i < decisions; i++ {
		p := must(t, 200, "POST", s.user[i%2]+"/api/v1/user/package/purchase", req{token: buyerTok, key: fmt.Sprintf("copies-manual-%d", i)},
			map[string]any{"paymentMethod": "MANUAL", "amount": "100"})
		id, number := p.field(t, "id"), p.field(t, "orderNumber")
		verb := map[bool]string{true: "approve", false: "reject"}[i%2 == 0]
		must(t, 200, "POST", s.admin[(i/2)%2]+"/api/v1/admin/transaction/"+verb, req{token: adminTok}, map[string]string{"id": id})
		orders[number] = true
	}
	// Orders left to expire: several buyers, several orders each, through both copies and the balancer.
	for b := 0; b < 4; b++ {
		_, tok := addUser(t, s, adminTok, "USER", fmt.Sprintf("expiring.%d@copies.test", b), fmt.Sprintf("10.4.1.%d", b+1))
		for k := 0; k < 5; k++ {
			base := []string{s.user[0], s.user[1], s.userLB}[(b+k)%3]
			must(t, 200, "POST", base+"/api/v1/user/package/order", req{token: tok, key: fmt.Sprintf("copies-exp-%d-%d", b, k)},
				map[string]string{"amount": "100"})
		}
	}

	wantTotal := otps + decisions
	deadline := time.Now().Add(15 * time.Second)
	var lines []outboxLine
	for time.Now().Before(deadline) {
		lines = readOutbox(t, s.outbox)[before:]
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(l.To, "otp.") || strings.Contains(l.Subject+l.Text, "PUR-") {
				n++
			}
		}
		if n >= wantTotal {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Anything sent twice would arrive within the same second or two: wait and read again.
	time.Sleep(2 * time.Second)
	lines = readOutbox(t, s.outbox)[before:]
	got := map[string]int{}
	seen := map[string]int{}
	decided := 0
	for _, l := range lines {
		seen[l.To+"\x00"+l.Subject+"\x00"+l.Text]++
		if strings.HasSuffix(l.To, "@copies.test") && strings.HasPrefix(l.To, "otp.") {
			got["otp "+l.To]++
			continue
		}
		for n := range orders {
			if strings.Contains(l.Subject+l.Text, n) {
				got["decision "+n]++
				decided++
			}
		}
	}
	for n := range orders {
		want["decision "+n] = 1
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d emails, want exactly 1", k, got[k])
		}
	}
	for k, n := range seen {
		if n > 1 {
			t.Errorf("the same email was written %d times: %q", n, strings.SplitN(k, "\x00", 3)[:2])
		}
	}
	relevant := 0
	for k := range want {
		relevant += got[k]
	}
	if relevant != wantTotal {
		t.Errorf("outbox: %d emails for these codes and decisions, want %d (%d OTPs + %d decisions)", relevant, wantTotal, otps, decisions)
	}
	byWorker := map[string]int{}
	for _, w := range []string{"worker-a", "worker-b"} {
		b, _ := os.ReadFile(s.procs[w].log)
		byWorker[w] = strings.Count(string(b), `msg="email sent"`)
	}
	t.Logf("FIGURE emails: %d OTPs + %d decision emails queued, %d outbox lines, %d distinct; worker A sent %d, worker B %d (so far, logs flush every 200 ms)",
		otps, decisions, len(lines), len(seen), byWorker["worker-a"], byWorker["worker-b"])
}

// watcher asks one copy, over and over, for a URL and records when the answer first became
// the awaited one and whether it went back afterwards.
type watcher struct {
	name     string
	await    func(code int) bool
	first    time.Time // when the first awaited answer arrived
	lastOld  time.Time // when the last other answer was sent
	reverted bool
	calls    int
	method   string // GET unless set
}

func (w *watcher) run(ctx context.Context, u, token string, wg *sync.WaitGroup) {
	defer wg.Done()
	for ctx.Err() == nil {
		sent := time.Now()
		method := w.method
		if method == "" {
			method = "GET"
		}
		r, err := call(method, u, req{token: token}, nil)
		if err != nil {
			continue
		}
		w.calls++
		if w.await(r.Code) {
			if w.first.IsZero() {
				w.first = time.Now()
			}
		} else {
			if !w.first.IsZero() {
				w.reverted = true
			}
			w.lastOld = sent
		}
	}
}

// delay is how long after since the copy's answers changed for good (the later of the first new
// answer's arrival and the last old answer's sending).
func (w *watcher) delay(since time.Time) time.Duration {
	d := max(w.first.Sub(since), 0)
	if w.lastOld.After(since) {
		d = max(d, w.lastOld.Sub(since))
	}
	return d
}

// watchAll polls each url (on its copy) while change runs, then 1.2 s more, and checks that every
// copy gave the awaited answer within 1 s of the change's answer (change returns when it came) and
// kept giving it.
func watchAll(t *testing.T, what, method string, urls map[string]string, token string, await func(int) bool, change func() time.Time) time.Duration {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var ws []*watcher
	names := make([]string, 0, len(urls))
	for n := range urls {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		w := &watcher{name: n, await: await, method: method}
		ws = append(ws, w)
		wg.Add(1)
		go w.run(ctx, urls[n], token, &wg)
	}
	time.Sleep(300 * time.Millisecond)
	done := change()
	time.Sleep(max(1200*time.Millisecond-time.Since(done), 0))
	cancel()
	wg.Wait()
	worst := time.Duration(0)
	for _, w := range ws {
		if w.first.IsZero() {
			t.Errorf("%s: %s never changed its answer (%d calls)", what, w.name, w.calls)
			continue
		}
		if w.reverted {
			t.Errorf("%s: %s went back to the old answer", what, w.name)
		}
		d := w.delay(done)
		worst = max(worst, d)
		t.Logf("FIGURE %s: %s %v after the change's answer (%d calls)", what, w.name, d.Round(time.Microsecond), w.calls)
		if d > time.Second {
			t.Errorf("%s: %s took %v (> 1 s)", what, w.name, d)
		}
	}
	return worst
}

var otpCode = regexp.MustCompile(`code is (\d{6})`)

// A super admin suspends the company through bff-admin A: both bff-user copies answer 423 for
// its site and both bff-admin copies refuse its admin's token within 1 s (the site listener and
// the user listener); reactivated through bff-admin B, both buyer copies serve it again within
// 1 s. It returns a new admin token (suspension signed the admin out).
func suspension(t *testing.T, s *stack, adminTok, buyerTok string) string {
	const sa = "superadmin@demo.test"
	before := len(readOutbox(t, s.outbox))
	must(t, 200, "GET", s.adminLB+"/api/v1/superadmin/auth/login/email/otp?email="+sa, req{ip: "10.6.0.1"}, nil)
	code := ""
	for deadline := time.Now().Add(10 * time.Second); code == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		for _, l := range readOutbox(t, s.outbox)[before:] {
			if m := otpCode.FindStringSubmatch(l.Text); l.To == sa && m != nil {
				code = m[1]
			}
		}
	}
	if code == "" {
		t.Fatal("no sign-in code for the super admin in the outbox")
	}
	saTok := must(t, 200, "POST", s.adminLB+"/api/v1/superadmin/auth/login/verify", req{ip: "10.6.0.1"},
		map[string]string{"email": sa, "otp": code}).field(t, "token")
	// A suspended company's buyers still read their records (GET answers 200); every write is
	// refused 423. The watched call is an order without a body: 423 while suspended, else 422.
	order := map[string]string{"bff-user A": s.user[0] + "/api/v1/user/package/order", "bff-user B": s.user[1] + "/api/v1/user/package/order"}
	setStatus := func(base, status string) func() time.Time {
		return func() time.Time {
			must(t, 200, "PUT", base+"/api/v1/superadmin/company/update", req{token: saTok}, map[string]string{"id": s.company, "status": status, "reason": "Copies test"})
			return time.Now()
		}
	}
	var adminOut time.Duration
	suspended := watchAll(t, "suspend: the buyer site answers 423 on", "POST", order, buyerTok, func(c int) bool { return c == 423 }, func() time.Time {
		// The admin's token is watched on both admin copies at the same time.
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		// The signed-out admin's calls answer 403 company_suspended (not 401): the admin app says why.
		ws := []*watcher{{name: "bff-admin A", await: func(c int) bool { return c == 403 }}, {name: "bff-admin B", await: func(c int) bool { return c == 403 }}}
		for i, w := range ws {
			wg.Add(1)
			go w.run(ctx, s.admin[i]+"/api/v1/admin/auth/profile/get", adminTok, &wg)
		}
		time.Sleep(200 * time.Millisecond)
		done := setStatus(s.admin[0], "SUSPENDED")()
		time.Sleep(1200 * time.Millisecond)
		cancel()
		wg.Wait()
		for _, w := range ws {
			if w.first.IsZero() || w.reverted || w.delay(done) > time.Second {
				t.Errorf("suspend: %s still accepts the signed-out admin's token (%d calls, first 403 %v after)", w.name, w.calls, w.delay(done))
				continue
			}
			adminOut = max(adminOut, w.delay(done))
			t.Logf("FIGURE suspend: %s refused the admin's token %v after the suspension's answer (%d calls)", w.name, w.delay(done).Round(time.Microsecond), w.calls)
		}
		return done
	})
	back := watchAll(t, "reactivate: the buyer site takes writes again on", "POST", order, buyerTok, func(c int) bool { return c != 423 }, setStatus(s.admin[1], "ACTIVE"))
	t.Logf("FIGURE suspension: worst delays — buyer site 423 %v, admin signed out %v, site back %v (limit 1 s)",
		suspended.Round(time.Microsecond), adminOut.Round(time.Microsecond), back.Round(time.Microsecond))
	return must(t, 200, "POST", s.adminLB+"/api/v1/company/auth/login", req{ip: "10.6.0.2"},
		map[string]string{"email": "admin@demo.test", "password": adminPassword}).field(t, "token")
}

// 5. bff-user A is SIGKILLed while clients call price/get and place and cancel orders through
// the balancer: no request fails beyond those that were in flight at the kill.
func killUnderLoad(t *testing.T, s *stack, adminTok string) {
	const clients = 16
	const buyers = 4
	toks := make([]string, buyers)
	var mk sync.WaitGroup
	for i := range toks {
		mk.Add(1)
		go func() {
			defer mk.Done()
			_, toks[i] = addUser(t, s, adminTok, "USER", fmt.Sprintf("load.%d@copies.test", i), fmt.Sprintf("10.5.0.%d", i+1))
		}()
	}
	mk.Wait()
	if t.Failed() {
		return
	}
	var total, failed, failedAfter, answered4xx, inFlight atomic.Int64
	var killedAt atomic.Int64 // unix nanos of the kill; a request sent after it was not in flight then
	var failMu sync.Mutex
	failures := map[string]int{}
	fail := func(what string) {
		failed.Add(1)
		failMu.Lock()
		failures[what]++
		failMu.Unlock()
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var seq atomic.Int64
	do := func(method, path, tok, key string, body any) (reply, bool) {
		inFlight.Add(1)
		sent := time.Now().UnixNano()
		r, err := call(method, s.userLB+path, req{token: tok, key: key}, body)
		inFlight.Add(-1)
		total.Add(1)
		if k := killedAt.Load(); (err != nil || r.Code >= 500) && k != 0 && sent > k {
			failedAfter.Add(1)
		}
		switch {
		case err != nil:
			fail(method + " " + path + ": " + err.Error())
			return r, false
		case r.Code >= 500:
			fail(fmt.Sprintf("%s %s: %d", method, path, r.Code))
			return r, false
		case r.Code >= 400:
			answered4xx.Add(1) // an answer (e.g. 409 too many unpaid orders), not a loss
			return r, false
		}
		return r, true
	}
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			tok := toks[c%buyers]
			for i := 0; ctx.Err() == nil; i++ {
				do("GET", "/api/v1/user/package/price/get", tok, "", nil)
				if i%3 == 0 {
					key := fmt.Sprintf("load-%d-%d", c, seq.Add(1))
					if r, ok := do("POST", "/api/v1/user/package/order", tok, key, map[string]string{"amount": "100"}); ok {
						var o struct{ ID string }
						_ = json.Unmarshal(r.Data, &o)
						do("POST", "/api/v1/user/package/order/cancel", tok, "", map[string]string{"id": o.ID})
					}
				}
			}
		}(c)
	}
	time.Sleep(2 * time.Second)
	beforeKill := total.Load()
	atKill := inFlight.Load()
	killed := time.Now()
	killedAt.Store(killed.UnixNano())
	s.stop("bff-user-a", syscall.SIGKILL, 5*time.Second)
	time.Sleep(3 * time.Second)
	cancel()
	wg.Wait()
	elapsed := time.Since(killed) + 2*time.Second
	var down string
	retries, redispatches := 0, 0
	for _, row := range s.haproxyStats() {
		if row["pxname"] != "user" {
			continue
		}
		if row["svname"] == "a" {
			down = row["status"]
		}
		if row["svname"] == "BACKEND" {
			retries, _ = strconv.Atoi(row["wretr"])
			redispatches, _ = strconv.Atoi(row["wredis"])
		}
	}
	t.Logf("FIGURE kill: %d clients through haproxy for %v (%d requests, %.0f req/s; %d before the kill); bff-user A SIGKILLed with %d requests in flight (on both copies); %d failed %v, %d of them sent after the kill; %d answered 4xx (domain answers); haproxy: copy A %s, %d retries, %d redispatches",
		clients, elapsed.Round(time.Millisecond), total.Load(), float64(total.Load())/elapsed.Seconds(), beforeKill, atKill,
		failed.Load(), failures, failedAfter.Load(), answered4xx.Load(), down, retries, redispatches)
	if failedAfter.Load() > 0 {
		t.Errorf("%d requests sent after the kill failed: the balancer did not move them to the live copy", failedAfter.Load())
	}
	if failed.Load() > atKill {
		t.Errorf("%d requests failed, more than the %d in flight when the copy died", failed.Load(), atKill)
	}
	if !strings.HasPrefix(down, "DOWN") {
		t.Errorf("haproxy still has the killed copy as %q", down)
	}
	if total.Load()-beforeKill < 100 {
		t.Errorf("only %d requests after the kill: the surviving copy did not take the load", total.Load()-beforeKill)
	}
}

var (
	expiredLine = regexp.MustCompile(`msg="purchase expired".* purchase=([0-9a-f-]{36})`)
	sweptLine   = regexp.MustCompile(`msg="purchase sweep expired orders".* count=(\d+)`)
)

// 6. Every order whose window ended is EXPIRED exactly once: the workers' expire tasks and
// sweeps together expired as many orders as the database holds EXPIRED, no order id twice, and
// the supply every expiry released adds up.
func expiredOnce(t *testing.T, s *stack) {
	ctx := context.Background()
	deadline := time.Now().Add(paymentWindow + 10*time.Second)
	var open, expired int
	for time.Now().Before(deadline) {
		if err := s.db.NewRaw(`SELECT count(*) FILTER (WHERE status = 'INITIATED'), count(*) FILTER (WHERE status = 'EXPIRED') FROM purchases`).
			Scan(ctx, &open, &expired); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if open != 0 {
		t.Fatalf("%d orders still INITIATED %v after their window", open, paymentWindow)
	}
	// The workers' own counters (METRICS_ADDR) say the same: expiries and emails, summed.
	var counted, mailed float64
	for _, w := range []string{"worker-a", "worker-b"} {
		e, err := s.metric(w, "prelaunch_purchases_expired_total")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.metric(w, "prelaunch_emails_sent_total")
		if err != nil {
			t.Fatal(err)
		}
		counted, mailed = counted+e, mailed+m
	}
	lines := len(readOutbox(t, s.outbox))
	t.Logf("FIGURE metrics: the workers count %v expiries and %v emails sent; the database holds %d EXPIRED, the outbox %d lines", counted, mailed, expired, lines)
	if int(counted) != expired {
		t.Errorf("the workers' prelaunch_purchases_expired_total add up to %v, the database holds %d EXPIRED", counted, expired)
	}
	if int(mailed) != lines {
		t.Errorf("the workers' prelaunch_emails_sent_total add up to %v, the outbox holds %d lines", mailed, lines)
	}
	// Stop the workers so their logs are complete (a graceful stop flushes them).
	for _, w := range []string{"worker-a", "worker-b"} {
		s.stop(w, syscall.SIGTERM, 25*time.Second)
	}
	byTask := map[string][]string{}
	swept := map[string]int{}
	for _, w := range []string{"worker-a", "worker-b"} {
		b, err := os.ReadFile(s.procs[w].log)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range expiredLine.FindAllStringSubmatch(string(b), -1) {
			byTask[m[1]] = append(byTask[m[1]], w)
		}
		for _, m := range sweptLine.FindAllStringSubmatch(string(b), -1) {
			n, _ := strconv.Atoi(m[1])
			swept[w] += n
		}
	}
	tasks := 0
	var twice []string
	for id, ws := range byTask {
		tasks += len(ws)
		if len(ws) > 1 {
			twice = append(twice, id+" by "+strings.Join(ws, ", "))
		}
	}
	sort.Strings(twice)
	perWorker := map[string]int{}
	for _, ws := range byTask {
		for _, w := range ws {
			perWorker[w]++
		}
	}
	t.Logf("FIGURE expiry: %d orders EXPIRED in the database; expire tasks expired %d (worker A %d, worker B %d), sweeps %d (A %d, B %d); ids expired twice: %d",
		expired, tasks, perWorker["worker-a"], perWorker["worker-b"], swept["worker-a"]+swept["worker-b"], swept["worker-a"], swept["worker-b"], len(twice))
	if len(twice) > 0 {
		t.Errorf("orders expired more than once: %v", twice)
	}
	if n := tasks + swept["worker-a"] + swept["worker-b"]; n != expired {
		t.Errorf("the workers expired %d orders, the database holds %d EXPIRED", n, expired)
	}
	if expired < 20 {
		t.Errorf("only %d orders expired; the test placed at least 20 to expire", expired)
	}
	problems, err := testkit.SupplyProblems(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) > 0 {
		t.Errorf("supply does not add up after the expiries: %v", problems)
	}
}
