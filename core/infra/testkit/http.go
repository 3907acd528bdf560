package testkit

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"github.com/valyala/fasthttp"

	"prelaunch/core/auth"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
)

// Reply is one answer of a BFF: the status code, the decoded envelope and the headers. A body
// that is not JSON (a served file) is kept whole in Data.
type Reply struct {
	Code    int
	Status  bool            `json:"status"`
	Message any             `json:"message"`
	Data    json.RawMessage `json:"data"`
	// Errors is a 422's field of each sentence that has one (httpx.Map).
	Errors []apperr.FieldError `json:"errors"`
	Header http.Header
}

// FieldMsg is what a 422 says about one request field (its sentences in one line; "" for none).
func (r Reply) FieldMsg(field string) string {
	var out []string
	for _, e := range r.Errors {
		if e.Field == field {
			out = append(out, e.Message)
		}
	}
	return strings.Join(out, " ")
}

// Msg is the message as one string (an array of messages as JSON).
func (r Reply) Msg() string {
	if s, ok := r.Message.(string); ok {
		return s
	}
	b, _ := json.Marshal(r.Message)
	return string(b)
}

// Into decodes Data into v.
func (r Reply) Into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", r.Data, err)
	}
}

// HTTP drives a Fiber app in-process, the way the apps call it. Every answer is checked against
// Spec, the OpenAPI contract of the server under test (UserAPI or AdminAPI); without one, Send
// fails the test.
type HTTP struct {
	T    testing.TB
	App  *fiber.App
	Spec *Contract
}

// Send runs one request (30 s at most).
func (h HTTP) Send(req *http.Request) Reply {
	h.T.Helper()
	resp, err := h.App.Test(req, fiber.TestConfig{Timeout: 30 * time.Second, FailOnTimeout: true})
	if errors.Is(err, fasthttp.ErrBodyTooLarge) {
		// A body beyond the route's limit (httpx.LimitBodies) is refused from its headers: a real
		// listener answers 413 before reading it (core/infra/httpx TestBodiesAreRefusedBeforeTheyAreRead),
		// where app.Test returns the error instead.
		return Reply{Code: fiber.StatusRequestEntityTooLarge}
	}
	if err != nil {
		h.T.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	h.Spec.Check(h.T, req, resp, b)
	r := Reply{Code: resp.StatusCode, Header: resp.Header}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(b, &r); err != nil {
			h.T.Fatalf("%s %s: body %q: %v", req.Method, req.URL, b, err)
		}
	} else {
		r.Data = b
	}
	return r
}

// Call sends body as JSON (nil for none). The token goes as "Bearer <token>"; a "raw:" prefix
// sends what follows as the whole Authorization header.
func (h HTTP) Call(method, path, token string, body any) Reply {
	h.T.Helper()
	return h.Send(JSONRequest(method, path, token, body))
}

// JSONRequest is the request Call sends (its Host is example.com; set req.Host to change it).
func JSONRequest(method, path, token string, body any) *http.Request {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	setAuth(req, token)
	return req
}

// Form sends vals form-urlencoded, with the token as the raw Authorization header.
func (h HTTP) Form(method, path, token string, vals url.Values) Reply {
	h.T.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(vals.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	return h.Send(req)
}

// Upload posts files to the upload route in the multipart field "medias".
func (h HTTP) Upload(token string, files map[string][]byte) Reply {
	h.T.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for name, data := range files {
		fw, _ := w.CreateFormFile("medias", name)
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/superadmin/media/add", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	setAuth(req, token)
	return h.Send(req)
}

func setAuth(req *http.Request, token string) {
	if raw, ok := strings.CutPrefix(token, "raw:"); ok {
		req.Header.Set("Authorization", raw)
	} else if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
}

var codeRe = regexp.MustCompile(`code is (\d{6})`)

// QueuedEmails are the email:send tasks waiting for to (tests read codes here, not from a worker).
func QueuedEmails(t testing.TB, rdb *redis.Client, to string) []tasks.EmailSendPayload {
	t.Helper()
	infos, err := asynq.NewInspectorFromRedisClient(rdb).ListPendingTasks(tasks.QueueCritical, asynq.PageSize(1000))
	if err != nil && !strings.Contains(err.Error(), "not found") {
		t.Fatalf("list email tasks: %v", err)
	}
	var out []tasks.EmailSendPayload
	for _, ti := range infos {
		var p tasks.EmailSendPayload
		_ = json.Unmarshal(ti.Payload, &p)
		if p.To == to {
			out = append(out, p)
		}
	}
	return out
}

// EmailedCode is the newest one-time code queued for to.
func EmailedCode(t testing.TB, rdb *redis.Client, to string) string {
	t.Helper()
	code := ""
	for _, m := range QueuedEmails(t, rdb, to) {
		if c := codeRe.FindStringSubmatch(m.Text); c != nil {
			code = c[1]
		}
	}
	if code == "" {
		t.Fatalf("no code emailed to %s", to)
	}
	return code
}

// ForgedTokens are tokens for sub that must all be refused: expired, signed with another key,
// and alg "none".
func ForgedTokens(secret, sub, company, role, aud string, version int) map[string]string {
	past := auth.NewTokens(secret, time.Hour, clock.NewFixed(time.Now().Add(-2*time.Hour)))
	expired, _ := past.Issue(sub, company, role, aud, version)
	other := auth.NewTokens("another-key-another-key-another-key-9999", time.Hour, clock.System{})
	otherKey, _ := other.Issue(sub, company, role, aud, version)
	enc := base64.RawURLEncoding.EncodeToString
	claims, _ := json.Marshal(map[string]any{"iss": "prelaunch", "sub": sub, "aud": []string{aud}, "company": company,
		"role": role, "ver": version, "exp": time.Now().Add(time.Hour).Unix()})
	none := enc([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + enc(claims) + "."
	return map[string]string{"expired": expired, "other-key": otherKey, "alg-none": none}
}

// LogBuffer is a goroutine-safe writer a server can log into, so a test can read the log.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *LogBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *LogBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.buf.String() }

// NoLeak fails when body contains any of the other party's secrets.
func NoLeak(t testing.TB, where, body string, secrets ...string) {
	t.Helper()
	for _, x := range secrets {
		if x != "" && strings.Contains(body, x) {
			t.Errorf("%s leaks %q: %.300s", where, x, body)
		}
	}
}

// JWTLike matches a JSON Web Token (base64url header and payload, both JSON objects, so both
// start "eyJ", joined by dots). Tests that logs or answers carry no token look for this, not for
// "eyJ" alone: a random 43-character request id contains "eyJ" about once in 6,400, and a test
// logs hundreds of them (a flaky failure seen in bff-admin's authorization matrix).
var JWTLike = regexp.MustCompile(`eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.`)

// NoToken fails when text (a log, an answer) carries a JSON Web Token, showing the first lines
// that do.
func NoToken(t testing.TB, where, text string) {
	t.Helper()
	if !JWTLike.MatchString(text) {
		return
	}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if JWTLike.MatchString(l) && len(lines) < 5 {
			lines = append(lines, l)
		}
	}
	t.Errorf("%s carries a token:\n%s", where, strings.Join(lines, "\n"))
}
