package twofactor

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// ChallengeTTL is how long the second sign-in step may wait, and MaxTries how many wrong codes
// burn a challenge.
const (
	ChallengeTTL = 5 * time.Minute
	MaxTries     = 5
)

// ErrNoChallenge is an unknown, expired, used or burnt challenge.
var ErrNoChallenge = errors.New("twofactor: no such challenge")

// Challenges keeps pending second steps in Redis, so any copy of the server can finish a sign-in
// another copy began.
type Challenges struct{ RDB *redis.Client }

// Challenge is who is signing in.
type Challenge struct {
	UserID    string
	CompanyID string
}

func challengeKey(id string) string { return "2fa:challenge:" + id }

// Create stores a challenge for c and returns its opaque id (128 random bits).
func (s *Challenges) Create(ctx context.Context, c Challenge) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	id := base64.RawURLEncoding.EncodeToString(b)
	k := challengeKey(id)
	_, err := s.RDB.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, k, "user", c.UserID, "company", c.CompanyID, "tries", 0)
		p.Expire(ctx, k, ChallengeTTL)
		return nil
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get reads a live challenge.
func (s *Challenges) Get(ctx context.Context, id string) (Challenge, error) {
	if id == "" || len(id) > 64 {
		return Challenge{}, ErrNoChallenge
	}
	m, err := s.RDB.HGetAll(ctx, challengeKey(id)).Result()
	if err != nil {
		return Challenge{}, err
	}
	if m["user"] == "" {
		return Challenge{}, ErrNoChallenge
	}
	return Challenge{UserID: m["user"], CompanyID: m["company"]}, nil
}

// failScript counts a wrong code on a live challenge and burns it at the last try.
var failScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local n = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if n >= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) end
return n`)

// Fail counts a wrong code; the MaxTries-th burns the challenge.
func (s *Challenges) Fail(ctx context.Context, id string) error {
	return failScript.Run(ctx, s.RDB, []string{challengeKey(id)}, MaxTries).Err()
}

// Consume ends a challenge; only one caller gets true, so a challenge signs in once.
func (s *Challenges) Consume(ctx context.Context, id string) (bool, error) {
	n, err := s.RDB.Del(ctx, challengeKey(id)).Result()
	return n == 1, err
}
