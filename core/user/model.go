// Package user owns accounts: buyers and company admins (one table, role USER or ADMIN), sign-up
// with an emailed code, login, passwords, the profile, referral codes (Member IDs) and an admin's
// management of their company's users.
package user

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

const (
	RoleUser  = "USER"
	RoleAdmin = "ADMIN"

	StatusActive   = "ACTIVE"
	StatusInactive = "INACTIVE"
	StatusBlocked  = "BLOCKED"
)

type User struct {
	bun.BaseModel `bun:"table:users,alias:u"`

	ID        string `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	CompanyID string `bun:"company_id,type:uuid,notnull"`
	Role      string `bun:"role,notnull"`
	Name      string `bun:"name,notnull"`
	Email     string `bun:"email,notnull"`
	Mobile    string `bun:"mobile,notnull"`
	// MobileVerifiedAt: when the buyer proved the mobile by an SMS code; nil until then and
	// again once the mobile changes.
	MobileVerifiedAt *time.Time `bun:"mobile_verified_at"`
	PasswordHash     string     `bun:"password_hash,notnull"`
	DateOfBirth      *time.Time `bun:"date_of_birth,type:date"`
	Gender           string     `bun:"gender,notnull"`
	Pincode          string     `bun:"pincode,notnull"`
	State            string     `bun:"state,notnull"` // GST state code chosen by the buyer; "" = from the PIN
	ReferralCode     string     `bun:"referral_code,notnull"`
	ReferredBy       *string    `bun:"referred_by,type:uuid"`
	// The profile's Aadhaar number: its last 4 digits and its HMAC under PII_KEY, never whole.
	KYCDocumentLast4 string          `bun:"kyc_document_last4,notnull"`
	KYCDocumentHash  string          `bun:"kyc_document_hash,notnull"`
	ProfileImageID   *string         `bun:"profile_image_id,type:uuid"`
	Status           string          `bun:"status,notnull"`
	IsApproved       bool            `bun:"is_approved,notnull"`
	StockBalance     decimal.Decimal `bun:"stock_balance,type:numeric(38,0),notnull"`
	TokenVersion     int             `bun:"token_version,notnull"`
	CreatedAt        time.Time       `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt        time.Time       `bun:"updated_at,notnull,default:current_timestamp"`
	DeletedAt        *time.Time      `bun:"deleted_at"`
}
