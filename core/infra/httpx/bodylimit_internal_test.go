package httpx

import (
	"bufio"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"prelaunch/core/auth"
	"prelaunch/core/infra/clock"
)

// The token is verified only when the announced body is larger than a request without one may
// send: a GET or a small form costs no HMAC (bodyLimit runs for every request).
func TestBodyLimitVerifiesTokensOnlyForLargeBodies(t *testing.T) {
	tokens := auth.NewTokens(strings.Repeat("k", 40), time.Hour, clock.System{})
	tok, err := tokens.Issue("u1", "c1", "USER", auth.AudienceUser, 1)
	if err != nil {
		t.Fatal(err)
	}
	// header parses a request's head as the server does: length -2 sends no Content-Length (and
	// no Transfer-Encoding), -1 sends a chunked body.
	header := func(method string, length int, token string) *fasthttp.RequestHeader {
		head := method + " /api/v1/user/transaction/list?page=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token + "\r\n"
		switch {
		case length == -1:
			head += "Transfer-Encoding: chunked\r\n"
		case length >= 0:
			head += "Content-Length: " + strconv.Itoa(length) + "\r\n"
		}
		var h fasthttp.RequestHeader
		if err := h.Read(bufio.NewReader(strings.NewReader(head + "\r\n"))); err != nil {
			t.Fatal(err)
		}
		return &h
	}
	for _, c := range []struct {
		method string
		length int
		want   int
		allocs bool // whether the token had to be verified (it allocates)
	}{
		{"GET", -2, AnonymousBodyLimit, false},
		{"GET", 0, AnonymousBodyLimit, false},
		{"POST", -2, AnonymousBodyLimit, false}, // no length, no chunks: no body is read
		{"POST", 2 << 10, AnonymousBodyLimit, false},
		{"POST", AnonymousBodyLimit, AnonymousBodyLimit, false},
		{"POST", AnonymousBodyLimit + 1, JSONBodyLimit, true},
		{"POST", -1, JSONBodyLimit, true}, // chunked: the length is not known
	} {
		h := header(c.method, c.length, tok)
		if got := bodyLimit(h, tokens, nil); got != c.want {
			t.Errorf("%s length %d: limit %d, want %d", c.method, c.length, got, c.want)
		}
		n := testing.AllocsPerRun(20, func() { bodyLimit(h, tokens, nil) })
		if (n > 0) != c.allocs {
			t.Errorf("%s length %d: %.0f allocations per call; token verified: %v, want %v", c.method, c.length, n, n > 0, c.allocs)
		}
	}
	// a forged token with a large body still gets the anonymous limit
	h := header("POST", 1<<20, "x"+tok)
	if got := bodyLimit(h, tokens, nil); got != AnonymousBodyLimit {
		t.Errorf("forged token: limit %d, want %d", got, AnonymousBodyLimit)
	}
}
