// Package httpx is what both BFFs share of HTTP: the JSON envelope, the one error mapper, request
// binding, authentication, health checks, middleware and serving the built app.
package httpx

import (
	"sync/atomic"

	"github.com/gofiber/fiber/v3"
	"github.com/shopspring/decimal"
)

func init() {
	// Money and quantities travel as JSON numbers, as the spec shows them.
	decimal.MarshalJSONWithoutQuotes = true
}

// Envelope is every response: {"status": bool, "message": string | [string], "data": any}.
// A 422 adds "errors": [{field, message}], the sentences that belong to a field of the request
// (empty when none does).
type Envelope struct {
	Status  bool `json:"status"`
	Message any  `json:"message"`
	Data    any  `json:"data"`
	Errors  any  `json:"errors,omitempty"`
}

// OK answers 200 with data.
func OK(c fiber.Ctx, message string, data any) error {
	return c.Status(fiber.StatusOK).JSON(Envelope{Status: true, Message: message, Data: data})
}

// Created answers 201 with data.
func Created(c fiber.Ctx, message string, data any) error {
	return c.Status(fiber.StatusCreated).JSON(Envelope{Status: true, Message: message, Data: data})
}

// Memo keeps one encoded 200 answer while its key stays the same — a pointer to data that is
// itself cached (bff-user's site row: price/get answers every buyer the same until the site is
// read again), so repeated answers skip the JSON encoding.
type Memo[K comparable] struct{ last atomic.Pointer[memoEntry[K]] }

type memoEntry[K comparable] struct {
	key  K
	body []byte
}

// OK answers exactly as OK(c, message, data()) does, encoding only when key changed.
func (m *Memo[K]) OK(c fiber.Ctx, key K, message string, data func() any) error {
	e := m.last.Load()
	if e == nil || e.key != key {
		body, err := c.App().Config().JSONEncoder(Envelope{Status: true, Message: message, Data: data()})
		if err != nil {
			return err
		}
		e = &memoEntry[K]{key: key, body: body}
		m.last.Store(e)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Status(fiber.StatusOK).Send(e.body)
}
