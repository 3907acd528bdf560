package httpx

import (
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
	header := func(method string, length int) *fasthttp.RequestHeader {
		var h fasthttp.RequestHeader
		h.SetMethod(method)
		h.SetRequestURI("/api/v1/user/transaction/list?page=1")
		h.Set("Authorization", "Bearer "+tok)
		h.SetContentLength(length)
		return &h
	}
	for _, c := range []struct {
		method string
		length int
		want   int
		allocs bool // whether the token had to be verified (it allocates)
	}{
		{"GET", 0, AnonymousBodyLimit, false},
		{"POST", 2 << 10, AnonymousBodyLimit, false},
		{"POST", AnonymousBodyLimit, AnonymousBodyLimit, false},
		{"POST", AnonymousBodyLimit + 1, JSONBodyLimit, true},
		{"POST", -1, JSONBodyLimit, true}, // chunked: the length is not known
	} {
		h := header(c.method, c.length)
		if got := bodyLimit(h, tokens, nil); got != c.want {
			t.Errorf("%s length %d: limit %d, want %d", c.method, c.length, got, c.want)
		}
		n := testing.AllocsPerRun(20, func() { bodyLimit(h, tokens, nil) })
		if (n > 0) != c.allocs {
			t.Errorf("%s length %d: %.0f allocations per call; token verified: %v, want %v", c.method, c.length, n, n > 0, c.allocs)
		}
	}
	// a forged token with a large body still gets the anonymous limit
	h := header("POST", 1<<20)
	h.Set("Authorization", "Bearer x"+tok)
	if got := bodyLimit(h, tokens, nil); got != AnonymousBodyLimit {
		t.Errorf("forged token: limit %d, want %d", got, AnonymousBodyLimit)
	}
}
