package kyc

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// Purged is what PurgeRecords removed: the submissions and documents, and the files of those
// documents (media ids) for the caller to remove through their owner (infra/media).
type Purged struct {
	Records, Documents int
	Files              []string
}

// PurgeRecords deletes the KYC records of the given closed accounts — the submission (PAN,
// Aadhaar last 4 and hash, decisions) and its documents — in the caller's transaction; the
// retention job calls it 5 years after the account closed (docs/compliance.md).
func PurgeRecords(ctx context.Context, db bun.IDB, userIDs []string) (Purged, error) {
	var p Purged
	if len(userIDs) == 0 {
		return p, nil
	}
	if err := db.NewRaw("DELETE FROM kyc_documents WHERE user_id IN (?) RETURNING media_id", bun.List(userIDs)).
		Scan(ctx, &p.Files); err != nil {
		return p, fmt.Errorf("purge kyc documents: %w", err)
	}
	p.Documents = len(p.Files)
	res, err := db.NewDelete().Model((*Submission)(nil)).Where("user_id IN (?)", bun.List(userIDs)).Exec(ctx)
	if err != nil {
		return p, fmt.Errorf("purge kyc records: %w", err)
	}
	n, _ := res.RowsAffected()
	p.Records = int(n)
	return p, nil
}
