package allocation

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

// Request is a buyer's request in a round sold by requests: the INR they asked to buy for and the
// whole tokens that buys at the round's price (floor). One per buyer and round; 0 withdraws it.
type Request struct {
	bun.BaseModel `bun:"table:round_requests,alias:rq"`

	ID        string          `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	RoundID   string          `bun:"round_id,type:uuid,notnull"`
	CompanyID string          `bun:"company_id,type:uuid,notnull"`
	UserID    string          `bun:"user_id,type:uuid,notnull"`
	Amount    decimal.Decimal `bun:"amount,type:numeric(18,2),notnull"`
	Quantity  decimal.Decimal `bun:"quantity,type:numeric(38,0),notnull"`
	CreatedAt time.Time       `bun:"created_at,notnull"`
	UpdatedAt time.Time       `bun:"updated_at,notnull"`
}

// DrawRow is one pass of a round's allocation (pass 1 at the window's close, then second passes).
type DrawRow struct {
	bun.BaseModel `bun:"table:round_draws,alias:rd"`

	RoundID   string          `bun:"round_id,pk,type:uuid"`
	Pass      int             `bun:"pass,pk"`
	Available decimal.Decimal `bun:"available,type:numeric(38,0),notnull"`
	Level     decimal.Decimal `bun:"level,type:numeric(38,0),notnull"`
	Allocated decimal.Decimal `bun:"allocated,type:numeric(38,0),notnull"`
	Requests  int             `bun:"requests,notnull"`
	Asked     decimal.Decimal `bun:"asked,type:numeric(38,0),notnull"`
	CreatedAt time.Time       `bun:"created_at,notnull"`
}

// Allocation statuses.
const (
	StatusAllocated = "ALLOCATED" // to be ordered by pay_by
	StatusOrdered   = "ORDERED"   // the order for it is placed (purchase_id)
	StatusLapsed    = "LAPSED"    // not ordered by pay_by: its tokens went back to the round
)

// Allocation is what one pass gave one buyer.
type Allocation struct {
	bun.BaseModel `bun:"table:round_allocations,alias:ra"`

	ID         string          `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	RoundID    string          `bun:"round_id,type:uuid,notnull"`
	CompanyID  string          `bun:"company_id,type:uuid,notnull"`
	UserID     string          `bun:"user_id,type:uuid,notnull"`
	Pass       int             `bun:"pass,notnull"`
	Quantity   decimal.Decimal `bun:"quantity,type:numeric(38,0),notnull"`
	Price      decimal.Decimal `bun:"price,type:numeric(18,4),notnull"`
	Amount     decimal.Decimal `bun:"amount,type:numeric(18,2),notnull"`
	PayBy      time.Time       `bun:"pay_by,notnull"`
	Status     string          `bun:"status,notnull"`
	PurchaseID *string         `bun:"purchase_id,type:uuid"`
	NotifiedAt *time.Time      `bun:"notified_at"`
	CreatedAt  time.Time       `bun:"created_at,notnull"`
	UpdatedAt  time.Time       `bun:"updated_at,notnull"`
}

// AmountOf is what qty tokens cost at price, to the paisa rounded up (as an order charges).
func AmountOf(qty, price decimal.Decimal) decimal.Decimal { return qty.Mul(price).RoundCeil(2) }

// PassSeed is the seed a pass shuffles with: the round's seed for pass 1, then the seed followed by
// "/pass/N" (so a second pass is as checkable as the first).
func PassSeed(seed []byte, pass int) []byte {
	if pass <= 1 {
		return seed
	}
	return append(append([]byte(nil), seed...), []byte("/pass/"+itoa(pass))...)
}

func itoa(n int) string { return decimal.NewFromInt(int64(n)).String() }
