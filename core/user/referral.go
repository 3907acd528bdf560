package user

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"prelaunch/core/infra/pgerr"

	"github.com/uptrace/bun"
)

// referralAlphabet leaves out look-alikes (0/O, 1/I/L) so a code read aloud is typed right.
const referralAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newReferralCode draws a Member ID (a variable so a test can force a collision).
var newReferralCode = randomReferralCode

// randomReferralCode returns a readable Member ID such as "PL-7K3M9Q2X". Uniqueness is enforced
// by the database; Insert retries on the rare collision.
func randomReferralCode() string {
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

// ErrEmailTaken is Insert's answer when the company already has a live account with the email;
// each caller words it for its screen.
var ErrEmailTaken = errors.New("user: email taken in this company")

// referralTries is how many fresh codes Insert draws before giving up: with 31^8 codes a second
// collision in a row means something else is wrong.
const referralTries = 6

// Insert is the one way a user row is created (sign-up, an admin's "add user", a new company's
// owner, the demo seed). It draws the referral code (Member ID) and draws again when it collides;
// each attempt runs in its own transaction, or savepoint when db is already a transaction, so a
// collision does not spoil the caller's transaction. It fills u.ID and u.CreatedAt.
func Insert(ctx context.Context, db bun.IDB, u *User) error {
	for attempt := 1; ; attempt++ {
		u.ReferralCode = newReferralCode()
		err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			_, err := tx.NewInsert().Model(u).Returning("id, created_at").Exec(ctx)
			return err
		})
		if err == nil {
			return nil
		}
		switch name := pgerr.UniqueViolation(err); {
		case name == "users_company_email_key":
			return ErrEmailTaken
		case name == mobileKey:
			return errMobileTaken()
		case name == "users_referral_code_key" && attempt < referralTries:
			continue
		}
		return fmt.Errorf("insert user: %w", err)
	}
}
