// Package otp issues and checks one-time codes (hashed, expiring, five tries).
package otp

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	PurposeRegister        = "register"
	PurposeResetPassword   = "reset_password"
	PurposeChangePassword  = "change_password"
	PurposeSuperAdminLogin = "superadmin_login"
	// PurposeVerifyMobile: a code sent by SMS to prove a buyer's mobile (subject: user id and number).
	PurposeVerifyMobile = "verify_mobile"
)

type OTP struct {
	bun.BaseModel `bun:"table:otps,alias:o"`

	ID        string  `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	Purpose   string  `bun:"purpose,notnull"`
	Subject   string  `bun:"subject,notnull"`
	CompanyID *string `bun:"company_id,type:uuid"`
	CodeHash  string  `bun:"code_hash,notnull"`
	// CodeSealed is the code sealed (AES-GCM, a key derived from the pepper) so a second request
	// within ResendWindow can send the same code again; nil once used or voided.
	CodeSealed []byte     `bun:"code_sealed"`
	Attempts   int        `bun:"attempts,notnull"`
	ExpiresAt  time.Time  `bun:"expires_at,notnull"`
	ConsumedAt *time.Time `bun:"consumed_at"`
	CreatedAt  time.Time  `bun:"created_at,notnull,default:current_timestamp"`
}
