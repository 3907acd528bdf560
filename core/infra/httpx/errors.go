package httpx

import (
	"errors"
	"log/slog"
	"strconv"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/requestid"

	"prelaunch/core/infra/apperr"
)

// ErrorHandler is the one place where errors become HTTP answers. Domain errors keep their
// status and message; Fiber's own errors (404 route, 413 body) keep theirs; anything else is a
// 500 whose cause is logged with the request id and never sent.
func ErrorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c fiber.Ctx, err error) error {
		status, env := Map(err)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.KindRateLimited && e.RetryAfter > 0 {
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int((e.RetryAfter+999_999_999)/1_000_000_000)))
		}
		if status >= 500 {
			log.Error("request failed", "status", status, "method", c.Method(), "path", c.Path(),
				"request_id", requestid.FromContext(c), "err", err)
		}
		return c.Status(status).JSON(env)
	}
}

// Map turns an error into a status and envelope.
func Map(err error) (int, Envelope) {
	if e, ok := apperr.As(err); ok {
		env := Envelope{Status: false, Message: e.Message}
		if len(e.Messages) > 1 {
			env.Message = e.Messages
		}
		if e.Kind == apperr.KindInvalid {
			errs := e.Fields
			if errs == nil {
				errs = []apperr.FieldError{}
			}
			env.Errors = errs
		}
		return e.Kind.Status(), env
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		msg := fe.Message
		switch fe.Code {
		case fiber.StatusNotFound:
			msg = "Not found."
		case fiber.StatusRequestEntityTooLarge:
			msg = "The request is too large."
		case fiber.StatusMethodNotAllowed:
			msg = "Method not allowed."
		}
		if fe.Code >= 500 {
			msg = "Something went wrong. Please try again."
		}
		return fe.Code, Envelope{Status: false, Message: msg}
	}
	if dependencyDown(err) {
		return fiber.StatusServiceUnavailable, Envelope{Status: false, Message: MsgUnavailable}
	}
	return fiber.StatusInternalServerError, Envelope{Status: false, Message: "Something went wrong. Please try again."}
}
