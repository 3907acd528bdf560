package httpx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	gojson "github.com/goccy/go-json"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/recover"
	"github.com/gofiber/fiber/v3/middleware/requestid"
	"github.com/gofiber/fiber/v3/middleware/static"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/metrics"
)

// Option adjusts NewApp: its Fiber configuration or its headers.
type Option func(*appConfig)

type appConfig struct {
	fiber fiber.Config
	// imgSrc are origins the pages may show images from besides their own (an S3 store's links).
	imgSrc []string
	hsts   bool
}

// WithTrustedProxy makes c.IP() (and so every per-IP rate limit) read the client address from
// header, but only on requests that come from one of proxies (IPs or CIDR ranges). Without it,
// behind a load balancer every request would look like the balancer's. Empty header: no change.
func WithTrustedProxy(header string, proxies []string) Option {
	return func(c *appConfig) {
		if header == "" || len(proxies) == 0 {
			return
		}
		c.fiber.ProxyHeader = header
		c.fiber.TrustProxy = true
		c.fiber.TrustProxyConfig = fiber.TrustProxyConfig{Proxies: proxies}
	}
}

// WithImageOrigin lets the pages show images from origin (scheme://host[:port]), where an S3
// store's presigned links lead; empty: no change.
func WithImageOrigin(origin string) Option {
	return func(c *appConfig) {
		if origin != "" && !strings.ContainsAny(origin, " ;'\"\r\n") {
			c.imgSrc = append(c.imgSrc, origin)
		}
	}
}

// WithHSTS sends HSTSHeader on every answer: production is served over HTTPS only (the proxy
// terminates TLS), so browsers are told never to use plain HTTP for the host or its subdomains.
func WithHSTS(on bool) Option {
	return func(c *appConfig) { c.hsts = c.hsts || on }
}

// HSTSHeader is the Strict-Transport-Security of production: two years, subdomains included.
const HSTSHeader = "max-age=63072000; includeSubDomains"

// WriteTimeout is how long writing an answer may take; a streamed file (StreamFile) renews it
// as it goes, so it bounds a stall, not a long download.
const WriteTimeout = 60 * time.Second

// NewApp is a Fiber app with the shared error mapper, body limit, timeouts, request ids, access
// logs, metrics, panic recovery and security headers.
func NewApp(name string, log *slog.Logger, bodyLimit int, opts ...Option) *fiber.App {
	cfg := appConfig{fiber: fiber.Config{
		AppName:      name,
		BodyLimit:    bodyLimit,
		ReadTimeout:  30 * time.Second,
		WriteTimeout: WriteTimeout,
		IdleTimeout:  120 * time.Second,
		ErrorHandler: ErrorHandler(log),
		// goccy/go-json writes the same bytes as encoding/json (HTML-escaped strings, sorted map
		// keys, Marshalers honoured) in about half the time. Request bodies are still decoded
		// by encoding/json (Bind).
		JSONEncoder: gojson.Marshal,
	}}
	for _, o := range opts {
		o(&cfg)
	}
	app := fiber.New(cfg.fiber)
	app.Use(recover.New())
	app.Use(requestid.New())
	app.Use(AccessLog(log))
	app.Use(SecurityHeaders(cfg.imgSrc, cfg.hsts))
	app.Use(SafeQuery())
	return app
}

// AccessLog logs one line per request, never the Authorization header or query secrets, and
// counts it in metrics.HTTPRequests and HTTPDuration.
func AccessLog(log *slog.Logger) fiber.Handler {
	return func(c fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		status := c.Response().StatusCode()
		if err != nil {
			if s, _ := Map(err); s != 0 {
				status = s
			}
		}
		took := time.Since(start)
		// The route pattern, never the raw path: a scan of random URLs adds no series.
		route, method, code := c.Route().Path, c.Method(), strconv.Itoa(status)
		metrics.HTTPRequests.WithLabelValues(route, method, code).Inc()
		metrics.HTTPDuration.WithLabelValues(route, method, code).Observe(took.Seconds())
		log.LogAttrs(c.Context(), slog.LevelInfo, "http", slog.String("method", c.Method()), slog.String("path", c.Path()),
			slog.Int("status", status), slog.Float64("dur_ms", float64(took.Microseconds())/1000),
			slog.String("ip", c.IP()), slog.String("request_id", requestid.FromContext(c)))
		return err
	}
}

