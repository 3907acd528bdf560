package main

import (
	"os"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/company"
	"prelaunch/core/httpx"
	"prelaunch/core/runtime"
)

// registerRoutes mounts every buyer call. Handlers are thin: bind, call core, respond.
func registerRoutes(app *fiber.App, d *runtime.Deps) {
	symbol := os.Getenv("TOKEN_SYMBOL")
	if symbol == "" {
		symbol = "ACW"
	}
	v1 := app.Group("/api/v1")
	v1.Get("/user/site/get", func(c fiber.Ctx) error {
		site, err := company.SiteBySymbol(c.Context(), d.DB, symbol)
		if err != nil {
			return err
		}
		return httpx.OK(c, "Site fetched successfully", site)
	})
}
