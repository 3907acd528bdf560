// Package httpx is what both BFFs share of HTTP: the JSON envelope, the one error mapper, request
// binding, authentication, health checks, middleware and serving the built app.
package httpx

import (
	"github.com/gofiber/fiber/v3"
	"github.com/shopspring/decimal"
)

func init() {
	// Money and quantities travel as JSON numbers, as the spec shows them.
	decimal.MarshalJSONWithoutQuotes = true
}

// Envelope is every response: {"status": bool, "message": string | [string], "data": any}.
type Envelope struct {
	Status  bool `json:"status"`
	Message any  `json:"message"`
	Data    any  `json:"data"`
}

// OK answers 200 with data.
func OK(c fiber.Ctx, message string, data any) error {
	return c.Status(fiber.StatusOK).JSON(Envelope{Status: true, Message: message, Data: data})
}

// Created answers 201 with data.
func Created(c fiber.Ctx, message string, data any) error {
	return c.Status(fiber.StatusCreated).JSON(Envelope{Status: true, Message: message, Data: data})
}
