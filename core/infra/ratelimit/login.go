package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"

	"prelaunch/core/infra/apperr"
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

// reserve counts one failure of rule for key before the check it guards has run, and refuses
// (429) when the failures already counted have reached the limit. Counting first, in one atomic
// step, is what makes concurrent wrong guesses each take a slot: a check (Peek) followed by a
// later record let twelve wrong passwords sent at once all pass the check before any was
// recorded. A Redis error is retried once, then answered 503 as Allow does: a failure that could
// not be counted is never let through uncounted. The guarded check gives the slot back when it
// turns out right (refund).
func (l *Limiter) reserve(ctx context.Context, rule Rule, key string) error {
	ctx = context.WithoutCancel(ctx) // a caller who hangs up must not skip the count
	lim := redis_rate.Limit{Rate: rule.Rate, Burst: rule.Burst, Period: rule.Period}
	k := fmt.Sprintf("rl:%s:%s", rule.Name, key)
	res, err := l.rl.AllowN(ctx, k, lim, 1)
	if err != nil {
		res, err = l.rl.AllowN(ctx, k, lim, 1)
	}
	if err != nil {
		return errUnavailable(err)
	}
	if res.Allowed == 0 {
		wait := (rule.Period / time.Duration(rule.Rate)).Round(time.Second)
		if res.RetryAfter > wait {
			wait = res.RetryAfter.Round(time.Second)
		}
		if wait < time.Second {
			wait = time.Second
		}
		return apperr.RateLimited(fmt.Sprintf("Too many attempts. Please try again in %d seconds.", int(wait.Seconds())), wait)
	}
	return nil
}

// refundScript gives back one event of a GCRA key (redis_rate's layout: the key holds the
// theoretical arrival time in seconds since 2017-01-01): TAT moves back one emission interval,
// and the key goes when that is not in the future. redis_rate itself cannot: a negative cost
// that brings TAT to now or before is not written.
var refundScript = redis.NewScript(`
local tat = redis.call("GET", KEYS[1])
if not tat then return 0 end
local now = redis.call("TIME")
now = (now[1] - 1483228800) + (now[2] / 1000000)
local new_tat = tonumber(tat) - tonumber(ARGV[1])
if new_tat <= now then
  redis.call("DEL", KEYS[1])
else
  redis.call("SET", KEYS[1], tostring(new_tat), "EX", math.ceil(new_tat - now))
end
return 1
`)

// refund gives back the slot reserve took, once the guarded check turned out right. An error
// leaves the slot counted (the safe side).
func (l *Limiter) refund(ctx context.Context, rule Rule, key string) {
	interval := rule.Period.Seconds() / float64(rule.Rate)
	// redis_rate keeps a key under its own prefix, "rate:".
	_ = refundScript.Run(context.WithoutCancel(ctx), l.rdb, []string{fmt.Sprintf("rate:rl:%s:%s", rule.Name, key)},
		strconv.FormatFloat(interval, 'f', -1, 64)).Err()
}

// BeforeLogin is the one sign-in guard of both apps: every attempt counts against the IP, and,
// until the password proves right (LoginSucceeded), as a wrong password for subject from this IP
// and for subject from anywhere; the attempt is refused once either has reached its limit. Only
// failures stay counted, so a guesser on one address does not lock the real user out of another.
func (l *Limiter) BeforeLogin(ctx context.Context, subject, ip string) error {
	if err := l.Allow(ctx, LoginPerIP, ip); err != nil {
		return err
	}
	if err := l.reserve(ctx, LoginFailPerSubjectIP, subject+"|"+ip); err != nil {
		return err
	}
	if err := l.reserve(ctx, LoginFailPerSubject, subject); err != nil {
		l.refund(ctx, LoginFailPerSubjectIP, subject+"|"+ip)
		return err
	}
	return nil
}

// BeforePasswordCheck counts a signed-in caller's password check as a wrong password of subject
// until it proves right (PasswordRight), and refuses (429) once subject's wrong passwords have
// reached PasswordFailPerSubject.
func (l *Limiter) BeforePasswordCheck(ctx context.Context, subject string) error {
	return l.reserve(ctx, PasswordFailPerSubject, subject)
}

// PasswordRight gives back the count BeforePasswordCheck took: the password was right.
func (l *Limiter) PasswordRight(ctx context.Context, subject string) {
	l.refund(ctx, PasswordFailPerSubject, subject)
}

// LoginSucceeded forgets the failures of subject from ip and gives back the count this attempt
// took from subject's.
func (l *Limiter) LoginSucceeded(ctx context.Context, subject, ip string) {
	_ = l.Reset(context.WithoutCancel(ctx), LoginFailPerSubjectIP, subject+"|"+ip)
	l.refund(ctx, LoginFailPerSubject, subject)
}

func errUnavailable(err error) error {
	return apperr.Unavailable("redis_unavailable", "This action is temporarily unavailable. Please try again shortly.", err)
}
