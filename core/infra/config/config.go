// Package config reads Prelaunch's settings from the environment.
// In development a .env file in the working directory (or any parent) is honoured.
package config

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/joho/godotenv"
)

const (
	EnvDevelopment = "development"
	EnvTest        = "test"
	EnvProduction  = "production"
)

// Config is every setting of the platform. Zero values are never used: Load fills defaults.
type Config struct {
	Env           string
	DatabaseURL   string
	RedisURL      string
	JWTSecret     string
	JWTTTL        time.Duration
	ResendAPIKey  string
	ResendBaseURL string
	MailFrom      string
	MailOutbox    string
	// StorageURL is where uploads are kept (STORAGE_URL): file://<dir> (default file://var/storage;
	// STORAGE_DIR=<dir> still means file://<dir>) or s3://<bucket>?endpoint=…&region=….
	StorageURL string
	// S3 keys of an s3:// store, from the standard AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
	// AWS_SESSION_TOKEN (empty: the machine's role).
	AWSAccessKeyID, AWSSecretAccessKey, AWSSessionToken string
	// MetricsAddr is where /metrics (and the worker's /healthz) listen (METRICS_ADDR): empty means
	// the process's default (127.0.0.1:9101 bff-user, :9102 bff-admin, :9103 worker), "off" none.
	MetricsAddr string
	// Pprof (PPROF=1) adds Go's profiler at /debug/pprof/ on the metrics listener; never in production.
	Pprof             bool
	UserAddr          string
	AdminAddr         string
	UserDist          string
	AdminDist         string
	SeedAdminPassword string
	SuperAdminEmails  []string
	BodyLimit         int
	// MaxActiveRequests (MAX_ACTIVE_REQUESTS) is how many API requests a BFF runs at once; the
	// rest wait their turn (httpx.Admission). Default 6 per CPU; 0 turns the gate off.
	MaxActiveRequests int
	// ProxyHeader (e.g. X-Forwarded-For) is believed only on requests from TrustedProxies.
	ProxyHeader    string
	TrustedProxies []string
	// TokenSymbol names the company a host that matches no company reaches outside production
	// (TOKEN_SYMBOL): localhost development needs no configuration.
	TokenSymbol string
	// TenantBaseDomain (TENANT_BASE_DOMAIN), when set, makes <symbol>.<base> reach that token's
	// company with no company_domains row.
	TenantBaseDomain string
	// PublicUserURL (PUBLIC_USER_URL) is the address of the default buyer site (the TOKEN_SYMBOL
	// company's when it has no domain); its scheme and port are those of every company's site
	// address in emails. Default http://localhost:<USER_PORT> outside production, https:// in it.
	PublicUserURL string
	// TwoFAKey (TWOFA_KEY: 32 bytes as base64 or 64 hex digits) seals the admins' TOTP secrets
	// at rest (AES-256-GCM). Required in production; elsewhere derived from JWT_SECRET.
	TwoFAKey []byte
	// PIIKey (PII_KEY: 32 bytes as base64 or 64 hex digits) keys the Aadhaar numbers' HMAC (the
	// only form of the whole number kept, to find one number on two accounts) and seals the KYC
	// document files (AES-256-GCM). Required in production; elsewhere derived from JWT_SECRET.
	PIIKey []byte
	// AadhaarCert (AADHAAR_CERT: PEM text, or a path to a PEM or .cer file) is UIDAI's
	// certificate that signs the offline e-KYC files buyers upload (core/kyc/ekyc). Required in
	// production; elsewhere empty means the development certificate of `prelaunch ekyc-sample`.
	AadhaarCert string
	// SweepInterval is how often the worker schedules the purchase sweep (SWEEP_INTERVAL).
	SweepInterval time.Duration
	// PaymentWindow is how long a new order stays open for payment (PAYMENT_WINDOW): 15 minutes,
	// shorter only outside production, so that a test of expiry need not wait a quarter of an hour.
	PaymentWindow time.Duration
	// Chain is token delivery's settings (chain.go).
	Chain Chain
	// Verify is the SMS and bank account verification settings (verify.go).
	Verify Verification
}

// DefaultTokenSymbol is the demo token the servers sell unless TOKEN_SYMBOL says otherwise.
const DefaultTokenSymbol = "ACW"

// DefaultPaymentWindow is the buyer's time to pay for an order.
const DefaultPaymentWindow = 15 * time.Minute

// DefaultSweepInterval is how often the worker sweeps unless SWEEP_INTERVAL says otherwise.
const DefaultSweepInterval = time.Minute

func (c Config) IsProduction() bool { return c.Env == EnvProduction }

