// Package auth issues and checks JWTs (HS256, typed claims, audience per app) and hashes passwords.
package auth

import (
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
)

// Audiences: a token is good only for the app it was issued for.
const (
	AudienceUser       = "user"
	AudienceAdmin      = "admin"
	AudienceSuperAdmin = "superadmin"

	issuer = "prelaunch"
)

// Claims are the typed claims of every Prelaunch token.
type Claims struct {
	jwt.RegisteredClaims
	Company string `json:"company,omitempty"`
	Role    string `json:"role"`
	Version int    `json:"ver"`
}

// Tokens signs and verifies tokens with one secret.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	clock  clock.Clock

	// verified remembers tokens whose signature, issuer and audience checked out, so a client's
	// repeat calls skip the HMAC and the JSON decoding of the claims (a third of the CPU of a
	// cheap authenticated call). Expiry and not-before are checked on every use; revocation is
	// the Verifier's business and is not affected.
	mu       sync.RWMutex
	verified map[verifiedKey]*Claims
}

type verifiedKey struct{ raw, aud string }

// maxVerified bounds the verified-token memory (about 0.5 KB per entry); when full it starts over.
const maxVerified = 50_000

func NewTokens(secret string, ttl time.Duration, c clock.Clock) *Tokens {
	return &Tokens{secret: []byte(secret), ttl: ttl, clock: c, verified: map[verifiedKey]*Claims{}}
}

// Issue signs a token for subject sub in audience aud.
func (t *Tokens) Issue(sub, company, role, aud string, version int) (string, error) {
	now := t.clock.Now()
	claims := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    issuer,
			Subject:   sub,
			Audience:  jwt.ClaimStrings{aud},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now.Add(-5 * time.Second)),
			ExpiresAt: jwt.NewNumericDate(now.Add(t.ttl)),
		},
		Company: company,
		Role:    role,
		Version: version,
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
}

var errBadToken = apperr.Unauthorized("invalid_token", "Your session is invalid or has expired. Please log in again.")

// ErrBadToken is returned for any token that does not verify; it never says why.
func ErrBadToken() error { return errBadToken }

// Parse verifies signature, algorithm, issuer, audience and expiry. The returned claims are
// shared: callers must not modify them.
func (t *Tokens) Parse(raw, aud string) (*Claims, error) {
	raw = StripBearer(raw)
	if raw == "" {
		return nil, apperr.Unauthorized("missing_token", "Please log in to continue.")
	}
	key := verifiedKey{raw, aud}
	t.mu.RLock()
	claims, ok := t.verified[key]
	t.mu.RUnlock()
	if ok {
		now := t.clock.Now()
		if now.Before(claims.ExpiresAt.Time) && (claims.NotBefore == nil || !now.Before(claims.NotBefore.Time)) {
			return claims, nil
		}
		t.mu.Lock()
		delete(t.verified, key)
		t.mu.Unlock()
		return nil, errBadToken
	}
	claims = &Claims{}
	_, err := jwt.ParseWithClaims(raw, claims, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithAudience(aud),
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.clock.Now),
	)
	if err != nil || claims.Subject == "" {
		return nil, errBadToken
	}
	t.mu.Lock()
	if len(t.verified) >= maxVerified {
		t.verified = map[verifiedKey]*Claims{}
	}
	// The raw token may point into the HTTP server's reusable request buffer (fiber hands out
	// zero-copy strings): the key must own its bytes.
	t.verified[verifiedKey{strings.Clone(raw), aud}] = claims
	t.mu.Unlock()
	return claims, nil
}

// StripBearer accepts both the raw token and "Bearer <token>" (records both).
func StripBearer(h string) string {
	h = strings.TrimSpace(h)
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return h
}
