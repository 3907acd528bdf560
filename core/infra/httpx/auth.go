package httpx

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
)

type principalKey struct{}

// Authenticator turns a bearer token into the signed-in caller it names, refusing revoked
// tokens; session.Verifier is the one the servers use. httpx knows only this interface, so the
// HTTP layer never imports the packages that read accounts.
type Authenticator interface {
	// Authenticate verifies raw for the audience aud against the account it names.
	Authenticate(ctx context.Context, raw, aud string) (*auth.Principal, error)
	// Signed reports whether raw is a well-signed, unexpired token of audience aud, without
	// reading the account.
	Signed(raw, aud string) bool
}

// RequireAuth admits only callers with a valid, unrevoked token of one of the audiences.
// A token of another audience is refused with 401 (it does not verify for this app).
func RequireAuth(v Authenticator, audiences ...string) fiber.Handler {
	admit := admitter(v, audiences)
	return func(c fiber.Ctx) error {
		if err := admit(c); err != nil {
			return err
		}
		return c.Next()
	}
}

// RequireAuthThen is RequireAuth followed by check, which runs with the caller admitted and may
// refuse the call (bff-admin's uploads: two-factor enrolment).
func RequireAuthThen(v Authenticator, check func(c fiber.Ctx) error, audiences ...string) fiber.Handler {
	admit := admitter(v, audiences)
	return func(c fiber.Ctx) error {
		if err := admit(c); err != nil {
			return err
		}
		if err := check(c); err != nil {
			return err
		}
		return c.Next()
	}
}

// admitter is RequireAuth without the step to the next handler. Every answer of a call that takes
// a token carries Cache-Control: no-store: personal and bank details and signed
// links must not be kept by a browser or a proxy.
func admitter(v Authenticator, audiences []string) func(c fiber.Ctx) error {
	return func(c fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "no-store")
		raw := Bearer(c)
		var lastErr error
		for _, aud := range audiences {
			p, err := v.Authenticate(c.Context(), raw, aud)
			if err == nil {
				c.Locals(principalKey{}, p)
				return nil
			}
			lastErr = err
		}
		return lastErr
	}
}

// Principal is the caller admitted by RequireAuth.
func Principal(c fiber.Ctx) *auth.Principal {
	p, _ := c.Locals(principalKey{}).(*auth.Principal)
	return p
}

// Actor is the caller as the audit log records them.
func Actor(c fiber.Ctx) audit.Actor {
	p := Principal(c)
	if p == nil {
		return audit.Actor{Kind: "system", IP: c.IP()}
	}
	kind := p.Audience
	return audit.Actor{ID: p.ID, Kind: kind, CompanyID: p.CompanyID, IP: c.IP()}
}