// Load reads the environment. In production a missing secret is an error, never a default.
func Load() (Config, error) {
	env := getenv("APP_ENV", EnvDevelopment)
	if env != EnvProduction {
		loadDotEnv()
		env = getenv("APP_ENV", EnvDevelopment)
	}
	switch env {
	case EnvDevelopment, EnvTest, EnvProduction:
	default:
		return Config{}, fmt.Errorf("config: APP_ENV must be development, test or production, got %q", env)
	}
	c := Config{
		Env:                env,
		DatabaseURL:        getenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/prelaunch?sslmode=disable"),
		RedisURL:           getenv("REDIS_URL", "redis://127.0.0.1:6379/0"),
		JWTSecret:          os.Getenv("JWT_SECRET"),
		ResendAPIKey:       os.Getenv("RESEND_API_KEY"),
		ResendBaseURL:      os.Getenv("RESEND_BASE_URL"),
		MailFrom:           getenv("MAIL_FROM", "Prelaunch <no-reply@prelaunch.local>"),
		MailOutbox:         getenv("MAIL_OUTBOX", "var/mail/outbox.jsonl"),
		StorageURL:         getenv("STORAGE_URL", "file://"+getenv("STORAGE_DIR", "var/storage")),
		AWSAccessKeyID:     os.Getenv("AWS_ACCESS_KEY_ID"),
		AWSSecretAccessKey: os.Getenv("AWS_SECRET_ACCESS_KEY"),
		AWSSessionToken:    os.Getenv("AWS_SESSION_TOKEN"),
		MetricsAddr:        strings.TrimSpace(os.Getenv("METRICS_ADDR")),
		Pprof:              os.Getenv("PPROF") == "1",
		UserAddr:           getenv("USER_ADDR", ":"+getenv("USER_PORT", "8080")),
		AdminAddr:          getenv("ADMIN_ADDR", ":"+getenv("ADMIN_PORT", "8081")),
		UserDist:           getenv("USER_DIST", "apps/user/dist"),
		AdminDist:          getenv("ADMIN_DIST", "apps/admin/dist"),
		SeedAdminPassword:  os.Getenv("SEED_ADMIN_PASSWORD"),
		BodyLimit:          6 * 1024 * 1024,
		MaxActiveRequests:  6 * runtime.GOMAXPROCS(0),
		TokenSymbol:        getenv("TOKEN_SYMBOL", DefaultTokenSymbol),
		TenantBaseDomain:   strings.Trim(strings.ToLower(strings.TrimSpace(os.Getenv("TENANT_BASE_DOMAIN"))), "."),
		PublicUserURL:      strings.TrimRight(strings.TrimSpace(os.Getenv("PUBLIC_USER_URL")), "/"),
	}
	if c.PublicUserURL == "" && env != EnvProduction {
		c.PublicUserURL = "http://localhost:" + getenv("USER_PORT", "8080")
	}
	if c.PublicUserURL != "" {
		if u, err := url.Parse(c.PublicUserURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return Config{}, fmt.Errorf("config: PUBLIC_USER_URL must be an http(s) address such as https://sale.example.com, got %q", c.PublicUserURL)
		}
	}
	every, err := sweepInterval(os.Getenv("SWEEP_INTERVAL"))
	if err != nil {
		return Config{}, err
	}
	c.SweepInterval = every
	window, err := paymentWindow(os.Getenv("PAYMENT_WINDOW"), env)
	if err != nil {
		return Config{}, err
	}
	c.PaymentWindow = window
	if c.Chain, err = loadChain(env); err != nil {
		return Config{}, err
	}
	if c.Verify, err = loadVerification(env); err != nil {
		return Config{}, err
	}
	ttl, err := time.ParseDuration(getenv("JWT_TTL", "24h"))
	if err != nil || ttl <= 0 {
		return Config{}, fmt.Errorf("config: JWT_TTL is not a positive duration: %q", os.Getenv("JWT_TTL"))
	}
	c.JWTTTL = ttl
	for _, e := range strings.Split(getenv("SUPERADMIN_EMAILS", ""), ",") {
		if e = strings.ToLower(strings.TrimSpace(e)); e != "" {
			c.SuperAdminEmails = append(c.SuperAdminEmails, e)
		}
	}
	c.ProxyHeader = strings.TrimSpace(os.Getenv("PROXY_HEADER"))
	for _, p := range strings.Split(os.Getenv("TRUSTED_PROXIES"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			c.TrustedProxies = append(c.TrustedProxies, p)
		}
	}
	if (c.ProxyHeader == "") != (len(c.TrustedProxies) == 0) {
		return Config{}, fmt.Errorf("config: PROXY_HEADER and TRUSTED_PROXIES go together (set both or neither)")
	}
	if n, err := strconv.Atoi(os.Getenv("BODY_LIMIT")); err == nil && n > 0 {
		c.BodyLimit = n
	}
	if v := strings.TrimSpace(os.Getenv("MAX_ACTIVE_REQUESTS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return Config{}, fmt.Errorf("config: MAX_ACTIVE_REQUESTS must be a whole number ≥ 0 (0: no limit), got %q", v)
		}
		c.MaxActiveRequests = n
	}

	key, err := secretKey("TWOFA_KEY", os.Getenv("TWOFA_KEY"))
	if err != nil {
		return Config{}, err
	}
	c.TwoFAKey = key
	piiKey, err := secretKey("PII_KEY", os.Getenv("PII_KEY"))
	if err != nil {
		return Config{}, err
	}
	c.PIIKey = piiKey
	c.AadhaarCert = strings.TrimSpace(os.Getenv("AADHAAR_CERT"))

	var missing []string
	if c.IsProduction() {
		for name, v := range map[string]string{
			"TWOFA_KEY":      os.Getenv("TWOFA_KEY"),
			"PII_KEY":        os.Getenv("PII_KEY"),
			"AADHAAR_CERT":   c.AadhaarCert,
			"JWT_SECRET":     c.JWTSecret,
			"RESEND_API_KEY": c.ResendAPIKey,
			"MAIL_FROM":      os.Getenv("MAIL_FROM"),
			"DATABASE_URL":   os.Getenv("DATABASE_URL"),
			"REDIS_URL":      os.Getenv("REDIS_URL"),
		} {
			if v == "" {
				missing = append(missing, name)
			}
		}
		if len(c.JWTSecret) > 0 && len(c.JWTSecret) < 32 {
			return Config{}, errors.New("config: JWT_SECRET must be at least 32 characters in production")
		}
	} else if c.JWTSecret == "" {
		// Development and tests only: a fixed, clearly non-secret key so tokens survive restarts.
		c.JWTSecret = "dev-only-insecure-jwt-secret-change-me-0123456789"
	}
	if c.TwoFAKey == nil && !c.IsProduction() {
		c.TwoFAKey = DevTwoFAKey(c.JWTSecret)
	}
	if c.PIIKey == nil && !c.IsProduction() {
		c.PIIKey = DevPIIKey(c.JWTSecret)
	}
	if len(missing) > 0 {
		sortStrings(missing)
		return Config{}, fmt.Errorf("config: missing required settings in production: %s", strings.Join(missing, ", "))
	}
	return c, nil
}

