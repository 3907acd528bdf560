package audit

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// PersonalKeys are the before/after keys that carry a person's data, removed from the entries of
// an account whose retention ended (RedactFor). The action, the actor, the target, the time and
// the states (statuses, amounts, flags) stay.
var PersonalKeys = []string{"name", "email", "mobile", "panNumber", "aadhaarNumber", "kycDocumentNumber",
	"address", "pincode", "dateOfBirth", "gender", "state", "walletAddress", "reason",
	"referenceNumber", "reference", "bankName", "accountNumber", "ifsc", "upi"}

// RedactFor removes the personal data of the audit entries about or by the given closed accounts
// (target or actor), 5 years after they closed (docs/compliance.md), in the caller's
// transaction: the PersonalKeys of before and after, and the IP address. It returns how many
// entries it changed.
func RedactFor(ctx context.Context, db bun.IDB, userIDs []string) (int, error) {
	if len(userIDs) == 0 {
		return 0, nil
	}
	keys := bun.List(PersonalKeys)
	res, err := db.NewUpdate().Model((*Entry)(nil)).
		Set("before = CASE WHEN jsonb_typeof(before) = 'object' THEN before - ARRAY[?]::text[] ELSE before END", keys).
		Set("after = CASE WHEN jsonb_typeof(after) = 'object' THEN after - ARRAY[?]::text[] ELSE after END", keys).
		Set("ip = ''").
		WhereGroup(" AND ", func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Where("target_id IN (?)", bun.List(userIDs)).WhereOr("actor_id::text IN (?)", bun.List(userIDs))
		}).
		Where("(ip <> '' OR (jsonb_typeof(before) = 'object' AND jsonb_exists_any(before, ARRAY[?]::text[])) OR (jsonb_typeof(after) = 'object' AND jsonb_exists_any(after, ARRAY[?]::text[])))", keys, keys).
		Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("redact audit: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
