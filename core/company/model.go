// Package company holds companies and their token configuration.
package company

import (
	"prelaunch/core/sale"
	"time"

	"github.com/uptrace/bun"
)

type Company struct {
	bun.BaseModel `bun:"table:companies,alias:c"`

	ID     string `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	Name   string `bun:"name,notnull"`
	Email  string `bun:"email,notnull"`
	Mobile string `bun:"mobile,notnull"`
	// The Aadhaar number is never kept whole (docs/security.md, issue 27 finding 1): its last 4
	// digits for the masked display and its HMAC under PII_KEY.
	AadhaarLast4 string `bun:"aadhaar_last4,notnull"`
	AadhaarHash  string `bun:"aadhaar_hash,notnull"`
	PAN          string `bun:"pan,notnull"`
	Address      string `bun:"address,notnull"`
	Pincode      string `bun:"pincode,notnull"`
	Status       string `bun:"status,notnull,default:'ACTIVE'"` // StatusActive or StatusSuspended
	// SuspensionReason: why the super admin suspended it, shown to its admins and buyers; "" while active.
	SuspensionReason string    `bun:"suspension_reason,notnull"`
	Require2FA       bool      `bun:"require_2fa,notnull"`
	CreatedAt        time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt        time.Time `bun:"updated_at,notnull,default:current_timestamp"`

	Token *sale.Token `bun:"rel:has-one,join:id=company_id"`
}
