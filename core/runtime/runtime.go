// Package runtime wires the shared dependencies of every process (BFFs, worker, commands).
package runtime

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/metrics"
	"prelaunch/core/infra/migrations"
	"prelaunch/core/infra/platform"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/kyc/ekyc"
	"prelaunch/core/otp"
	"prelaunch/core/session"
	"prelaunch/core/twofactor"
)

// Deps are the connections and services a process shares.
type Deps struct {
	Cfg      config.Config
	Log      *slog.Logger
	DB       *bun.DB
	Redis    *redis.Client
	Tasks    *asynq.Client
	Clock    clock.Clock
	Tokens   *auth.Tokens
	Verifier *session.Verifier
	Limiter  *ratelimit.Limiter
	OTP      *otp.Service
	Media    *media.Signer
	Blobs    media.Blobs // where uploads are kept (STORAGE_URL)
	// Sealer encrypts the admins' TOTP secrets with TWOFA_KEY.
	Sealer *twofactor.Sealer
	// FileSealer encrypts the KYC document files with PII_KEY.
	FileSealer *media.Sealer
	// EKYC verifies UIDAI's offline e-KYC files against AADHAAR_CERT.
	EKYC *ekyc.Verifier

	// Serving makes Build start its services' background work (the site resolver's refresh loop
	// and its Postgres listener, one connection). The servers' main sets it; tests, which build
	// many sets of services per process, leave it off and read sites again per request past
	// their TTL.
	Serving bool

	bg *background // background work of Build's services, stopped by Close (shared by copies)
}

type background struct {
	mu    sync.Mutex
	stops []func()
}

// goBackground runs fn until Close.
func (d *Deps) goBackground(fn func(ctx context.Context)) {
	ctx, stop := context.WithCancel(context.Background())
	d.bg.mu.Lock()
	d.bg.stops = append(d.bg.stops, stop)
	d.bg.mu.Unlock()
	go fn(ctx)
}

// Open loads the configuration and opens every connection (lazily: nothing here waits for a
// server, so a process can start while Postgres or Redis is still coming up).
func Open(service string) (*Deps, error) {
	cfg, err := config.Load()
	if err != nil {
		return nil, err
	}
	return OpenWith(cfg, service)
}

// OpenWith is Open with a given configuration (tests use it).
func OpenWith(cfg config.Config, service string) (*Deps, error) {
	log := platform.NewLogger(cfg, service)
	rdb, err := platform.OpenRedis(cfg.RedisURL)
	if err != nil {
		return nil, err
	}
	redisOpt, err := asynq.ParseRedisURI(cfg.RedisURL)
	if err != nil {
		return nil, fmt.Errorf("redis url for asynq: %w", err)
	}
	blobs, err := media.OpenBlobs(cfg.StorageURL, media.S3Credentials{AccessKeyID: cfg.AWSAccessKeyID,
		SecretAccessKey: cfg.AWSSecretAccessKey, SessionToken: cfg.AWSSessionToken})
	if err != nil {
		return nil, err
	}
	db := platform.OpenDB(cfg.DatabaseURL)
	clk := clock.System{}
	tokens := auth.NewTokens(cfg.JWTSecret, cfg.JWTTTL, clk)
	if len(cfg.TwoFAKey) == 0 && !cfg.IsProduction() {
		cfg.TwoFAKey = config.DevTwoFAKey(cfg.JWTSecret)
	}
	if len(cfg.PIIKey) == 0 && !cfg.IsProduction() {
		cfg.PIIKey = config.DevPIIKey(cfg.JWTSecret)
	}
	sealer, err := twofactor.NewSealer(cfg.TwoFAKey)
	if err != nil {
		return nil, fmt.Errorf("TWOFA_KEY: %w", err)
	}
	fileSealer, err := media.NewSealer(cfg.PIIKey)
	if err != nil {
		return nil, fmt.Errorf("PII_KEY: %w", err)
	}
	ekycs, err := aadhaarVerifier(cfg)
	if err != nil {
		return nil, err
	}
	return &Deps{
		Cfg: cfg, Log: log, DB: db, Redis: rdb,
		EKYC:       ekycs,
		Tasks:      asynq.NewClient(redisOpt),
		Clock:      clk,
		Tokens:     tokens,
		Verifier:   &session.Verifier{Tokens: tokens, DB: db, Cache: session.NewPrincipalCache(db, log)},
		Limiter:    ratelimit.New(rdb),
		Media:      &media.Signer{Secret: []byte("media:" + cfg.JWTSecret), Now: clk.Now},
		Blobs:      blobs,
		OTP:        &otp.Service{Pepper: []byte("otp:" + cfg.JWTSecret), Now: clk.Now},
		Sealer:     sealer,
		FileSealer: fileSealer,
		bg:         &background{},
	}, nil
}

