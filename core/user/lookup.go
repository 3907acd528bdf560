package user

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// Named is how a list names a buyer: their name and Member ID.
type Named struct {
	ID           string `bun:"id"`
	Name         string `bun:"name"`
	ReferralCode string `bun:"referral_code"`
}

// Names reads the users of ids, keyed by id (an unknown id is left out).
func Names(ctx context.Context, db bun.IDB, ids []string) (map[string]Named, error) {
	out := make(map[string]Named, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Named
	if err := db.NewRaw(`SELECT id, name, referral_code FROM users WHERE id = ANY(?::uuid[])`,
		pgdialect.Array(ids)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read users: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// Contact is whom a notice goes to: a user's address, name and company, and whether the account
// was deleted (a deleted buyer gets no mail).
type Contact struct {
	ID        string `bun:"id"`
	CompanyID string `bun:"company_id"`
	Email     string `bun:"email"`
	Name      string `bun:"name"`
	Deleted   bool   `bun:"deleted"`
}

// Contacts reads the users of ids, keyed by id (an unknown id is left out).
func Contacts(ctx context.Context, db bun.IDB, ids []string) (map[string]Contact, error) {
	out := make(map[string]Contact, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Contact
	if err := db.NewRaw(`SELECT id, company_id, email, name, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ANY(?::uuid[])`,
		pgdialect.Array(ids)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read users: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// Account names one account for a list: its id, name and email.
type Account struct {
	UserID string `bun:"user_id"`
	Name   string `bun:"name"`
	Email  string `bun:"email"`
}

// SharingAadhaar lists the live accounts of the company but exceptID whose profile carries the
// Aadhaar number of hash, or that are among also (the accounts whose KYC carries it, found by
// the caller), oldest first, at most 20.
func SharingAadhaar(ctx context.Context, db bun.IDB, companyID, exceptID, hash string, also []string) ([]Account, error) {
	out := []Account{}
	if also == nil {
		also = []string{}
	}
	err := db.NewRaw(`SELECT u.id AS user_id, u.name, u.email FROM users AS u
		WHERE u.company_id = ? AND u.id <> ? AND u.deleted_at IS NULL
		  AND (u.kyc_document_hash = ? OR u.id = ANY(?::uuid[]))
		ORDER BY u.created_at, u.id LIMIT 20`, companyID, exceptID, hash, pgdialect.Array(also)).Scan(ctx, &out)
	return out, err
}

// Billed is how a receipt names its buyer: name, email and Member ID.
type Billed struct {
	Name         string `bun:"name"`
	Email        string `bun:"email"`
	ReferralCode string `bun:"referral_code"`
}

// BilledOf reads the user's name, email and Member ID; sql.ErrNoRows when the user is not there.
func BilledOf(ctx context.Context, db bun.IDB, userID string) (Billed, error) {
	var b Billed
	err := db.NewRaw("SELECT name, email, referral_code FROM users WHERE id = ?", userID).Scan(ctx, &b)
	return b, err
}

// Reviewed is what a purchase's decision needs of its buyer: name and email for the notice, who
// referred them (for the reward) and whether the account was deleted.
type Reviewed struct {
	ID         string  `bun:"id"`
	Name       string  `bun:"name"`
	Email      string  `bun:"email"`
	ReferredBy *string `bun:"referred_by"`
	Deleted    bool    `bun:"deleted"`
}

// ReviewedOf reads the user of id for a purchase's decision, in the caller's transaction (a plain
// read: no row lock is taken); sql.ErrNoRows when the user is not there.
func ReviewedOf(ctx context.Context, db bun.IDB, userID string) (Reviewed, error) {
	var r Reviewed
	err := db.NewRaw("SELECT id, name, email, referred_by, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ?", userID).Scan(ctx, &r)
	return r, err
}

// Reviewee is how the admin's KYC review shows a buyer.
type Reviewee struct {
	Name         string `bun:"name"`
	Email        string `bun:"email"`
	Mobile       string `bun:"mobile"`
	ReferralCode string `bun:"referral_code"`
	IsApproved   bool   `bun:"is_approved"`
	Deleted      bool   `bun:"deleted"`
}

// RevieweeOf reads the user of id as the KYC review shows them, in the caller's transaction;
// sql.ErrNoRows when the user is not there.
func RevieweeOf(ctx context.Context, db bun.IDB, userID string) (Reviewee, error) {
	var r Reviewee
	err := db.NewRaw(`SELECT name, email, mobile, referral_code, is_approved, deleted_at IS NOT NULL AS deleted
		FROM users WHERE id = ?`, userID).Scan(ctx, &r)
	return r, err
}
