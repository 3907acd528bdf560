package user

import (
	"context"
	"fmt"
	"strings"
	"time"

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

// AadhaarQuery is one SharingAadhaars question: the accounts but ExceptID whose profile
// carries the Aadhaar number of Hash, or that are among Also.
type AadhaarQuery struct {
	ExceptID, Hash string
	Also           []string
}

// SharingAadhaars answers SharingAadhaar for each of qs in one statement (a list page's records
// at once, instead of a round trip each): the answer to qs[i] is at index i.
func SharingAadhaars(ctx context.Context, db bun.IDB, companyID string, qs []AadhaarQuery) ([][]Account, error) {
	out := make([][]Account, len(qs))
	if len(qs) == 0 {
		return out, nil
	}
	idx := make([]int, len(qs))
	except := make([]string, len(qs))
	hashes := make([]string, len(qs))
	also := make([]string, len(qs))
	for i, q := range qs {
		idx[i], except[i], hashes[i], also[i] = i, q.ExceptID, q.Hash, strings.Join(q.Also, ",")
		out[i] = []Account{}
	}
	var rows []struct {
		I int `bun:"i"`
		Account
	}
	// The two ways in are read apart, each on its index (users_company_kyc_document_idx, the
	// primary key): as one OR the planner walked the company's accounts in creation order for
	// each question (3.5 s at 333,000 accounts).
	err := db.NewRaw(`SELECT q.i, a.user_id, a.name, a.email
		FROM unnest(?0::int[], ?1::uuid[], ?2::text[], ?3::text[]) AS q (i, except_id, hash, also)
		CROSS JOIN LATERAL (SELECT s.id AS user_id, s.name, s.email, s.created_at FROM (
				SELECT u.id, u.name, u.email, u.created_at, u.deleted_at FROM users AS u
				WHERE u.company_id = ?4 AND u.kyc_document_hash = q.hash AND u.kyc_document_hash <> ''
				UNION
				SELECT u.id, u.name, u.email, u.created_at, u.deleted_at FROM users AS u
				WHERE u.id = ANY(string_to_array(q.also, ',')::uuid[]) AND u.company_id = ?4) AS s
			WHERE s.id <> q.except_id AND s.deleted_at IS NULL
			ORDER BY s.created_at, s.id LIMIT 20) AS a
		ORDER BY q.i, a.created_at, a.user_id`,
		pgdialect.Array(idx), pgdialect.Array(except), pgdialect.Array(hashes), pgdialect.Array(also), companyID).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.I] = append(out[r.I], r.Account)
	}
	return out, nil
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
	err := db.NewRaw("SELECT "+reviewedColumns+" FROM users WHERE id = ?", userID).Scan(ctx, &r)
	return r, err
}

// reviewedColumns are Reviewed's columns of a users row (ReviewedOf, and Credit's RETURNING).
const reviewedColumns = "id, name, email, referred_by, deleted_at IS NOT NULL AS deleted"

// Reviewee is how the admin's KYC review shows a buyer.
type Reviewee struct {
	Name         string `bun:"name"`
	Email        string `bun:"email"`
	Mobile       string `bun:"mobile"`
	ReferralCode string `bun:"referral_code"`
	IsApproved   bool   `bun:"is_approved"`
	Deleted      bool   `bun:"deleted"`
	// MobileVerifiedAt: when the mobile number was verified (nil: not verified).
	MobileVerifiedAt *time.Time `bun:"mobile_verified_at"`
}

// RevieweeOf reads the user of id as the KYC review shows them, in the caller's transaction;
// sql.ErrNoRows when the user is not there.
func RevieweeOf(ctx context.Context, db bun.IDB, userID string) (Reviewee, error) {
	var r Reviewee
	err := db.NewRaw(`SELECT name, email, mobile, referral_code, is_approved, deleted_at IS NOT NULL AS deleted,
		mobile_verified_at FROM users WHERE id = ?`, userID).Scan(ctx, &r)
	return r, err
}
