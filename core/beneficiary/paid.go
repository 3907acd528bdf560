package beneficiary

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// HasPaymentDetails reports whether buyers can pay the company: it has a bank account (number
// and IFSC) or a UPI id. The sale opens only then (sale.UpdateTokenSettings).
func HasPaymentDetails(ctx context.Context, db bun.IDB, companyID string) (bool, error) {
	var ok bool
	err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM beneficiaries WHERE company_id = ?
		AND ((account_number <> '' AND ifsc_code <> '') OR upi <> ''))`, companyID).Scan(ctx, &ok)
	if err != nil {
		return false, fmt.Errorf("payment details: %w", err)
	}
	return ok, nil
}
