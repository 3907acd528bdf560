package httpx_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/auth"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/httpx"
)

// Issue 27, finding 4: any route read a 20 MB body before its 413, without a token; 8 held
// connections took bff-admin from 90 to 314 MB. The limit is now decided from the headers: a
// Content-Length beyond it is answered 413 at once, without waiting for (or reading) the body.
func TestBodiesAreRefusedBeforeTheyAreRead(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tokens := auth.NewTokens(strings.Repeat("k", 40), time.Hour, clock.System{})
	app := httpx.NewApp("test", log, 21<<20)
	httpx.LimitBodies(app, tokens, map[string]int{"/upload": 6 << 20})
	app.Post("/json", func(c fiber.Ctx) error { return c.SendString(fmt.Sprint(len(c.Body()))) })
	app.Post("/upload", func(c fiber.Ctx) error { return c.SendString(fmt.Sprint(len(c.Body()))) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- httpx.Serve(ctx, app, ln, log) }()
	defer func() { cancel(); <-done }()
	tok, err := tokens.Issue("u1", "c1", "ADMIN", auth.AudienceAdmin, 1)
	if err != nil {
		t.Fatal(err)
	}
	// status sends only the headers announcing length bytes and reads the answer: a body the
	// server waited for would time out.
	status := func(path, token string, length int) int {
		t.Helper()
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(3 * time.Second))
		auth := ""
		if token != "" {
			auth = "Authorization: Bearer " + token + "\r\n"
		}
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%sContent-Length: %d\r\n\r\n", path, auth, length)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			return 0 // no answer: the server is waiting for the body
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		path, token  string
		length, want int
	}{
		{"/json", "", 20 << 20, 413},                // no token: 64 KB
		{"/json", "garbage", 20 << 20, 413},         // a token that does not verify
		{"/json", tok, 20 << 20, 413},               // signed in, JSON: 1 MB
		{"/json", tok, 2 << 20, 413},                //
		{"/upload", "", 5 << 20, 413},               // an upload without a token
		{"/upload", tok, 7 << 20, 413},              // beyond the upload's limit
		{"/upload?x=1", "bad." + tok, 5 << 20, 413}, // a tampered token
	} {
		if got := status(c.path, c.token, c.length); got != c.want {
			t.Errorf("%s token %.8q length %d: %d, want %d at once", c.path, c.token, c.length, got, c.want)
		}
	}
	// within the limits, bodies are read as before
	send := func(path, token string, n int) int {
		req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+path, strings.NewReader(strings.Repeat("a", n)))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode == 200 && string(b) != fmt.Sprint(n) {
			t.Errorf("%s read %s of %d", path, b, n)
		}
		return resp.StatusCode
	}
	for _, c := range []struct {
		path, token string
		n, want     int
	}{
		{"/json", "", 60 << 10, 200}, {"/json", tok, 1 << 20, 200}, {"/upload", tok, 6 << 20, 200}, {"/json", "", 70 << 10, 413},
	} {
		if got := send(c.path, c.token, c.n); got != c.want {
			t.Errorf("%s %d bytes: %d, want %d", c.path, c.n, got, c.want)
		}
	}
}
