package httpx

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/session"
)

type principalKey struct{}

// RequireAuth admits only callers with a valid, unrevoked token of one of the audiences.
// A token of another audience is refused with 401 (it does not verify for this app).
func RequireAuth(v *session.Verifier, audiences ...string) fiber.Handler {
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
func RequireAuthThen(v *session.Verifier, check func(c fiber.Ctx) error, audiences ...string) fiber.Handler {
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
// a token carries Cache-Control: no-store (DESIGN §13): personal and bank details and signed
// links must not be kept by a browser or a proxy.
func admitter(v *session.Verifier, audiences []string) func(c fiber.Ctx) error {
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
