package testkit_test

import (
	"testing"
	"time"

	"prelaunch/core/auth"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/testkit"
)

// JWTLike finds a real token in a log line and not the "eyJ" a random request id may hold.
func TestJWTLikeFindsTokensNotRequestIDs(t *testing.T) {
	tok, err := auth.NewTokens("test-secret-test-secret-test-secret-0123", time.Hour, clock.System{}).
		Issue("7f1c0c2e-2d8e-4c39-9a57-1f0d6c1f2f0e", "c", "USER", auth.AudienceUser, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !testkit.JWTLike.MatchString("level=INFO msg=http path=/x auth=" + tok + " status=200") {
		t.Fatalf("a token was not found: %s", tok)
	}
	id := "level=INFO msg=http status=401 request_id=N1M1h3HVpd9fYAsnNGKFsr_llLzOIbsTeyJ64tjJD88"
	if testkit.JWTLike.MatchString(id) {
		t.Fatalf("a request id counted as a token: %s", id)
	}
}
