package auth

import (
	"errors"

	"golang.org/x/crypto/bcrypt"
)

// Cost is the bcrypt cost. The security floor is 12; tests may lower it in TestMain for speed.
var Cost = 12

// HashPassword hashes with bcrypt. Passwords longer than 72 bytes are refused by bcrypt, so the
// caller validates length first.
func HashPassword(pw string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(pw), Cost)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// CheckPassword reports whether pw matches hash; a malformed hash is a mismatch.
func CheckPassword(hash, pw string) bool {
	err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw))
	return err == nil
}

// dummyHash keeps the timing of a failed login the same whether or not the account exists.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("timing-equaliser"), bcrypt.MinCost)

// BurnTime runs one password comparison against a dummy hash at the configured cost.
func BurnTime(pw string) {
	if h, err := bcrypt.GenerateFromPassword([]byte("x"), Cost); err == nil {
		_ = bcrypt.CompareHashAndPassword(h, []byte(pw))
		return
	}
	_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(pw))
}

var ErrPasswordTooLong = errors.New("password longer than 72 bytes")
