package config

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestProductionRefusesMissingSecrets(t *testing.T) {
	t.Setenv("APP_ENV", "production")
	t.Setenv("JWT_SECRET", "")
	t.Setenv("RESEND_API_KEY", "")
	t.Setenv("TWOFA_KEY", "")
	t.Setenv("PII_KEY", "")
	_, err := Load()
	if err == nil || !strings.Contains(err.Error(), "JWT_SECRET") || !strings.Contains(err.Error(), "RESEND_API_KEY") ||
		!strings.Contains(err.Error(), "TWOFA_KEY") || !strings.Contains(err.Error(), "PII_KEY") {
		t.Fatalf("want a start-up error naming the missing secrets, got %v", err)
	}
}

func TestProductionRefusesShortSecret(t *testing.T) {
	for k, v := range map[string]string{"APP_ENV": "production", "JWT_SECRET": "short", "RESEND_API_KEY": "re_x",
		"MAIL_FROM": "a@b.c", "DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x"} {
		t.Setenv(k, v)
	}
	if _, err := Load(); err == nil {
		t.Fatal("want an error for a short JWT secret")
	}
}

func TestDevelopmentDefaults(t *testing.T) {
	t.Setenv("APP_ENV", "development")
	t.Setenv("JWT_SECRET", "")
	t.Setenv("USER_PORT", "")
	t.Setenv("USER_ADDR", "")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.JWTSecret == "" || c.UserAddr != ":8080" || c.JWTTTL <= 0 {
		t.Fatalf("unexpected defaults: %+v", c)
	}
}

func TestRejectsUnknownEnv(t *testing.T) {
	t.Setenv("APP_ENV", "staging")
	if _, err := Load(); err == nil {
		t.Fatal("want an error for an unknown APP_ENV")
	}
}

func TestProxyHeaderNeedsTrustedProxies(t *testing.T) {
	t.Setenv("APP_ENV", "development")
	t.Setenv("PROXY_HEADER", "X-Forwarded-For")
	t.Setenv("TRUSTED_PROXIES", "")
	if _, err := Load(); err == nil {
		t.Fatal("a proxy header without trusted proxies would let any client pick its IP")
	}
	t.Setenv("TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1")
	c, err := Load()
	if err != nil || c.ProxyHeader != "X-Forwarded-For" || len(c.TrustedProxies) != 2 {
		t.Fatalf("got %+v %v", c, err)
	}
}

func TestSweepIntervalAndTokenSymbol(t *testing.T) {
	t.Setenv("APP_ENV", "test")
	t.Setenv("SWEEP_INTERVAL", "")
	t.Setenv("TOKEN_SYMBOL", "")
	c, err := Load()
	if err != nil || c.SweepInterval != DefaultSweepInterval || c.TokenSymbol != "ACW" {
		t.Fatalf("defaults: %v %v %q", err, c.SweepInterval, c.TokenSymbol)
	}
	t.Setenv("SWEEP_INTERVAL", "2s")
	t.Setenv("TOKEN_SYMBOL", "GMX")
	if c, err = Load(); err != nil || c.SweepInterval.String() != "2s" || c.TokenSymbol != "GMX" {
		t.Fatalf("set: %v %v %q", err, c.SweepInterval, c.TokenSymbol)
	}
	for _, bad := range []string{"500ms", "soon"} {
		t.Setenv("SWEEP_INTERVAL", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "SWEEP_INTERVAL") {
			t.Fatalf("%s: want an error, got %v", bad, err)
		}
	}
}

func TestPaymentWindowShortOnlyOutsideProduction(t *testing.T) {
	t.Setenv("APP_ENV", "test")
	t.Setenv("PAYMENT_WINDOW", "3s")
	c, err := Load()
	if err != nil || c.PaymentWindow != 3*time.Second {
		t.Fatalf("test: want a 3s window, got %v (%v)", c.PaymentWindow, err)
	}
	t.Setenv("PAYMENT_WINDOW", "")
	if c, err = Load(); err != nil || c.PaymentWindow != DefaultPaymentWindow {
		t.Fatalf("unset: want the default window, got %v (%v)", c.PaymentWindow, err)
	}
	t.Setenv("PAYMENT_WINDOW", "500ms")
	if _, err := Load(); err == nil {
		t.Fatal("want an error for a window under 1s")
	}
	for k, v := range map[string]string{"APP_ENV": "production", "JWT_SECRET": strings.Repeat("s", 40), "RESEND_API_KEY": "re_x",
		"MAIL_FROM": "a@b.c", "DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "PAYMENT_WINDOW": "3s"} {
		t.Setenv(k, v)
	}
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PAYMENT_WINDOW") {
		t.Fatalf("production: want PAYMENT_WINDOW refused, got %v", err)
	}
}

