package purchase

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// PurgePersonal clears the personal fields of the given closed accounts' purchases in the
// caller's transaction, 5 years after the account closed (docs/compliance.md): the payment
// reference (the buyer's UTR), the bank named, the proof of payment (the file's id is answered for
// the caller to remove through infra/media, and its hash) and the rejection's reason. The rows
// stay, with their amounts, quantities, statuses and times, for the company's accounts.
func PurgePersonal(ctx context.Context, db bun.IDB, userIDs []string) (purchases int, files []string, err error) {
	if len(userIDs) == 0 {
		return 0, nil, nil
	}
	var rows []struct {
		ID        string  `bun:"id"`
		ReceiptID *string `bun:"receipt_id"`
	}
	err = db.NewRaw(`SELECT id, receipt_id FROM purchases WHERE user_id IN (?)
		AND (reference_number IS NOT NULL OR bank_name <> '' OR receipt_id IS NOT NULL OR receipt_sha256 IS NOT NULL OR reject_reason IS NOT NULL)
		FOR UPDATE`, bun.List(userIDs)).Scan(ctx, &rows)
	if err != nil {
		return 0, nil, fmt.Errorf("purge purchases: %w", err)
	}
	if len(rows) == 0 {
		return 0, nil, nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		if r.ReceiptID != nil {
			files = append(files, *r.ReceiptID)
		}
	}
	if _, err := db.NewUpdate().Model((*Purchase)(nil)).Set("reference_number = NULL").Set("bank_name = ''").
		Set("receipt_id = NULL").Set("receipt_sha256 = NULL").Set("reject_reason = NULL").Set("updated_at = now()").
		Where("id IN (?)", bun.List(ids)).Exec(ctx); err != nil {
		return 0, nil, fmt.Errorf("purge purchases: %w", err)
	}
	return len(rows), files, nil
}
