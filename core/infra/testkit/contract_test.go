package testkit

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v3"
)

// recorder is a testing.TB that keeps what the contract check reports instead of failing.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf("FATAL "+format, args...) }

func (r *recorder) take() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := strings.Join(r.errs, "\n")
	r.errs = nil
	return s
}

// thingApp answers GET /api/v1/thing?as=<kind> right or with one breach of the contract.
func thingApp() *fiber.App {
	app := fiber.New()
	app.Get("/api/v1/thing", func(c fiber.Ctx) error {
		data := fiber.Map{"name": "a", "count": 1}
		switch c.Query("as") {
		case "wrong-type":
			data["count"] = "one"
		case "undeclared-field":
			data["colour"] = "red"
		case "missing-field":
			delete(data, "count")
		case "undocumented-status":
			return c.Status(fiber.StatusTeapot).JSON(fiber.Map{"status": false, "message": "I'm a teapot", "data": nil})
		case "wrong-content-type":
			return c.Status(fiber.StatusOK).SendString(`{"status":true,"message":"ok","data":{"name":"a","count":1}}`)
		}
		return c.JSON(fiber.Map{"status": true, "message": "ok", "data": data})
	})
	app.Get("/api/*", func(c fiber.Ctx) error {
		if c.Query("as") == "undeclared-field" {
			return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"status": false, "message": "Not found.", "data": nil, "path": c.Path()})
		}
		return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"status": false, "message": "Not found.", "data": nil})
	})
	app.Get("/*", func(c fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.SendString("<!doctype html><title>app</title>")
	})
	return app
}

// Each of the five kinds of breach fails the test, naming the route and the breach; an answer
// that keeps the contract, an unknown API path's 404 and a page of the app pass.
func TestContractReportsABreach(t *testing.T) {
	rec := &recorder{TB: t}
	h := HTTP{T: rec, App: thingApp(), Spec: LoadContract("testdata/contract.yaml")}

	for _, path := range []string{"/api/v1/thing", "/api/v1/nothing/here", "/user/dashboard"} {
		h.Call("GET", path, "", nil)
		if got := rec.take(); got != "" {
			t.Errorf("GET %s keeps the contract but was reported:\n%s", path, got)
		}
	}

	breaches := map[string][]string{
		"wrong-type":          {"$.data.count", "got string, want integer"},
		"undeclared-field":    {"$.data", "additional properties 'colour' not allowed"},
		"missing-field":       {"$.data", "missing property 'count'"},
		"undocumented-status": {"answered 418", "418"},
		"wrong-content-type":  {"text/plain", "content type"},
	}
	for kind, want := range breaches {
		route := "/api/v1/thing?as=" + kind
		h.Call("GET", route, "", nil)
		got := rec.take()
		if got == "" {
			t.Errorf("%s: not reported", kind)
			continue
		}
		if !strings.Contains(got, "GET "+route) {
			t.Errorf("%s: the report does not name the route:\n%s", kind, got)
		}
		for _, w := range want {
			if !strings.Contains(strings.ToLower(got), strings.ToLower(w)) {
				t.Errorf("%s: the report does not say %q:\n%s", kind, w, got)
			}
		}
	}

	// An unknown API path is held to the 404 of /api/{unknownPath}.
	h.Call("GET", "/api/v1/nothing?as=undeclared-field", "", nil)
	if got := rec.take(); !strings.Contains(got, "additional properties 'path' not allowed") {
		t.Errorf("an unknown API path's answer was not checked:\n%s", got)
	}
}

// A harness that forgets to name its contract fails at its first request.
func TestHTTPWithoutSpecFails(t *testing.T) {
	rec := &recorder{TB: t}
	HTTP{T: rec, App: thingApp()}.Send(httptest.NewRequest("GET", "/api/v1/thing", nil))
	if got := rec.take(); !strings.Contains(got, "Spec is not set") {
		t.Errorf("no contract named, yet: %q", got)
	}
}

// Both documents load and are valid OpenAPI 3.1.
func TestContractsAreValidOpenAPI(t *testing.T) {
	for _, c := range []*Contract{UserAPI, AdminAPI} {
		if _, err := c.load(); err != nil {
			t.Errorf("%s: %v", c.path, err)
		}
	}
}
