package main

import (
	"archive/zip"
	"bytes"
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
	"prelaunch/core/seed"
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

type reply = testkit.Reply

func (h *harness) http() testkit.HTTP { return testkit.HTTP{T: h.t, App: h.app, Spec: testkit.UserAPI} }

func (h *harness) send(req *http.Request) reply { return h.http().Send(req) }

// call sends a JSON body (nil for none) with an optional token.
func (h *harness) call(method, path, token string, body any) reply {
	return h.http().Call(method, path, token, body)
}

// form sends a form-urlencoded body with the raw token (records both header forms).
func (h *harness) form(method, path, token string, vals url.Values) reply {
	return h.http().Form(method, path, token, vals)
}

func (h *harness) upload(token, name string, data []byte) reply {
	return h.http().Upload(token, map[string][]byte{name: data})
}

func (h *harness) want(r reply, code int) {
	h.t.Helper()
	if r.Code != code {
		h.t.Fatalf("want %d, got %d: %s (data %s)", code, r.Code, r.Msg(), r.Data)
	}
}

func (h *harness) login(email, pw string) string {
	h.t.Helper()
	r := h.call("POST", "/api/v1/user/auth/login", "", map[string]any{"companyId": h.companyID, "user": email, "password": pw})
	h.want(r, 200)
	var d struct{ Token string }
	r.Into(h.t, &d)
	if d.Token == "" {
		h.t.Fatal("no token")
	}
	return d.Token
}

func (h *harness) buyerToken() string { return h.login(seed.DemoBuyerEmail, seedPW) }

// lastCode reads the newest OTP email enqueued for email (the worker's email:send task).
func (h *harness) lastCode(email string) string { return testkit.EmailedCode(h.t, h.d.Redis, email) }

// newBuyer registers a buyer directly in the database and returns a token.
func (h *harness) newBuyer(email string) (string, *user.User) {
	h.t.Helper()
	mobile := testkit.Mobile()
	r := h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID, "name": "B " + email, "email": email, "mobile": mobile})
	h.want(r, 200)
	r = h.call("POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": h.companyID, "name": "B " + email,
		"mobile": mobile, "email": email, "otp": h.lastCode(email), "dateOfBirth": "1990-05-17",
		"gender": "female", "pincode": "560001", "password": "Passw0rd!"})
	h.want(r, 200)
	// The buyers of these tests have proved their mobile by SMS (a KYC needs it); mobile_test.go
	// starts from a buyer whose mobile is not proved.
	h.exec("UPDATE users SET mobile_verified_at = now() WHERE email = ?", email)
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
	// A direct change stands for another process's: evict here at once, as core's own writes
	// do after their commit (the users trigger's notification would do it a moment later).
	h.d.Verifier.Cache.Revoke("*")
}

func (h *harness) remaining() string {
	h.t.Helper()
	var s string
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT token_remaining(id)::text FROM tokens WHERE company_id = ?", h.companyID).Scan(&s); err != nil {
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
