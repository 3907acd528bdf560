package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/runtime"
)

// registerRoutes mounts every admin and super admin call. Handlers are thin: bind, call core, respond.
func registerRoutes(app *fiber.App, d *runtime.Deps) {
	_ = app.Group("/api/v1")
	_ = d
}
