// Package beneficiary holds each company's bank and UPI details shown to paying buyers.
package beneficiary

import (
	"time"

	"github.com/uptrace/bun"
)

type Beneficiary struct {
	bun.BaseModel `bun:"table:beneficiaries,alias:b"`

	ID            string    `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	CompanyID     string    `bun:"company_id,type:uuid,notnull"`
	HolderName    string    `bun:"holder_name,notnull"`
	BankName      string    `bun:"bank_name,notnull"`
	Branch        string    `bun:"branch,notnull"`
	AccountNumber string    `bun:"account_number,notnull"`
	IFSCCode      string    `bun:"ifsc_code,notnull"`
	UPI           string    `bun:"upi,notnull"`
	CreatedAt     time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt     time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}