// aadhaarVerifier reads AADHAAR_CERT; outside production an empty one is the development
// certificate (`prelaunch ekyc-sample`), which production refuses.
func aadhaarVerifier(cfg config.Config) (*ekyc.Verifier, error) {
	setting := cfg.AadhaarCert
	if setting == "" && !cfg.IsProduction() {
		setting = ekyc.DevCertPEM
	}
	v, err := ekyc.NewVerifier(setting)
	if err != nil {
		return nil, err
	}
	if cfg.IsProduction() && ekyc.IsDevCert(v.Cert()) {
		return nil, errors.New("AADHAAR_CERT: the development certificate is not UIDAI's; production needs UIDAI's (docs/deploy.md)")
	}
	return v, nil
}

// Migrate applies pending migrations and logs what it applied.
func (d *Deps) Migrate(ctx context.Context) error {
	applied, err := migrations.Up(migrations.WithPIIKey(ctx, d.Cfg.PIIKey), d.DB)
	if err != nil {
		return err
	}
	if len(applied) > 0 {
		d.Log.Info("migrations applied", "names", applied)
	}
	return nil
}

func (d *Deps) Close() {
	d.bg.mu.Lock()
	for _, stop := range d.bg.stops {
		stop()
	}
	d.bg.stops = nil
	d.bg.mu.Unlock()
	d.Verifier.Cache.Close()
	_ = d.Tasks.Close()
	_ = d.Redis.Close()
	_ = d.DB.Close()
	platform.FlushLogs()
}

// ServeMetrics starts the metrics listener of service on METRICS_ADDR (its default when unset,
// none when "off") until Close: /metrics with the DB pool and, when queues, the asynq queue
// sizes; /healthz, 200 while Postgres and Redis answer, 503 otherwise. It returns the address.
// A port already taken stops a production process; elsewhere it is logged and skipped.
func (d *Deps) ServeMetrics(service string, queues bool) (string, error) {
	addr := d.Cfg.MetricsAddr
	if addr == "" {
		addr = metrics.DefaultAddr[service]
	}
	if addr == "" || addr == "off" {
		return "", nil
	}
	src := metrics.Sources{DB: d.DB.DB}
	if queues {
		src.Inspector = asynq.NewInspectorFromRedisClient(d.Redis)
		for q := range tasks.Queues {
			src.Queues = append(src.Queues, q)
		}
		sort.Strings(src.Queues)
	}
	srv := &metrics.Server{Gatherer: metrics.Gatherer(src), Health: d.Ping, Profile: d.Cfg.Pprof && !d.Cfg.IsProduction()}
	at, stop, err := srv.Listen(addr)
	if err != nil {
		err = fmt.Errorf("metrics listener (METRICS_ADDR %s): %w", addr, err)
		if d.Cfg.IsProduction() {
			return "", err
		}
		// Several stacks on one machine (tests, a second `make run`) share the default ports:
		// outside production the process runs on without its metrics.
		d.Log.Warn("no metrics listener", "err", err)
		return "", nil
	}
	d.bg.mu.Lock()
	d.bg.stops = append(d.bg.stops, stop)
	d.bg.mu.Unlock()
	return at, nil
}

// Ping reports whether Postgres and Redis answer.
func (d *Deps) Ping(ctx context.Context) error {
	if err := d.DB.PingContext(ctx); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	if err := d.Redis.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("redis: %w", err)
	}
	return nil
}
