package ratelimit_test

import (
	"context"
	"fmt"
	"testing"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/testkit"
)

func TestGuessingFromOneAddressDoesNotLockOutAnother(t *testing.T) {
	l := testkit.Deps(t, "ratelimit", 3).Limiter
	ctx := context.Background()
	const who = "c1:asha@example.test"
	for i := 0; i < ratelimit.LoginFailPerSubjectIP.Burst; i++ {
		if err := l.BeforeLogin(ctx, who, "10.0.0.66"); err != nil { // counted until it succeeds
			t.Fatalf("attempt %d refused too early: %v", i+1, err)
		}
	}
	err := l.BeforeLogin(ctx, who, "10.0.0.66")
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindRateLimited || e.RetryAfter <= 0 {
		t.Fatalf("the guessing address must get 429 with Retry-After, got %v", err)
	}
	if err := l.BeforeLogin(ctx, who, "192.0.2.7"); err != nil {
		t.Fatalf("the real user's address is locked out: %v", err)
	}
	// A success from the real address leaves the guesser blocked.
	l.LoginSucceeded(ctx, who, "192.0.2.7")
	if err := l.BeforeLogin(ctx, who, "10.0.0.66"); !apperr.Is(err, apperr.KindRateLimited) {
		t.Fatalf("a success elsewhere must not unblock the guesser: %v", err)
	}
}

func TestGuessingFromManyAddressesHitsTheSubjectCeiling(t *testing.T) {
	l := testkit.Deps(t, "ratelimit", 3).Limiter
	ctx := context.Background()
	const who = "c1:ravi@example.test"
	for i := 0; i < ratelimit.LoginFailPerSubject.Burst; i++ {
		ip := fmt.Sprintf("10.1.%d.%d", i/200, i%200)
		if err := l.BeforeLogin(ctx, who, ip); err != nil {
			t.Fatalf("attempt %d refused too early: %v", i+1, err)
		}
	}
	if err := l.BeforeLogin(ctx, who, "198.51.100.1"); !apperr.Is(err, apperr.KindRateLimited) {
		t.Fatalf("distributed guessing must reach the per-subject ceiling: %v", err)
	}
	if err := l.BeforeLogin(ctx, "c1:someone-else@example.test", "198.51.100.1"); err != nil {
		t.Fatalf("another subject is unaffected: %v", err)
	}
}

func TestSuccessForgetsTheAddressFailures(t *testing.T) {
	l := testkit.Deps(t, "ratelimit", 3).Limiter
	ctx := context.Background()
	const who, ip = "c1:mina@example.test", "192.0.2.9"
	for i := 0; i < ratelimit.LoginFailPerSubjectIP.Burst-1; i++ {
		_ = l.BeforeLogin(ctx, who, ip)
	}
	_ = l.BeforeLogin(ctx, who, ip)
	l.LoginSucceeded(ctx, who, ip)
	for i := 0; i < ratelimit.LoginFailPerSubjectIP.Burst-1; i++ {
		_ = l.BeforeLogin(ctx, who, ip)
	}
	if err := l.BeforeLogin(ctx, who, ip); err != nil {
		t.Fatalf("failures before a success must be forgotten: %v", err)
	}
}
