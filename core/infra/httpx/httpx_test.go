package httpx_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/infra/platform"
	"prelaunch/core/infra/testkit"
)

func newApp(t *testing.T, dist string) *fiber.App {
	app := httpx.NewApp("test", slog.New(slog.NewTextHandler(io.Discard, nil)), 1024)
	app.Post("/api/v1/echo", func(c fiber.Ctx) error {
		var body struct {
			Name string `json:"name" form:"name"`
			N    int    `json:"n" form:"n"`
		}
		if err := httpx.Bind(c, &body); err != nil {
			return err
		}
		return httpx.OK(c, "ok", body)
	})
	app.Get("/api/v1/conflict", func(c fiber.Ctx) error { return apperr.Conflict("x", "Already done.") })
	app.Get("/api/v1/many", func(c fiber.Ctx) error {
		var v apperr.Validation
		v.CheckField(false, "name", "Name is required.")
		v.Add("Email is required.")
		return v.Err()
	})
	app.Get("/api/v1/fieldless", func(c fiber.Ctx) error { return apperr.Invalid("x", "Not for this site.") })
	app.Get("/api/v1/limited", func(c fiber.Ctx) error { return apperr.RateLimited("Too many attempts.", 1500_000_000) })
	app.Get("/api/v1/boom", func(c fiber.Ctx) error { return fmt.Errorf("secret internals: %d", 42) })
	app.Get("/api/v1/panic", func(c fiber.Ctx) error { panic("secret internals") })
	httpx.NotFoundAPI(app)
	httpx.ServeSPA(app, dist, nil)
	return app
}

