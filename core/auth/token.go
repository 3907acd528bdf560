// Package auth issues and checks JWTs (HS256, typed claims, audience per app) and hashes passwords.
package auth

import (
	"errors"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"prelaunch/core/apperr"
	"prelaunch/core/clock"
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
}

func NewTokens(secret string, ttl time.Duration, c clock.Clock) *Tokens {
	return &Tokens{secret: []byte(secret), ttl: ttl, clock: c}
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

// Parse verifies signature, algorithm, issuer, audience and expiry.
func (t *Tokens) Parse(raw, aud string) (*Claims, error) {
	raw = StripBearer(raw)
	if raw == "" {
		return nil, apperr.Unauthorized("missing_token", "Please log in to continue.")
	}
	claims := &Claims{}
	_, err := jwt.ParseWithClaims(raw, claims, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithAudience(aud),
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.clock.Now),
	)
	if err != nil || claims.Subject == "" {
		if err == nil {
			err = errors.New("no subject")
		}
		return nil, errBadToken
	}
	return claims, nil
}

// StripBearer accepts both the raw token and "Bearer <token>" (SPEC §6 records both).
func StripBearer(h string) string {
	h = strings.TrimSpace(h)
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return h
}
