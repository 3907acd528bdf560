package kyc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"prelaunch/core/user"
)

// ProvedName is the name the buyer proved: the one in UIDAI's signed offline e-KYC file of their
// latest submission (any status: the file's signature was verified when it was sent), or the
// profile's name while they have none. The bank account's holder is matched with it
// (bank.Service.BuyerName, wired by runtime). db may be the caller's transaction.
func ProvedName(ctx context.Context, db bun.IDB, userID string) (string, error) {
	var name string
	err := db.NewSelect().Model((*Submission)(nil)).Column("ekyc_name").Where("user_id = ?", userID).
		Where("source = ?", SourceEKYC).Scan(ctx, &name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("kyc name: %w", err)
	}
	if name = strings.TrimSpace(name); name != "" {
		return name, nil
	}
	names, err := user.Names(ctx, db, []string{userID})
	if err != nil {
		return "", err
	}
	return names[userID].Name, nil
}