func do(t *testing.T, app *fiber.App, req *http.Request) (*http.Response, httpx.Envelope, string) {
	t.Helper()
	// The default of app.Test is one second, less than /readyz's own two-second budget for a
	// dead dependency (the Redis client retries a refused dial), which a loaded machine can use up.
	resp, err := app.Test(req, fiber.TestConfig{Timeout: 30 * time.Second, FailOnTimeout: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	var env httpx.Envelope
	_ = json.Unmarshal(b, &env)
	return resp, env, string(b)
}

func TestErrorsBecomeEnvelopesWithTheRightStatus(t *testing.T) {
	app := newApp(t, t.TempDir())
	cases := []struct {
		path   string
		status int
		msg    string
	}{
		{"/api/v1/conflict", 409, "Already done."},
		{"/api/v1/nope", 404, "Not found."},
		{"/api/v1/boom", 500, "Something went wrong. Please try again."},
		{"/api/v1/panic", 500, "Something went wrong. Please try again."},
	}
	for _, c := range cases {
		resp, env, raw := do(t, app, httptest.NewRequest("GET", c.path, nil))
		if resp.StatusCode != c.status || env.Status || env.Message != c.msg {
			t.Errorf("%s: %d %s", c.path, resp.StatusCode, raw)
		}
		if strings.Contains(raw, "secret") || strings.Contains(raw, "EOF") {
			t.Errorf("%s leaks internals: %s", c.path, raw)
		}
	}
	_, env, _ := do(t, app, httptest.NewRequest("GET", "/api/v1/many", nil))
	if msgs, ok := env.Message.([]any); !ok || len(msgs) != 2 {
		t.Errorf("several validation messages must be an array, got %#v", env.Message)
	}
	// Issue 29 item 5: a 422 keeps its sentences and names the field of those that have one;
	// a 422 naming no field still carries errors, empty; other failures carry none.
	_, _, raw := do(t, app, httptest.NewRequest("GET", "/api/v1/many", nil))
	if !strings.Contains(raw, `"message":["Name is required.","Email is required."]`) ||
		!strings.Contains(raw, `"errors":[{"field":"name","message":"Name is required."}]`) {
		t.Errorf("422 with a field: %s", raw)
	}
	if _, _, raw := do(t, app, httptest.NewRequest("GET", "/api/v1/fieldless", nil)); !strings.Contains(raw, `"errors":[]`) {
		t.Errorf("422 without a field must carry an empty errors: %s", raw)
	}
	if _, _, raw := do(t, app, httptest.NewRequest("GET", "/api/v1/conflict", nil)); strings.Contains(raw, "errors") {
		t.Errorf("a 409 carries no errors: %s", raw)
	}
	resp, _, _ := do(t, app, httptest.NewRequest("GET", "/api/v1/limited", nil))
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "2" {
		t.Errorf("rate limited: %d Retry-After=%q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

func TestBindRefusesBadBodies(t *testing.T) {
	app := newApp(t, t.TempDir())
	post := func(ct, body string) (*http.Response, httpx.Envelope) {
		r := httptest.NewRequest("POST", "/api/v1/echo", strings.NewReader(body))
		if ct != "" {
			r.Header.Set("Content-Type", ct)
		}
		resp, env, _ := do(t, app, r)
		return resp, env
	}
	if resp, _ := post("application/json", `{"name":"a",`); resp.StatusCode != 400 {
		t.Errorf("malformed JSON: %d", resp.StatusCode)
	}
	if resp, env := post("application/json", `{"n":"seven"}`); resp.StatusCode != 400 || env.Message != "Invalid value for n." {
		t.Errorf("wrong type: %d %v", resp.StatusCode, env.Message)
	}
	if resp, _ := post("application/json", `[1,2]`); resp.StatusCode != 400 {
		t.Errorf("array body: %d", resp.StatusCode)
	}
	if resp, _ := post("text/xml", `<a/>`); resp.StatusCode != 415 {
		t.Errorf("xml: %d", resp.StatusCode)
	}
	if resp, env := post("application/x-www-form-urlencoded", "name=Asha&n=3"); resp.StatusCode != 200 || env.Data.(map[string]any)["name"] != "Asha" {
		t.Errorf("form: %d %v", resp.StatusCode, env.Data)
	}
}

func TestBodyOverTheLimitIs413JSON(t *testing.T) {
	app := newApp(t, t.TempDir())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer app.Shutdown()
	resp, err := http.Post("http://"+ln.Addr().String()+"/api/v1/echo", "application/json", strings.NewReader(strings.Repeat("x", 4096)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 413 || !strings.Contains(string(b), `"status":false`) {
		t.Fatalf("over the body limit: %d %s", resp.StatusCode, b)
	}
}

func TestSPAFallbackAndSecurityHeaders(t *testing.T) {
	dist := t.TempDir()
	_ = os.MkdirAll(filepath.Join(dist, "assets"), 0o755)
	_ = os.WriteFile(filepath.Join(dist, "index.html"), []byte("<html>the app</html>"), 0o644)
	_ = os.WriteFile(filepath.Join(dist, "assets", "app.js"), []byte("console.log(1)"), 0o644)
	app := newApp(t, dist)
	for _, p := range []string{"/", "/user/dashboard", "/admin/login?x=1"} {
		resp, _, raw := do(t, app, httptest.NewRequest("GET", p, nil))
		if resp.StatusCode != 200 || !strings.Contains(raw, "the app") {
			t.Errorf("%s: %d %q", p, resp.StatusCode, raw)
		}
		if !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: security headers missing", p)
		}
	}
	resp, _, raw := do(t, app, httptest.NewRequest("GET", "/assets/app.js", nil))
	if resp.StatusCode != 200 || raw != "console.log(1)" {
		t.Errorf("asset: %d %q", resp.StatusCode, raw)
	}
	resp, env, _ := do(t, app, httptest.NewRequest("GET", "/api/v1/unknown/path", nil))
	if resp.StatusCode != 404 || env.Status {
		t.Errorf("unknown API path must be a JSON 404, got %d", resp.StatusCode)
	}
}

func TestSPANotBuiltSaysSo(t *testing.T) {
	app := newApp(t, filepath.Join(t.TempDir(), "missing"))
	resp, env, _ := do(t, app, httptest.NewRequest("GET", "/", nil))
	if resp.StatusCode != 503 || !strings.Contains(env.Message.(string), "make build") {
		t.Errorf("got %d %v", resp.StatusCode, env.Message)
	}
}

func TestReadyzReportsADownDependency(t *testing.T) {
	d := testkit.Deps(t, "httpx", 1)
	app := httpx.NewApp("test", d.Log, 1024)
	httpx.Health(app, d.DB, d.Redis)
	resp, _, _ := do(t, app, httptest.NewRequest("GET", "/readyz", nil))
	if resp.StatusCode != 200 {
		t.Fatalf("ready with both up: %d", resp.StatusCode)
	}
	dead, _ := platform.OpenRedis("redis://127.0.0.1:1/0")
	defer dead.Close()
	app2 := httpx.NewApp("test", d.Log, 1024)
	httpx.Health(app2, d.DB, dead)
	resp, env, _ := do(t, app2, httptest.NewRequest("GET", "/readyz", nil))
	if resp.StatusCode != 503 || !strings.Contains(env.Message.(string), "redis") {
		t.Fatalf("redis down: %d %v", resp.StatusCode, env.Message)
	}
	resp, _, _ = do(t, app2, httptest.NewRequest("GET", "/healthz", nil))
	if resp.StatusCode != 200 {
		t.Fatalf("liveness must not depend on redis: %d", resp.StatusCode)
	}
}

func TestClientIPComesFromTheProxyHeaderOnlyFromTrustedProxies(t *testing.T) {
	ipOf := func(opts ...httpx.Option) string {
		app := httpx.NewApp("test", slog.New(slog.NewTextHandler(io.Discard, nil)), 1024, opts...)
		app.Get("/ip", func(c fiber.Ctx) error { return c.SendString(c.IP()) })
		req := httptest.NewRequest("GET", "/ip", nil)
		req.Header.Set("X-Forwarded-For", "203.0.113.9")
		resp, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	// app.Test connects from 0.0.0.0.
	if got := ipOf(); got == "203.0.113.9" {
		t.Fatal("the header must be ignored without a trusted proxy")
	}
	if got := ipOf(httpx.WithTrustedProxy("X-Forwarded-For", []string{"10.0.0.1"})); got == "203.0.113.9" {
		t.Fatal("the header must be ignored from an untrusted address")
	}
	if got := ipOf(httpx.WithTrustedProxy("X-Forwarded-For", []string{"0.0.0.0"})); got != "203.0.113.9" {
		t.Fatalf("from a trusted proxy the client IP is the header's, got %q", got)
	}
}

func TestAdmissionQueuesThenAnswersBusyAndLeavesHealthAlone(t *testing.T) {
	d := testkit.Deps(t, "httpx", 1)
	app := httpx.NewApp("test", d.Log, 1024)
	app.Use("/api", httpx.Admission(1, 200*time.Millisecond))
	httpx.Health(app, d.DB, d.Redis)
	entered, hold := make(chan struct{}), make(chan struct{})
	app.Get("/api/slow", func(c fiber.Ctx) error {
		close(entered)
		<-hold
		return httpx.OK(c, "done", nil)
	})
	app.Get("/api/fast", func(c fiber.Ctx) error { return httpx.OK(c, "fast", nil) })
	slow := make(chan int)
	go func() {
		resp, _, _ := do(t, app, httptest.NewRequest("GET", "/api/slow", nil))
		slow <- resp.StatusCode
	}()
	<-entered
	// The one place is taken: the next API request waits, then is told the server is busy.
	resp, env, _ := do(t, app, httptest.NewRequest("GET", "/api/fast", nil))
	if resp.StatusCode != 503 || env.Message != httpx.BusyMessage || resp.Header.Get("Retry-After") != "1" {
		t.Fatalf("full gate: %d %v Retry-After %q", resp.StatusCode, env.Message, resp.Header.Get("Retry-After"))
	}
	// Health probes are not API requests: answered at once.
	if resp, _, _ := do(t, app, httptest.NewRequest("GET", "/healthz", nil)); resp.StatusCode != 200 {
		t.Fatalf("/healthz behind the gate: %d", resp.StatusCode)
	}
	// A request that comes while the place is taken is served once it is given back.
	fast := make(chan int)
	go func() {
		resp, _, _ := do(t, app, httptest.NewRequest("GET", "/api/fast", nil))
		fast <- resp.StatusCode
	}()
	time.Sleep(50 * time.Millisecond)
	close(hold)
	if s := <-slow; s != 200 {
		t.Fatalf("slow: %d", s)
	}
	if s := <-fast; s != 200 {
		t.Fatalf("a waiting request served after the place was freed: %d", s)
	}
}
