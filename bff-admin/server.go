package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/httpx"
	"prelaunch/core/runtime"
)

// newServer builds the whole app: health, the API, a JSON 404 for unknown API paths, and the SPA.
func newServer(d *runtime.Deps) *fiber.App {
	app := httpx.NewApp("bff-admin", d.Log, d.Cfg.BodyLimit, httpx.WithTrustedProxy(d.Cfg.ProxyHeader, d.Cfg.TrustedProxies))
	httpx.Health(app, d.DB, d.Redis)
	registerRoutes(app, d, d.Build())
	httpx.NotFoundAPI(app)
	httpx.ServeSPA(app, d.Cfg.AdminDist, nil)
	return app
}