// SecurityHeaders sets the headers on every answer; imgSrc are more origins of
// images (WithImageOrigin), hsts adds HSTSHeader (WithHSTS).
func SecurityHeaders(imgSrc []string, hsts bool) fiber.Handler {
	img := strings.Join(append([]string{"'self' data: blob:"}, imgSrc...), " ")
	csp := "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src " + img + "; " +
		"font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	// Keys already canonical, as bytes: set without fasthttp's per-call normalising.
	headers := [][2][]byte{
		{[]byte("Content-Security-Policy"), []byte(csp)},
		{[]byte("X-Content-Type-Options"), []byte("nosniff")},
		{[]byte("X-Frame-Options"), []byte("DENY")},
		{[]byte("Referrer-Policy"), []byte("strict-origin-when-cross-origin")},
		{[]byte("Permissions-Policy"), []byte("camera=(), microphone=(), geolocation=(self)")},
		{[]byte("Cross-Origin-Opener-Policy"), []byte("same-origin")},
	}
	if hsts {
		headers = append(headers, [2][]byte{[]byte("Strict-Transport-Security"), []byte(HSTSHeader)})
	}
	return func(c fiber.Ctx) error {
		h := &c.Response().Header
		for _, kv := range headers {
			h.SetCanonical(kv[0], kv[1])
		}
		return c.Next()
	}
}

// Health registers GET /healthz (liveness) and GET /readyz (Postgres and Redis answer).
func Health(app *fiber.App, db *bun.DB, rdb *redis.Client) {
	app.Get("/healthz", func(c fiber.Ctx) error { return OK(c, "ok", fiber.Map{"alive": true}) })
	app.Get("/readyz", func(c fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.Context(), 2*time.Second)
		defer cancel()
		var reasons []string
		if err := db.PingContext(ctx); err != nil {
			reasons = append(reasons, "postgres: "+short(err))
		}
		if err := rdb.Ping(ctx).Err(); err != nil {
			reasons = append(reasons, "redis: "+short(err))
		}
		if len(reasons) > 0 {
			return c.Status(fiber.StatusServiceUnavailable).JSON(Envelope{Status: false,
				Message: "not ready: " + strings.Join(reasons, "; "), Data: fiber.Map{"ready": false, "reasons": reasons}})
		}
		return OK(c, "ready", fiber.Map{"ready": true})
	})
}

