// Package purchase holds orders and purchases and their state machine:
// INITIATED -> PENDING -> APPROVED | REJECTED, REJECTED -> REFUNDED, and INITIATED -> EXPIRED | CANCELLED.
package purchase

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

const (
	StatusInitiated = "INITIATED"
	StatusPending   = "PENDING"
	StatusApproved  = "APPROVED"
	StatusRejected  = "REJECTED"
	// StatusRefunded is a rejected purchase whose payment went back to the buyer.
	StatusRefunded = "REFUNDED"
	StatusExpired  = "EXPIRED"
	// StatusCancelled is an INITIATED order the buyer cancelled.
	StatusCancelled = "CANCELLED"

	MethodBank   = "BANK"
	MethodUPI    = "UPI"
	MethodManual = "MANUAL"
	MethodCrypto = "CRYPTO"

	// PaymentWindow is how long a buyer has to pay for an order.
	PaymentWindow = 15 * time.Minute
)

type Purchase struct {
	bun.BaseModel `bun:"table:purchases,alias:p"`

	ID            string          `bun:"id,pk,type:uuid,default:uuid_time_ordered()"`
	CompanyID     string          `bun:"company_id,type:uuid,notnull"`
	UserID        string          `bun:"user_id,type:uuid,notnull"`
	OrderNumber   string          `bun:"order_number,notnull"`
	TransactionID string          `bun:"transaction_id,notnull"`
	Status        string          `bun:"status,notnull"`
	PaymentMethod *string         `bun:"payment_method"`
	Amount        decimal.Decimal `bun:"amount,type:numeric(18,2),notnull"`
	// EnteredAmount is the figure the buyer typed: Amount is
	// what its whole tokens cost. Zero inserts NULL, which the insert trigger of migration
	// …0300_purchases_entered_amount turns into Amount (seeds and fixtures name no typed figure).
	EnteredAmount         decimal.Decimal `bun:"entered_amount,type:numeric(18,2),nullzero"`
	Price                 decimal.Decimal `bun:"price,type:numeric(18,4),notnull"`
	Quantity              decimal.Decimal `bun:"quantity,type:numeric(38,0),notnull"`
	PlatformChargePercent decimal.Decimal `bun:"platform_charge_percent,type:numeric(5,2),notnull"`
	Fee                   decimal.Decimal `bun:"fee,type:numeric(18,2),notnull"`
	FinalAmount           decimal.Decimal `bun:"final_amount,type:numeric(18,2),notnull"`
	// PaidAmount is what the buyer says they paid, from the proof form; nil when they named none
	// (a manual confirmation). The admin compares it with FinalAmount.
	PaidAmount         *decimal.Decimal `bun:"paid_amount,type:numeric(18,2)"`
	ReferenceNumber    *string          `bun:"reference_number"`
	BankName           string           `bun:"bank_name,notnull"`
	ReceiptID          *string          `bun:"receipt_id,type:uuid"`
	ReceiptSHA256      *string          `bun:"receipt_sha256"`     // the receipt's content (one receipt, one live claim)
	RoundID            *string          `bun:"round_id,type:uuid"` // the round that priced the order
	ExpiresAt          time.Time        `bun:"expires_at,notnull"`
	SubmittedAt        *time.Time       `bun:"submitted_at"`
	DecidedAt          *time.Time       `bun:"decided_at"`
	DecidedBy          *string          `bun:"decided_by,type:uuid"`
	DecisionNotifiedAt *time.Time       `bun:"decision_notified_at"`
	RejectReason       *string          `bun:"reject_reason"`
	RefundReference    *string          `bun:"refund_reference"`
	RefundedAt         *time.Time       `bun:"refunded_at"`
	RefundedBy         *string          `bun:"refunded_by,type:uuid"`
	RefundNotifiedAt   *time.Time       `bun:"refund_notified_at"`
	ReceiptNumber      *int64           `bun:"receipt_number"`       // the receipt's number, given at its first download
	ClaimRepeat        bool             `bun:"claim_repeat,notnull"` // set only by migration …0300_refund_receipt_claims on old repeated claims
	CreatedAt          time.Time        `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt          time.Time        `bun:"updated_at,notnull,default:current_timestamp"`
}

type ReferralReward struct {
	bun.BaseModel `bun:"table:referral_rewards,alias:rr"`

	ID             string          `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	CompanyID      string          `bun:"company_id,type:uuid,notnull"`
	PurchaseID     string          `bun:"purchase_id,type:uuid,notnull"`
	ReferrerID     string          `bun:"referrer_id,type:uuid,notnull"`
	ReferredUserID string          `bun:"referred_user_id,type:uuid,notnull"`
	Quantity       decimal.Decimal `bun:"quantity,type:numeric(38,0),notnull"`
	Percent        decimal.Decimal `bun:"percent,type:numeric(5,2),notnull"`
	CreatedAt      time.Time       `bun:"created_at,notnull,default:current_timestamp"`
}
