package purchase

import (
	"strings"

	"github.com/shopspring/decimal"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
)

// Amount is an INR amount as the client sent it (fields.Num: the text is kept so the rules can
// refuse bad input with a 422 instead of a decoding error).
type Amount = fields.Num

// MaxAmount is the largest single order in INR.
var MaxAmount = decimal.RequireFromString("1000000000")

// The refusals of an amount name the request's field "amount" (order/create, purchase/submit).
func errBadAmount() error {
	return apperr.InvalidField("bad_amount", "amount", "Please enter a valid amount.")
}

// ParseAmount accepts digits with at most one decimal point and two decimals, above 0 and at
// most MaxAmount.
func ParseAmount(a Amount) (decimal.Decimal, error) {
	s := strings.TrimSpace(a.Raw)
	if !a.Set || s == "" {
		return decimal.Zero, errBadAmount()
	}
	dot := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case r == '.' && dot == 0 && i > 0:
			dot++
		default:
			return decimal.Zero, errBadAmount()
		}
	}
	if i := strings.IndexByte(s, '.'); i >= 0 && (len(s)-i-1 > 2 || i == len(s)-1) {
		if i == len(s)-1 {
			return decimal.Zero, errBadAmount()
		}
		return decimal.Zero, apperr.InvalidField("bad_amount", "amount", "Please enter an amount with at most 2 decimals.")
	}
	d, err := decimal.NewFromString(s)
	if err != nil || !d.IsPositive() {
		return decimal.Zero, errBadAmount()
	}
	if d.GreaterThan(MaxAmount) {
		return decimal.Zero, apperr.InvalidField("amount_too_large", "amount", "The amount is too large for one order.")
	}
	return d, nil
}
