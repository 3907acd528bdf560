package sale

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
)

// nameMatchMin is a stored threshold with the default filled in.
func nameMatchMin(v *int) int {
	if v == nil {
		return fields.NameMatchThreshold
	}
	return *v
}

// NameMatchMin is the company's KYC name match threshold: the least fields.NameScore of the name
// on a buyer's PAN and the name of their e-KYC before the reviewer is warned (token settings,
// limits.kycNameMatchMin; fields.NameMatchThreshold when unset or the company has no token).
func NameMatchMin(ctx context.Context, db bun.IDB, companyID string) (int, error) {
	var v *int
	err := db.NewSelect().Model((*Token)(nil)).Column("kyc_name_match_min").Where("company_id = ?", companyID).
		Limit(1).Scan(ctx, &v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("kyc name match threshold: %w", err)
	}
	return nameMatchMin(v), nil
}