func short(err error) string {
	s := err.Error()
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

// NotFoundAPI answers unknown /api paths with a JSON 404, never the page.
func NotFoundAPI(app *fiber.App) {
	app.All("/api/*", func(c fiber.Ctx) error { return fiber.ErrNotFound })
}

// PageFunc makes the index.html a request gets from the built one (bff-user: the host's token
// title, description, keywords and icon). A 4xx apperr is answered as plain text (the "Unknown
// site." page); any other error serves the built page unchanged.
type PageFunc func(c fiber.Ctx, index []byte) ([]byte, error)

// ServeSPA serves the built app from dist with index.html for any other GET path, made by page
// when given. Hashed assets are cached for a year; index.html never. Files are sent
// gzip/brotli/zstd compressed when the browser accepts it (fasthttp keeps the compressed copies
// beside the files, *.fiber.gz etc.; a read-only dist is served uncompressed) — the JS of the
// first load is a third of its size on the wire.
func ServeSPA(app *fiber.App, dist string, page PageFunc) {
	index := filepath.Join(dist, "index.html")
	app.Use("/assets", static.New(filepath.Join(dist, "assets"), static.Config{MaxAge: 31536000, Compress: true}))
	app.Use(static.New(dist, static.Config{IndexNames: []string{"__no_index__"}, Compress: true, Next: func(c fiber.Ctx) bool {
		return strings.HasPrefix(c.Path(), "/api/") || c.Path() == "/" || (page != nil && c.Path() == "/index.html")
	}}))
	var built builtFile
	app.Get("/*", func(c fiber.Ctx) error {
		if _, err := os.Stat(index); err != nil {
			return c.Status(fiber.StatusServiceUnavailable).JSON(Envelope{Status: false,
				Message: "The web app is not built yet. Run `make build` (or `make run`)."})
		}
		c.Set(fiber.HeaderCacheControl, "no-cache")
		if page == nil {
			return c.SendFile(index, fiber.SendFile{Compress: true})
		}
		raw, err := built.read(index)
		if err != nil {
			return err
		}
		out, err := page(c, raw)
		if err != nil {
			if e, ok := apperr.As(err); ok && e.Kind.Status() < 500 {
				c.Set(fiber.HeaderCacheControl, "no-store")
				return c.Status(e.Kind.Status()).Type("txt").SendString(e.Message)
			}
			out = raw
		}
		return c.Type("html").Send(out)
	})
}

// builtFile keeps the built index.html in memory, read again when the file changes (a rebuild).
type builtFile struct {
	mu   sync.Mutex
	mod  time.Time
	size int64
	data []byte
}

func (b *builtFile) read(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.data != nil && st.ModTime().Equal(b.mod) && st.Size() == b.size {
		return b.data, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b.data, b.mod, b.size = data, st.ModTime(), st.Size()
	return data, nil
}

// DrainTimeout is how long a stopping server waits for the requests in flight.
const DrainTimeout = 20 * time.Second

// Run listens on addr until SIGINT/SIGTERM, then stops accepting connections and drains the
// requests in flight (up to DrainTimeout); see Serve.
func Run(app *fiber.App, addr string, log *slog.Logger) error {
	ln, err := net.Listen(fiber.NetworkTCP4, addr) // what app.Listen(addr) would open
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Serve(ctx, app, ln, log)
}

// Serve serves app on ln until ctx is done. Then it closes the listener, so new connections are
// refused, lets every request already accepted run to completion and be answered (idle
// keep-alive connections are closed), and returns once none is left: nil when all finished, an
// error when some were still running after DrainTimeout. TestSecurityGracefulShutdownUnderLoad
// (bff-user) checks that no accepted request is dropped.
func Serve(ctx context.Context, app *fiber.App, ln net.Listener, log *slog.Logger) error {
	errc := make(chan error, 1)
	go func() { errc <- app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining requests in flight", "cause", context.Cause(ctx), "timeout", DrainTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), DrainTimeout)
	defer cancel()
	err := app.ShutdownWithContext(sctx)
	// The shutdown may come before the server has taken the listener; closing it ourselves
	// makes the serving goroutine end in that case too.
	_ = ln.Close()
	select {
	case <-errc:
	case <-time.After(time.Second):
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: requests still running after %v were cut off", DrainTimeout)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	log.Info("stopped: every request in flight was answered")
	return nil
}

// BodyLimitExcept refuses (413) a body longer than limit on every path but the listed ones: the
// app's own limit is then the largest any route takes (a bank statement's 20 MB on bff-admin's
// reconcile/import), every other route keeping the usual one.
func BodyLimitExcept(limit int, paths ...string) fiber.Handler {
	except := make(map[string]bool, len(paths))
	for _, p := range paths {
		except[p] = true
	}
	return func(c fiber.Ctx) error {
		if len(c.Request().Body()) > limit && !except[c.Path()] {
			return fiber.ErrRequestEntityTooLarge
		}
		return c.Next()
	}
}
