package user

import (
	"crypto/rand"
	"math/big"
)

// referralAlphabet leaves out look-alikes (0/O, 1/I/L) so a code read aloud is typed right.
const referralAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// NewReferralCode returns a readable Member ID such as "PL-7K3M9Q2X". Uniqueness is enforced by
// the database; a caller retries on the rare collision.
func NewReferralCode() string {
	b := make([]byte, 8)
	max := big.NewInt(int64(len(referralAlphabet)))
	for i := range b {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		b[i] = referralAlphabet[n.Int64()]
	}
	return "PL-" + string(b)
}
