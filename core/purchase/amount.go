package purchase

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/shopspring/decimal"

	"prelaunch/core/apperr"
)

// Amount is an INR amount as the client sent it: a JSON number, a JSON string or a form value.
// It keeps the text so the rules can refuse bad input with a 422 instead of a decoding error.
type Amount struct {
	Raw string
	Set bool
}

func (a *Amount) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*a = Amount{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*a = Amount{Raw: s, Set: strings.TrimSpace(s) != ""}
		return nil
	}
	*a = Amount{Raw: string(b), Set: true}
	return nil
}

func (a *Amount) UnmarshalText(b []byte) error {
	s := string(b)
	*a = Amount{Raw: s, Set: strings.TrimSpace(s) != ""}
	return nil
}

// MaxAmount is the largest single order in INR.
var MaxAmount = decimal.RequireFromString("1000000000")

func errBadAmount() error { return apperr.Invalid("bad_amount", "Please enter a valid amount.") }

// ParseAmount accepts digits with at most one decimal point and two decimals, above 0 and at
// most MaxAmount (SPEC §5 "Buy").
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
		return decimal.Zero, apperr.Invalid("bad_amount", "Please enter an amount with at most 2 decimals.")
	}
	d, err := decimal.NewFromString(s)
	if err != nil || !d.IsPositive() {
		return decimal.Zero, errBadAmount()
	}
	if d.GreaterThan(MaxAmount) {
		return decimal.Zero, apperr.Invalid("amount_too_large", "The amount is too large for one order.")
	}
	return d, nil
}
