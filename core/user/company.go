package user

import (
	"context"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/company"
)

// The users the company package needs written, as this package owns the users table: runtime wires
// company.Service's CreateOwner and OnSuspend to these, so a company never writes users itself.

// CreateOwner inserts the owner admin company/add makes with a company (approved and active), in
// the caller's transaction, and answers its ID.
func CreateOwner(ctx context.Context, db bun.IDB, o company.Owner) (string, error) {
	u := &User{CompanyID: o.CompanyID, Role: RoleAdmin, Name: o.Name, Email: o.Email, Mobile: o.Mobile,
		PasswordHash: o.PasswordHash, Status: StatusActive, IsApproved: true, StockBalance: decimal.Zero}
	if err := Insert(ctx, db, u); err != nil {
		return "", err
	}
	return u.ID, nil
}

// RevokeCompanyAdmins signs out every admin of the company, in the caller's transaction (the
// suspension's, which holds the company row): every admin token issued before now stops working,
// in this process at once (Revoker) and in the others through the users notifications.
func (s *Service) RevokeCompanyAdmins(ctx context.Context, db bun.IDB, companyID string) error {
	var ids []string
	if err := db.NewRaw(`UPDATE users SET token_version = token_version + 1, updated_at = now()
		WHERE company_id = ? AND role = ? RETURNING id`, companyID, RoleAdmin).Scan(ctx, &ids); err != nil {
		return fmt.Errorf("revoke company admins: %w", err)
	}
	if s.Revoker != nil && len(ids) > 0 {
		s.Revoker.Revoke(ids...)
	}
	return nil
}
