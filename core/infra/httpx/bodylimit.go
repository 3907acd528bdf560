package httpx

import (
	"bytes"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"prelaunch/core/auth"
)

// JSONBodyLimit is the largest body of a JSON (or form) route: the largest real one is a few KB.
const JSONBodyLimit = 1 << 20

// AnonymousBodyLimit is the largest body of a request without a valid token: the sign-in and
// registration forms, and the 401 of a guarded route, never need more.
const AnonymousBodyLimit = 64 << 10

// LimitBodies decides each request's largest body from its headers alone, before the body is
// read (fasthttp's HeaderReceived): uploads (path → limit) take their documented limit, every
// other route JSONBodyLimit, and a request without a token that tokens verifies (signature,
// audience, expiry; no database) AnonymousBodyLimit. A longer Content-Length is refused with 413
// before one byte of the body is read, so a held connection costs its headers, not a 20 MB
// buffer. A chunked body is read up to the limit and then refused.
func LimitBodies(app *fiber.App, tokens *auth.Tokens, uploads map[string]int) {
	app.Server().HeaderReceived = func(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
		return fasthttp.RequestConfig{MaxRequestBodySize: bodyLimit(h, tokens, uploads)}
	}
}

var audiences = []string{auth.AudienceAdmin, auth.AudienceUser, auth.AudienceSuperAdmin}

func bodyLimit(h *fasthttp.RequestHeader, tokens *auth.Tokens, uploads map[string]int) int {
	limit := JSONBodyLimit
	path := h.RequestURI() // not parsed yet: the path is the URI up to its query
	if i := bytes.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	if l, ok := uploads[string(path)]; ok {
		limit = l
	}
	if limit <= AnonymousBodyLimit {
		return limit
	}
	// A request without a body (no Content-Length nor Transfer-Encoding: -2, nothing is read) or
	// with one announced within the anonymous limit passes either limit: its token need not be
	// verified here (the route verifies it). Most requests — every GET, every form — are such,
	// and verifying a token is an HMAC and a JSON decoding per audience tried.
	if n := h.ContentLength(); n == -2 || (n >= 0 && n <= AnonymousBodyLimit) {
		return AnonymousBodyLimit
	}
	raw := h.Peek(fiber.HeaderAuthorization)
	if len(raw) == 0 || !bytes.HasPrefix(bytes.ToLower(raw), []byte("bearer ")) {
		return AnonymousBodyLimit
	}
	tok := string(raw)
	for _, aud := range audiences {
		if _, err := tokens.Parse(tok, aud); err == nil {
			return limit
		}
	}
	return AnonymousBodyLimit
}
