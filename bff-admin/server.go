package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/httpx"
	"prelaunch/core/reconcile"
	"prelaunch/core/runtime"
)

// newServer builds the whole app: health, the API, a JSON 404 for unknown API paths, and the SPA.
func newServer(d *runtime.Deps) *fiber.App { return newServerWith(d, d.Build()) }

// newServerWith is newServer over services already built (a test replaces one of their hooks).
func newServerWith(d *runtime.Deps, svc *runtime.Services) *fiber.App {
	// A bank statement may be 20 MB: its route alone takes that much, with room for
	// the multipart framing; every other route keeps BODY_LIMIT.
	app := httpx.NewApp("bff-admin", d.Log, max(d.Cfg.BodyLimit, reconcile.MaxFileSize+1<<20),
		httpx.WithTrustedProxy(d.Cfg.ProxyHeader, d.Cfg.TrustedProxies),
		httpx.WithImageOrigin(d.Blobs.Origin()), httpx.WithHSTS(d.Cfg.IsProduction()))
	app.Use(httpx.BodyLimitExcept(d.Cfg.BodyLimit, reconcileImportPath))
	// Each request's largest body is decided from its headers, before the body is read: the
	// statement 21 MB, uploads BODY_LIMIT, JSON 1 MB, without a valid token 64 KB.
	httpx.LimitBodies(app, d.Tokens, map[string]int{reconcileImportPath: reconcile.MaxFileSize + 1<<20,
		"/api/v1/superadmin/media/add": d.Cfg.BodyLimit})
	app.Use("/api", httpx.Admission(d.Cfg.MaxActiveRequests, httpx.AdmissionWait))
	httpx.Health(app, d.DB, d.Redis)
	registerRoutes(app, d, svc)
	httpx.NotFoundAPI(app)
	httpx.ServeSPA(app, d.Cfg.AdminDist, nil)
	return app
}
