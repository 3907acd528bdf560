package httpx

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
)

type fuzzBody struct {
	Name  string            `json:"name" form:"name"`
	N     int               `json:"n" form:"n"`
	F     float64           `json:"f" form:"f"`
	Ok    *bool             `json:"ok" form:"ok"`
	Tags  []string          `json:"tags" form:"tags"`
	Extra map[string]string `json:"extra"`
	Inner struct {
		S string `json:"s"`
	} `json:"inner"`
}

// FuzzBind: any body under any content type binds or is refused with 400/415 — never a panic or
// a 500 — and what binds is clean text (no NUL, valid UTF-8). Long run:
// go test -fuzz=FuzzBind -fuzztime=60s ./core/infra/httpx/
func FuzzBind(f *testing.F) {
	for _, s := range []struct{ ct, body string }{
		{"application/json", `{"name":"a","n":1}`}, {"application/json", `{"name":"\u0000"}`}, {"application/json", `{`},
		{"application/json", `[]`}, {"application/json", `{"n":"x"}`}, {"application/json", `{"n":1e308}`},
		{"application/json", `{"tags":["a",1]}`}, {"application/json", `{"extra":{"a":"\u0000"}}`},
		{"application/x-www-form-urlencoded", "name=a&n=2"}, {"application/x-www-form-urlencoded", "name=%00&n=x"},
		{"application/x-www-form-urlencoded", "name=%ff%fe"}, {"text/xml", "<a/>"}, {"", `{"name":"x"}`},
		{"multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nv\r\n--x--\r\n"},
	} {
		f.Add(s.ct, s.body)
	}
	app := NewApp("fuzz", slog.New(slog.NewTextHandler(io.Discard, nil)), 1<<20)
	app.Post("/b", func(c fiber.Ctx) error {
		var b fuzzBody
		if err := Bind(c, &b); err != nil {
			return err
		}
		if !checkText(reflect.ValueOf(&b), 0) {
			panic("unclean text bound")
		}
		return OK(c, "ok", nil)
	})
	f.Fuzz(func(t *testing.T, ct, body string) {
		if strings.ContainsAny(ct, "\r\n\x00") {
			return // not a header value an HTTP client can send
		}
		req := httptest.NewRequest("POST", "/b", strings.NewReader(body))
		req.Header.Set("Content-Type", ct)
		resp, err := app.Test(req)
		if err != nil {
			return // refused by the HTTP parser itself (e.g. a broken multipart body)
		}
		defer resp.Body.Close()
		switch resp.StatusCode {
		case 200, 400, 413, 415:
		default:
			t.Fatalf("content type %q body %q: status %d", ct, body, resp.StatusCode)
		}
	})
}
