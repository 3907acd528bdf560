package purchase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

func errNotCancellable() error {
	return apperr.Conflict("not_cancellable", "This order can no longer be cancelled.")
}

// Cancel moves the buyer's own INITIATED order to CANCELLED in one conditional
// UPDATE and returns its reserved quantity to the private supply in the same transaction, then
// deletes its scheduled expiry task. No id: 422; unknown, malformed or another buyer's id: 404; any other
// status: 409. Of a cancel racing an expiry or a submit exactly one takes effect, since each
// moves the row only out of INITIATED.
func (s *Service) Cancel(ctx context.Context, b user.Buyer, id string) (*Purchase, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, apperr.Invalid("id_required", "id is required.")
	}
	if !fields.UUID(id) {
		return nil, errOrderNotFound()
	}
	now := s.Clock.Now()
	var p Purchase
	// Three round trips: BEGIN, the purchase's UPDATE, and the release sent with the COMMIT
	// (sale.ReleaseAndCommit), so the slice it gives back to is locked only while the server
	// commits; the token row is not locked at all.
	err := s.inOneTrip(ctx, "", func(ctx context.Context, conn bun.IDB) error {
		res, err := conn.NewUpdate().Model(&p).
			Set("status = ?", StatusCancelled).Set("updated_at = ?", now).
			Where("id = ?", id).Where("user_id = ?", b.UserID).Where("company_id = ?", b.CompanyID).
			Where("status = ?", StatusInitiated).
			Returning("*").Exec(ctx)
		if err != nil {
			return fmt.Errorf("cancel purchase: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return sql.ErrNoRows
		}
		return sale.ReleaseAndCommit(ctx, conn, p.CompanyID, p.ID, p.RoundID, p.Quantity)
	})
	if errors.Is(err, sql.ErrNoRows) {
		if _, gerr := s.GetOrder(ctx, b, id); gerr != nil {
			return nil, gerr
		}
		return nil, errNotCancellable()
	}
	if err != nil {
		return nil, err
	}
	s.Bought.Forget(b.UserID)
	s.cancelExpiry(p.ID)
	return &p, nil
}
