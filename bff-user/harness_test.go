package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/hibiken/asynq"

	"prelaunch/core/runtime"
	"prelaunch/core/seed"
	"prelaunch/core/tasks"
	"prelaunch/core/testkit"
	"prelaunch/core/user"
)

const seedPW = "Admin@12345"

type harness struct {
	t         *testing.T
	d         *runtime.Deps
	app       *fiber.App
	companyID string
}

func setup(t *testing.T) *harness {
	t.Helper()
	d := testkit.Deps(t, "bffuser", 4)
	cid := testkit.Seed(t, d, seedPW)
	return &harness{t: t, d: d, app: newServer(d), companyID: cid}
}

type reply struct {
	Code    int
	Status  bool            `json:"status"`
	Message any             `json:"message"`
	Data    json.RawMessage `json:"data"`
	Header  http.Header
}

func (r reply) msg() string {
	if s, ok := r.Message.(string); ok {
		return s
	}
	b, _ := json.Marshal(r.Message)
	return string(b)
}

func (r reply) into(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", r.Data, err)
	}
}

func (h *harness) send(req *http.Request) reply {
	h.t.Helper()
	resp, err := h.app.Test(req, fiber.TestConfig{Timeout: 30 * time.Second, FailOnTimeout: true})
	if err != nil {
		h.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	r := reply{Code: resp.StatusCode, Header: resp.Header}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(b, &r); err != nil {
			h.t.Fatalf("%s %s: body %q: %v", req.Method, req.URL, b, err)
		}
	} else {
		r.Data = b
	}
	return r
}

// call sends a JSON body (nil for none) with an optional token.
func (h *harness) call(method, path, token string, body any) reply {
	h.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return h.send(req)
}

func (h *harness) form(method, path, token string, vals url.Values) reply {
	h.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(vals.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if token != "" {
		req.Header.Set("Authorization", token) // raw token form
	}
	return h.send(req)
}

func (h *harness) upload(token, name string, data []byte) reply {
	h.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("medias", name)
	_, _ = fw.Write(data)
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/superadmin/media/add", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return h.send(req)
}

func (h *harness) want(r reply, code int) {
	h.t.Helper()
	if r.Code != code {
		h.t.Fatalf("want %d, got %d: %s (data %s)", code, r.Code, r.msg(), r.Data)
	}
}

func (h *harness) login(email, pw string) string {
	h.t.Helper()
	r := h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": email, "password": pw})
	h.want(r, 200)
	var d struct{ Token string }
	r.into(h.t, &d)
	if d.Token == "" {
		h.t.Fatal("no token")
	}
	return d.Token
}

func (h *harness) buyerToken() string { return h.login(seed.DemoBuyerEmail, seedPW) }

var codeRe = regexp.MustCompile(`code is (\d{6})`)

// lastCode reads the newest OTP email enqueued for email (the worker's email:send task).
func (h *harness) lastCode(email string) string {
	h.t.Helper()
	ins := asynq.NewInspectorFromRedisClient(h.d.Redis)
	infos, err := ins.ListPendingTasks(tasks.QueueCritical, asynq.PageSize(1000))
	if err != nil {
		h.t.Fatalf("list email tasks: %v", err)
	}
	code := ""
	for _, ti := range infos {
		var p tasks.EmailSendPayload
		_ = json.Unmarshal(ti.Payload, &p)
		if p.To == email {
			if m := codeRe.FindStringSubmatch(p.Text); m != nil {
				code = m[1]
			}
		}
	}
	if code == "" {
		h.t.Fatalf("no code emailed to %s", email)
	}
	return code
}

// newBuyer registers a buyer directly in the database and returns a token.
func (h *harness) newBuyer(email string) (string, *user.User) {
	h.t.Helper()
	r := h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID, "name": "B " + email, "email": email, "mobile": "+91 98765 43210"})
	h.want(r, 200)
	r = h.call("POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": h.companyID, "name": "B " + email,
		"mobile": "+91 98765 43210", "email": email, "otp": h.lastCode(email), "dateOfBirth": "1990-05-17",
		"gender": "female", "pincode": "560001", "password": "Passw0rd!"})
	h.want(r, 200)
	var u user.User
	if err := h.d.DB.NewSelect().Model(&u).Where("email = ?", email).Scan(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	return h.login(email, "Passw0rd!"), &u
}

func (h *harness) exec(q string, args ...any) {
	h.t.Helper()
	if _, err := h.d.DB.ExecContext(context.Background(), q, args...); err != nil {
		h.t.Fatalf("%s: %v", q, err)
	}
}

func (h *harness) remaining() string {
	h.t.Helper()
	var s string
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT remaining_private_supply::text FROM tokens WHERE company_id = ?", h.companyID).Scan(&s); err != nil {
		h.t.Fatal(err)
	}
	return s
}

// Small valid files for uploads.
var (
	pngBytes  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0}, 64)...)
	jpegBytes = append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0}, bytes.Repeat([]byte{1}, 64)...)
	pdfBytes  = []byte("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")
	docBytes  = append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, bytes.Repeat([]byte{0}, 504)...)
)

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for name, b := range files {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Write(b)
	}
	_ = w.Close()
	return buf.Bytes()
}
