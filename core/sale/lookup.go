package sale

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
)

// TokenName is the name of the company's token, "" when it has none (a brand's fallback is the
// caller's).
func TokenName(ctx context.Context, db bun.IDB, companyID string) (string, error) {
	var name string
	err := db.NewRaw("SELECT name FROM tokens WHERE company_id = ? LIMIT 1", companyID).Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return name, err
}
