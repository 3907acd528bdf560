package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/go-redis/redis_rate/v10"

	"prelaunch/core/apperr"
)

// Peek reports, without spending anything, whether one more event of rule for key would pass.
func (l *Limiter) Peek(ctx context.Context, rule Rule, key string) error {
	lim := redis_rate.Limit{Rate: rule.Rate, Burst: rule.Burst, Period: rule.Period}
	res, err := l.rl.AllowN(ctx, fmt.Sprintf("rl:%s:%s", rule.Name, key), lim, 0)
	if err != nil {
		return errUnavailable(err)
	}
	if res.Remaining < 1 {
		// One event frees up every Period/Rate.
		wait := (rule.Period / time.Duration(rule.Rate)).Round(time.Second)
		if wait < time.Second {
			wait = time.Second
		}
		return apperr.RateLimited(fmt.Sprintf("Too many attempts. Please try again in %d seconds.", int(wait.Seconds())), wait)
	}
	return nil
}

// spend records one event of rule for key without refusing anything.
func (l *Limiter) spend(ctx context.Context, rule Rule, key string) {
	lim := redis_rate.Limit{Rate: rule.Rate, Burst: rule.Burst, Period: rule.Period}
	_, _ = l.rl.AllowN(ctx, fmt.Sprintf("rl:%s:%s", rule.Name, key), lim, 1)
}

// BeforeLogin is the one sign-in guard of both apps: every attempt counts against the IP, and the
// attempt is refused while wrong passwords for subject from this IP, or for subject from
// anywhere, have reached their limits. Only failures count (LoginFailed), so a guesser on one
// address does not lock the real user out of another.
func (l *Limiter) BeforeLogin(ctx context.Context, subject, ip string) error {
	if err := l.Allow(ctx, LoginPerIP, ip); err != nil {
		return err
	}
	if err := l.Peek(ctx, LoginFailPerSubjectIP, subject+"|"+ip); err != nil {
		return err
	}
	return l.Peek(ctx, LoginFailPerSubject, subject)
}

// LoginFailed records a wrong password for subject from ip.
func (l *Limiter) LoginFailed(ctx context.Context, subject, ip string) {
	l.spend(ctx, LoginFailPerSubjectIP, subject+"|"+ip)
	l.spend(ctx, LoginFailPerSubject, subject)
}

// BeforePasswordCheck refuses (429) a signed-in caller's password check while subject's wrong
// passwords have reached PasswordFailPerSubject; only failures count (PasswordFailed).
func (l *Limiter) BeforePasswordCheck(ctx context.Context, subject string) error {
	return l.Peek(ctx, PasswordFailPerSubject, subject)
}

// PasswordFailed records a wrong password of subject.
func (l *Limiter) PasswordFailed(ctx context.Context, subject string) {
	l.spend(ctx, PasswordFailPerSubject, subject)
}

// LoginSucceeded forgets the failures of subject from ip.
func (l *Limiter) LoginSucceeded(ctx context.Context, subject, ip string) {
	_ = l.Reset(ctx, LoginFailPerSubjectIP, subject+"|"+ip)
}

func errUnavailable(err error) error {
	return apperr.Unavailable("redis_unavailable", "This action is temporarily unavailable. Please try again shortly.", err)
}
