package httpx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"prelaunch/core/infra/apperr"
)

// HeaderIdempotencyKey is the request header Idempotent reads.
const HeaderIdempotencyKey = "Idempotency-Key"

const (
	// IdempotencyTTL is how long a key's first answer is kept and answered again.
	IdempotencyTTL = 24 * time.Hour
	// idempotencyInFlight bounds how long a key stays claimed by a request that never answered
	// (a crashed process): far above the server's write timeout, far below the 24 h.
	idempotencyInFlight = 5 * time.Minute
	maxIdempotencyKey   = 255
)

// idemEntry is what Redis holds under a key: the request's fingerprint and, once answered, the
// answer's status and body.
type idemEntry struct {
	Fingerprint string `json:"fp"`
	Status      int    `json:"status,omitempty"`
	Body        []byte `json:"body,omitempty"`
}

func errIdemInFlight() error {
	return apperr.Conflict("idempotency_in_flight", "This request is already being processed.")
}

func errIdemMismatch() error {
	return apperr.Invalid("idempotency_mismatch", "This Idempotency-Key was used for a different request.")
}

func validIdemKey(k string) bool {
	if len(k) == 0 || len(k) > maxIdempotencyKey {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// Idempotent makes a signed-in POST answer once per Idempotency-Key: the same key
// from the same caller on the same route within 24 h answers the first answer again (status and
// body) instead of acting again. Keys are per caller (another caller's same key acts normally).
// The key is claimed with SET NX before the handler runs, so a concurrent duplicate gets 409 "This
// request is already being processed."; a key sent again with a different body (or content type)
// gets 422. Answers of 500 and above are not kept: the key is released so a retry acts. Without
// the header the route behaves as before. Mount it after RequireAuth.
func Idempotent(rdb redis.UniversalClient) fiber.Handler {
	return func(c fiber.Ctx) error {
		key := c.Get(HeaderIdempotencyKey)
		if key == "" {
			return c.Next()
		}
		if !validIdemKey(key) {
			return apperr.Invalid("bad_idempotency_key", "The Idempotency-Key must be 1 to 255 printable characters.")
		}
		p := Principal(c)
		if p == nil {
			return c.Next()
		}
		ks := sha256.Sum256([]byte(key))
		rkey := "idem:" + p.Audience + ":" + p.ID + ":" + c.Path() + ":" + hex.EncodeToString(ks[:])
		fp := sha256.New()
		fp.Write([]byte(c.Method() + "\n" + c.Path() + "\n" + c.Get(fiber.HeaderContentType) + "\n"))
		fp.Write(c.Body())
		mine := idemEntry{Fingerprint: hex.EncodeToString(fp.Sum(nil))}
		claim, _ := json.Marshal(mine)

		ctx := c.Context()
		ok, err := rdb.SetNX(ctx, rkey, claim, idempotencyInFlight).Result()
		if err != nil {
			return apperr.Unavailable("redis_unavailable", MsgUnavailable, err)
		}
		if !ok {
			return replay(c, rdb, rkey, mine.Fingerprint)
		}

		done := false
		defer func() {
			if !done { // a panic or a 5xx: release the key so a retry acts
				_ = rdb.Del(context.WithoutCancel(ctx), rkey).Err()
			}
		}()
		if err := c.Next(); err != nil {
			if herr := c.App().ErrorHandler(c, err); herr != nil {
				return herr
			}
		}
		status := c.Response().StatusCode()
		if status >= 500 {
			return nil
		}
		mine.Status = status
		mine.Body = append([]byte(nil), c.Response().Body()...)
		val, _ := json.Marshal(mine)
		if err := rdb.Set(context.WithoutCancel(ctx), rkey, val, IdempotencyTTL).Err(); err != nil {
			return nil // the answer stands; the key is released by the deferred Del
		}
		done = true
		return nil
	}
}

// replay answers a key already claimed: its stored answer, 409 while the first request is still
// in flight, or 422 when the key came with another request.
func replay(c fiber.Ctx, rdb redis.UniversalClient, rkey, fingerprint string) error {
	raw, err := rdb.Get(c.Context(), rkey).Bytes()
	if errors.Is(err, redis.Nil) {
		// The first request failed and released the key just now: the caller may retry.
		return errIdemInFlight()
	}
	if err != nil {
		return apperr.Unavailable("redis_unavailable", MsgUnavailable, err)
	}
	var e idemEntry
	if err := json.Unmarshal(raw, &e); err != nil {
		return apperr.Internal(err)
	}
	if e.Fingerprint != fingerprint {
		return errIdemMismatch()
	}
	if e.Status == 0 {
		return errIdemInFlight()
	}
	c.Set("Idempotent-Replayed", "true")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Status(e.Status).Send(e.Body)
}
