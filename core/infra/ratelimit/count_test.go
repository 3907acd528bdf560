package ratelimit_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/ratelimit"
	"prelaunch/core/infra/testkit"
)

// Twelve wrong passwords through profile/update once met no 429. The limit was a check (Peek)
// before the password comparison and a record after it: twelve checks in flight at once all
// passed before any was recorded. Each check now counts as a failure as it starts, atomically,
// so the eleventh and twelfth in flight are refused whatever the others are doing.
func TestPasswordChecksInFlightAreCountedAsTheyStart(t *testing.T) {
	l := testkit.Deps(t, "ratelimit", 3).Limiter
	ctx := context.Background()
	const who = "user:in-flight"
	var passed, refused atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// None of the twelve has finished its comparison yet: nothing is recorded after it.
			if err := l.BeforePasswordCheck(ctx, who); err == nil {
				passed.Add(1)
			} else if apperr.Is(err, apperr.KindRateLimited) {
				refused.Add(1)
			} else {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if passed.Load() != int32(ratelimit.PasswordFailPerSubject.Burst) || refused.Load() != 2 {
		t.Fatalf("12 checks at once: %d passed, %d refused; want 10 and 2", passed.Load(), refused.Load())
	}
	// The same holds for sign-ins: eleven attempts in flight from one address, the eleventh refused.
	for i := 0; i < ratelimit.LoginFailPerSubjectIP.Burst; i++ {
		if err := l.BeforeLogin(ctx, "c1:flight@x.test", "10.9.9.9"); err != nil {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	if err := l.BeforeLogin(ctx, "c1:flight@x.test", "10.9.9.9"); !apperr.Is(err, apperr.KindRateLimited) {
		t.Fatalf("the 11th sign-in in flight must be refused: %v", err)
	}
}

// A right password gives its count back: the owner checking their password again and again is
// never refused.
func TestARightPasswordGivesItsCountBack(t *testing.T) {
	l := testkit.Deps(t, "ratelimit", 3).Limiter
	ctx := context.Background()
	for i := 0; i < 3*ratelimit.PasswordFailPerSubject.Burst; i++ {
		if err := l.BeforePasswordCheck(ctx, "user:owner"); err != nil {
			t.Fatalf("check %d: %v", i+1, err)
		}
		l.PasswordRight(ctx, "user:owner")
	}
	for i := 0; i < 3*ratelimit.LoginFailPerSubject.Burst; i++ {
		ip := fmt.Sprintf("10.1.%d.%d", i/20, i%20) // (every attempt counts against its IP)
		if err := l.BeforeLogin(ctx, "c1:owner@x.test", ip); err != nil {
			t.Fatalf("sign-in %d: %v", i+1, err)
		}
		l.LoginSucceeded(ctx, "c1:owner@x.test", ip)
	}
}

// failFirst makes the first n Redis commands fail, as a dropped connection does.
type failFirst struct{ n atomic.Int32 }

func (f *failFirst) DialHook(next redis.DialHook) redis.DialHook { return next }
func (f *failFirst) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}
func (f *failFirst) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if f.n.Add(-1) >= 0 {
			err := &net.OpError{Op: "read", Err: errors.New("connection reset")}
			cmd.SetErr(err)
			return err
		}
		return next(ctx, cmd)
	}
}

// A failure that could not be recorded was simply not counted (spend dropped AllowN's error).
// One Redis error is retried; two answer 503, and the check does not run.
func TestAFailureThatCannotBeCountedIsRetriedThen503(t *testing.T) {
	d := testkit.Deps(t, "ratelimit", 3)
	opt := *d.Redis.Options()
	rdb := redis.NewClient(&opt)
	t.Cleanup(func() { _ = rdb.Close() })
	hook := &failFirst{}
	rdb.AddHook(hook)
	l := ratelimit.New(rdb)
	ctx := context.Background()

	hook.n.Store(1)
	if err := l.BeforePasswordCheck(ctx, "user:flaky"); err != nil {
		t.Fatalf("one error must be retried: %v", err)
	}
	if n, _ := d.Redis.Exists(ctx, "rate:rl:"+ratelimit.PasswordFailPerSubject.Name+":user:flaky").Result(); n != 1 {
		t.Fatal("the retried failure must be counted")
	}
	hook.n.Store(2)
	err := l.BeforePasswordCheck(ctx, "user:flaky")
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindUnavailable {
		t.Fatalf("two errors must answer 503, got %v", err)
	}
	hook.n.Store(2)
	if err := l.BeforeLogin(ctx, "c1:flaky@x.test", "10.2.2.2"); !apperr.Is(err, apperr.KindUnavailable) {
		t.Fatalf("a sign-in whose failure cannot be counted must answer 503, got %v", err)
	}
}
