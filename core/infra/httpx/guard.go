package httpx

import (
	"slices"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/auth"
	"prelaunch/core/infra/apperr"
)

var allAudiences = []string{auth.AudienceUser, auth.AudienceAdmin, auth.AudienceSuperAdmin}

// Guard admits callers signed in for one of audiences. No token, a bad one or a revoked one is
// 401; a valid token of another app (a buyer's, or an admin's on a super admin call) is 403.
func Guard(v Authenticator, audiences ...string) fiber.Handler {
	return GuardThen(v, nil, audiences...)
}

// GuardThen is Guard followed by check, which runs with the caller admitted (Principal set) and
// may refuse the call: a rule every route of an area shares, such as two-factor enrolment.
func GuardThen(v Authenticator, check func(c fiber.Ctx) error, audiences ...string) fiber.Handler {
	admit := admitter(v, audiences)
	inner := func(c fiber.Ctx) error {
		if err := admit(c); err != nil {
			return err
		}
		if check != nil {
			if err := check(c); err != nil {
				return err
			}
		}
		return c.Next()
	}
	var others []string
	for _, a := range allAudiences {
		if !slices.Contains(audiences, a) {
			others = append(others, a)
		}
	}
	return func(c fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "no-store")
		raw := Bearer(c)
		for _, aud := range audiences {
			if v.Signed(raw, aud) {
				return inner(c)
			}
		}
		for _, aud := range others {
			if _, err := v.Authenticate(c.Context(), raw, aud); err == nil {
				return apperr.Forbidden("wrong_area", "You do not have access to this area.")
			}
		}
		return inner(c)
	}
}

// SameCompany refuses (403) a signed-in caller of another company than companyOf(c), the company
// the server answers for on this request. It runs after RequireAuth or Guard.
func SameCompany(companyOf func(c fiber.Ctx) string) fiber.Handler {
	return func(c fiber.Ctx) error {
		if p := Principal(c); p == nil || p.CompanyID != companyOf(c) {
			return apperr.Forbidden("wrong_company", "Your account belongs to another company's site.")
		}
		return c.Next()
	}
}

// NoStore marks the answer (success or error) Cache-Control: no-store: the sign-in calls, whose
// answers carry a token or a challenge and are public routes, so no Guard sets it for them.
func NoStore(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Next()
}