// DevTwoFAKey is the TOTP sealing key outside production (development, tests and tools): one that
// follows the (there non-secret) JWT secret.
func DevTwoFAKey(jwtSecret string) []byte {
	sum := sha256.Sum256([]byte("twofa:" + jwtSecret))
	return sum[:]
}

// DevPIIKey is the Aadhaar HMAC and KYC file sealing key outside production (development, tests
// and tools): one that follows the (there non-secret) JWT secret.
func DevPIIKey(jwtSecret string) []byte {
	sum := sha256.Sum256([]byte("pii:" + jwtSecret))
	return sum[:]
}

// secretKey reads a 32-byte key setting (TWOFA_KEY, PII_KEY): 64 hex digits or base64 (standard
// or URL alphabet, padded or not). Empty is nil (the caller decides whether that is allowed).
func secretKey(name, v string) ([]byte, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	if len(v) == 64 {
		if b, err := hex.DecodeString(v); err == nil {
			return b, nil
		}
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(v); err == nil && len(b) == 32 {
			return b, nil
		}
	}
	return nil, fmt.Errorf("config: %s must be 32 bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)", name)
}

// sweepInterval reads SWEEP_INTERVAL (a Go duration such as "30s" or "2m", at least 1s); empty
// means DefaultSweepInterval.
func sweepInterval(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return DefaultSweepInterval, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Second {
		return 0, fmt.Errorf("SWEEP_INTERVAL %q: want a duration of at least 1s, such as 30s or 2m", v)
	}
	return d, nil
}

// paymentWindow reads PAYMENT_WINDOW (a Go duration of at least 1s); empty means
// DefaultPaymentWindow, and production accepts nothing else.
func paymentWindow(v, env string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return DefaultPaymentWindow, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Second {
		return 0, fmt.Errorf("PAYMENT_WINDOW %q: want a duration of at least 1s, such as 5s or 15m", v)
	}
	if env == EnvProduction && d != DefaultPaymentWindow {
		return 0, fmt.Errorf("PAYMENT_WINDOW %q: production keeps the %v payment window", v, DefaultPaymentWindow)
	}
	return d, nil
}

func getenv(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}

// loadDotEnv loads the nearest .env walking up from the working directory. Existing variables win.
func loadDotEnv() {
	dir, err := os.Getwd()
	if err != nil {
		return
	}
	for {
		p := filepath.Join(dir, ".env")
		if _, err := os.Stat(p); err == nil {
			_ = godotenv.Load(p)
			return
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return
		}
		dir = parent
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
