package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/runtime"
)

// mediaAddPath is the upload route (core/infra/media/mediahttp), the one route taking BODY_LIMIT.
const mediaAddPath = "/api/v1/superadmin/media/add"

// newServer builds the whole app: health, the API, a JSON 404 for unknown API paths, and the SPA
// (its index.html made for the host's company: ).
func newServer(d *runtime.Deps) *fiber.App { return newServerWith(d, d.Build()) }

// newServerWith serves svc (a test plugs hooks into it first).
func newServerWith(d *runtime.Deps, svc *runtime.Services) *fiber.App {
	app := httpx.NewApp("bff-user", d.Log, d.Cfg.BodyLimit, httpx.WithTrustedProxy(d.Cfg.ProxyHeader, d.Cfg.TrustedProxies),
		httpx.WithImageOrigin(d.Blobs.Origin()), httpx.WithHSTS(d.Cfg.IsProduction()))
	// Each request's largest body is decided from its headers, before the body is read: uploads
	// BODY_LIMIT, JSON 1 MB, without a valid token 64 KB.
	httpx.LimitBodies(app, d.Tokens, map[string]int{mediaAddPath: d.Cfg.BodyLimit})
	app.Use("/api", httpx.Admission(d.Cfg.MaxActiveRequests, httpx.AdmissionWait))
	httpx.Health(app, d.DB, d.Redis)
	registerRoutes(app, d, svc)
	httpx.NotFoundAPI(app)
	httpx.ServeSPA(app, d.Cfg.UserDist, func(c fiber.Ctx, index []byte) ([]byte, error) {
		site, err := svc.Site.Site(c.Context(), c.Hostname())
		if err != nil {
			if e, ok := apperr.As(err); !ok || e.Kind.Status() >= 500 {
				d.Log.Warn("index page: the host's site could not be read; serving the built page", "host", c.Hostname(), "err", err)
			}
			return nil, err
		}
		return site.Page(index), nil
	})
	return app
}