func TestTwoFAKey(t *testing.T) {
	prod := map[string]string{"APP_ENV": "production", "JWT_SECRET": strings.Repeat("s", 40), "RESEND_API_KEY": "re_x",
		"MAIL_FROM": "a@b.c", "DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "PII_KEY": strings.Repeat("1e", 32),
		"AADHAAR_CERT": "/etc/prelaunch/uidai.cer"}
	for k, v := range prod {
		t.Setenv(k, v)
	}
	t.Setenv("TWOFA_KEY", "")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "TWOFA_KEY") {
		t.Fatalf("production must refuse to start without TWOFA_KEY, got %v", err)
	}
	for _, bad := range []string{"short", strings.Repeat("ab", 31), "c2hvcnQ="} {
		t.Setenv("TWOFA_KEY", bad)
		if _, err := Load(); err == nil {
			t.Fatalf("TWOFA_KEY %q is not 32 bytes and must be refused", bad)
		}
	}
	for _, good := range []string{strings.Repeat("0f", 32), "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=", "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY"} {
		t.Setenv("TWOFA_KEY", good)
		c, err := Load()
		if err != nil || len(c.TwoFAKey) != 32 {
			t.Fatalf("TWOFA_KEY %q: got %d bytes, %v", good, len(c.TwoFAKey), err)
		}
	}
	t.Setenv("APP_ENV", "development")
	t.Setenv("TWOFA_KEY", "")
	c, err := Load()
	if err != nil || len(c.TwoFAKey) != 32 {
		t.Fatalf("development derives a key: got %d bytes, %v", len(c.TwoFAKey), err)
	}
}

// PII_KEY (issue 27 finding 1) is required in production like TWOFA_KEY, refused unless 32 bytes,
// and derived outside production.
func TestPIIKey(t *testing.T) {
	prod := map[string]string{"APP_ENV": "production", "JWT_SECRET": strings.Repeat("s", 40), "RESEND_API_KEY": "re_x",
		"MAIL_FROM": "a@b.c", "DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "TWOFA_KEY": strings.Repeat("0f", 32),
		"AADHAAR_CERT": "/etc/prelaunch/uidai.cer"}
	for k, v := range prod {
		t.Setenv(k, v)
	}
	t.Setenv("PII_KEY", "")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PII_KEY") {
		t.Fatalf("production must refuse to start without PII_KEY, got %v", err)
	}
	t.Setenv("PII_KEY", "short")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "PII_KEY") {
		t.Fatalf("a PII_KEY of the wrong size must be refused, got %v", err)
	}
	t.Setenv("PII_KEY", strings.Repeat("1e", 32))
	if c, err := Load(); err != nil || len(c.PIIKey) != 32 {
		t.Fatalf("PII_KEY: got %d bytes, %v", len(c.PIIKey), err)
	}
	t.Setenv("APP_ENV", "development")
	t.Setenv("PII_KEY", "")
	if c, err := Load(); err != nil || len(c.PIIKey) != 32 {
		t.Fatalf("development derives a key: got %d bytes, %v", len(c.PIIKey), err)
	}
}

// AADHAAR_CERT (UIDAI's e-KYC signing certificate) is required in production like the secrets;
// elsewhere empty (the development certificate, core/kyc/ekyc).
func TestAadhaarCertRequiredInProduction(t *testing.T) {
	for k, v := range map[string]string{"APP_ENV": "production", "JWT_SECRET": strings.Repeat("s", 40), "RESEND_API_KEY": "re_x",
		"MAIL_FROM": "a@b.c", "DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "TWOFA_KEY": strings.Repeat("0f", 32),
		"PII_KEY": strings.Repeat("1e", 32), "AADHAAR_CERT": ""} {
		t.Setenv(k, v)
	}
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "AADHAAR_CERT") {
		t.Fatalf("production must refuse to start without AADHAAR_CERT, got %v", err)
	}
	t.Setenv("AADHAAR_CERT", " /etc/prelaunch/uidai.cer ")
	if c, err := Load(); err != nil || c.AadhaarCert != "/etc/prelaunch/uidai.cer" {
		t.Fatalf("AADHAAR_CERT: %q %v", c.AadhaarCert, err)
	}
	t.Setenv("APP_ENV", "development")
	t.Setenv("AADHAAR_CERT", "")
	if c, err := Load(); err != nil || c.AadhaarCert != "" {
		t.Fatalf("development: %q %v", c.AadhaarCert, err)
	}
}

func TestMaxActiveRequests(t *testing.T) {
	t.Setenv("APP_ENV", "development")
	t.Setenv("MAX_ACTIVE_REQUESTS", "")
	c, err := Load()
	if err != nil || c.MaxActiveRequests != 6*runtime.GOMAXPROCS(0) {
		t.Fatalf("default: %d %v, want 6 per CPU", c.MaxActiveRequests, err)
	}
	t.Setenv("MAX_ACTIVE_REQUESTS", "0")
	if c, err := Load(); err != nil || c.MaxActiveRequests != 0 {
		t.Fatalf("0 turns the gate off: %d %v", c.MaxActiveRequests, err)
	}
	for _, bad := range []string{"-1", "many", "1.5"} {
		t.Setenv("MAX_ACTIVE_REQUESTS", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "MAX_ACTIVE_REQUESTS") {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}
