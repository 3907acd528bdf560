// Package twofactor holds the primitives of admin two-factor sign-in: TOTP codes
// (RFC 6238: SHA-1, 6 digits, 30 s steps, one step of drift either way), the sealing of secrets
// at rest (AES-256-GCM with a key from configuration), single-use recovery codes and the
// sign-in challenges shared by every copy of the server (Redis). The rules that use them — who
// must enrol, what a code unlocks — live in package user.
package twofactor

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
	"github.com/pquerna/otp/totp"
)

// The TOTP parameters.
const (
	Period = 30 * time.Second
	Digits = 6
	Skew   = 1 // steps either side of the current one
)

// NewSecret makes a fresh 160-bit secret and its otpauth:// address (issuer and account name
// the authenticator app shows).
func NewSecret(issuer, account string) (secret, url string, err error) {
	k, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account, Period: uint(Period / time.Second),
		SecretSize: 20, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", fmt.Errorf("totp generate: %w", err)
	}
	return k.Secret(), k.URL(), nil
}

// Step is the TOTP time step of t.
func Step(t time.Time) int64 { return t.Unix() / int64(Period/time.Second) }

// Code is the TOTP code of secret at time step step.
func Code(secret string, step int64) (string, error) {
	return hotp.GenerateCodeCustom(secret, uint64(step), hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
}

// Match returns the time step within Skew of now whose code is code, or 0 when none is. The
// caller refuses a step at or before the last one it accepted, so each code works once.
func Match(secret, code string, now time.Time) int64 {
	if len(code) != Digits {
		return 0
	}
	cur := Step(now)
	var found int64
	for s := cur - Skew; s <= cur+Skew; s++ {
		want, err := Code(secret, s)
		if err != nil {
			return 0
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 && found == 0 {
			found = s
		}
	}
	return found
}

// NormCode is a typed code without spaces and dashes, upper case.
func NormCode(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			return -1
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return r
	}, strings.TrimSpace(s))
}

// IsTOTP reports whether a normalised code has the shape of a TOTP code (six digits).
func IsTOTP(code string) bool {
	if len(code) != Digits {
		return false
	}
	for i := 0; i < len(code); i++ {
		if code[i] < '0' || code[i] > '9' {
			return false
		}
	}
	return true
}

// RecoveryCount is how many recovery codes enabling two-factor gives.
const RecoveryCount = 10

// recoveryAlphabet has no 0/O, 1/I/L: the codes are read off paper.
const recoveryAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// NewRecoveryCodes makes RecoveryCount codes of the form XXXXX-XXXXX (about 49 bits each).
func NewRecoveryCodes() ([]string, error) {
	out := make([]string, RecoveryCount)
	buf := make([]byte, 10)
	for i := range out {
		if _, err := rand.Read(buf); err != nil {
			return nil, err
		}
		var b strings.Builder
		for j, c := range buf {
			if j == 5 {
				b.WriteByte('-')
			}
			// 256 % 31 != 0: a bias of under 1 %, harmless at this length.
			b.WriteByte(recoveryAlphabet[int(c)%len(recoveryAlphabet)])
		}
		out[i] = b.String()
	}
	return out, nil
}

// HashRecovery is the stored form of a recovery code of userID (normalised first). The codes are
// random, so a fast hash salted with the user suffices.
func HashRecovery(userID, code string) string {
	sum := sha256.Sum256([]byte(userID + ":" + NormCode(code)))
	return hex.EncodeToString(sum[:])
}

// Sealer encrypts secrets at rest with AES-256-GCM. The user's id is the additional data, so a
// sealed secret copied to another user's row does not open.
type Sealer struct{ aead cipher.AEAD }

// NewSealer takes a 32-byte key.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) != 32 {
		return nil, errors.New("twofactor: the key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal returns nonce || ciphertext of secret, bound to userID.
func (s *Sealer) Seal(userID, secret string) ([]byte, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return s.aead.Seal(nonce, nonce, []byte(secret), []byte(userID)), nil
}

// Open reverses Seal; a wrong key, user or a tampered value is an error.
func (s *Sealer) Open(userID string, sealed []byte) (string, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return "", errors.New("twofactor: sealed secret too short")
	}
	out, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte(userID))
	if err != nil {
		return "", fmt.Errorf("twofactor: open secret: %w", err)
	}
	return string(out), nil
}
