package httpx

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/admission"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/metrics"
)

// AdmissionWait is how long an API request waits for its turn before it is answered 503.
const AdmissionWait = 10 * time.Second

// BusyMessage answers an API request that waited longer than the admission gate allows.
const BusyMessage = "The server is busy. Please try again in a moment."

// Admission lets at most active API requests run their handlers at once (MAX_ACTIVE_REQUESTS);
// the others wait their turn in the order they came, and one that has waited longer than wait
// is answered 503 (BusyMessage, Retry-After: 1) without running. active ≤ 0: no gate.
//
// Why (docs/decisions/0018): a BFF's handlers share a pool of 32 database connections and two
// CPUs. Without the gate, 64 requests at once all start, the pool hands each freed connection to
// a random waiter (database/sql), and 64 Postgres backends take turns on the CPUs: the median
// request is fine but the slowest waits several times as long. With the gate, as many requests
// run as the machine serves well and the rest queue first come, first served, so the slowest is
// close to the median.
//
// A streamed answer (an export) gives its place back when its handler returns, before the body
// is written; a password hash gives it back before hashing (auth.HashPassword, admission.Release).
func Admission(active int, wait time.Duration) fiber.Handler {
	g := admission.New(active, wait)
	if g == nil {
		return func(c fiber.Ctx) error { return c.Next() }
	}
	g.Waiting = metrics.HTTPWaiting.Add
	return func(c fiber.Ctx) error {
		ctx, leave, err := g.Enter(c.Context())
		if err != nil {
			metrics.HTTPBusy.Inc()
			c.Set(fiber.HeaderRetryAfter, "1")
			return apperr.Unavailable("busy", BusyMessage, nil)
		}
		defer leave()
		c.SetContext(ctx)
		return c.Next()
	}
}
