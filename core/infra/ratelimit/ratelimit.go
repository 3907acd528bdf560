// Package ratelimit guards OTP sends, logins and code checks with redis_rate (GCRA in Redis).
package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"

	"prelaunch/core/infra/apperr"
)

type Limiter struct {
	rl  *redis_rate.Limiter
	rdb *redis.Client
}

func New(rdb *redis.Client) *Limiter { return &Limiter{rl: redis_rate.NewLimiter(rdb), rdb: rdb} }

// Rule is a named limit: Rate events per Period, with Burst.
type Rule struct {
	Name   string
	Rate   int
	Burst  int
	Period time.Duration
}

// Allow spends one event of rule for key. Over the limit: 429 with Retry-After. Redis down: 503,
// because a limit we cannot check is a limit we cannot enforce.
func (l *Limiter) Allow(ctx context.Context, rule Rule, key string) error {
	lim := redis_rate.Limit{Rate: rule.Rate, Burst: rule.Burst, Period: rule.Period}
	res, err := l.rl.Allow(ctx, fmt.Sprintf("rl:%s:%s", rule.Name, key), lim)
	if err != nil {
		return errUnavailable(err)
	}
	if res.Allowed == 0 {
		wait := res.RetryAfter
		if wait < time.Second {
			wait = time.Second
		}
		return apperr.RateLimited(fmt.Sprintf("Too many attempts. Please try again in %d seconds.", int(wait.Round(time.Second).Seconds())), wait)
	}
	return nil
}

// Reset forgets the events of rule for key (e.g. after a successful login).
func (l *Limiter) Reset(ctx context.Context, rule Rule, key string) error {
	return l.rl.Reset(ctx, fmt.Sprintf("rl:%s:%s", rule.Name, key))
}
