package auth

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/crypto/bcrypt"

	"prelaunch/core/infra/admission"
)

// Cost is the bcrypt cost. The security floor is 12; tests may lower it in TestMain for speed.
var Cost = 12

// Every bcrypt call below first gives back the request's admission place (admission.Release):
// a quarter of a second of CPU would otherwise hold a place hundreds of short requests could use.

// HashPassword hashes with bcrypt. Passwords longer than 72 bytes are refused by bcrypt, so the
// caller validates length first.
func HashPassword(ctx context.Context, pw string) (string, error) {
	admission.Release(ctx)
	b, err := bcrypt.GenerateFromPassword([]byte(pw), Cost)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// CheckPassword reports whether pw matches hash; a malformed hash is a mismatch.
func CheckPassword(ctx context.Context, hash, pw string) bool {
	admission.Release(ctx)
	err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw))
	return err == nil
}

// dummy is a hash at the configured cost, made once (and again if Cost changes): comparing
// against it costs what comparing against a real account's hash costs.
var dummy struct {
	sync.Mutex
	cost int
	hash []byte
}

// BurnTime runs one password comparison against a dummy hash at the configured cost, so a
// sign-in with an unknown email takes the time of one with a wrong password (and not twice
// that: it must not make a hash first).
func BurnTime(ctx context.Context, pw string) {
	admission.Release(ctx)
	dummy.Lock()
	if dummy.hash == nil || dummy.cost != Cost {
		h, err := bcrypt.GenerateFromPassword([]byte("timing-equaliser"), Cost)
		if err != nil {
			dummy.Unlock()
			return
		}
		dummy.hash, dummy.cost = h, Cost
	}
	h := dummy.hash
	dummy.Unlock()
	_ = bcrypt.CompareHashAndPassword(h, []byte(pw))
}

var ErrPasswordTooLong = errors.New("password longer than 72 bytes")
