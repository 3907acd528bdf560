package readmodel

import (
	"context"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/mail"
	"prelaunch/core/user"
)

// PayoutAudience answers who is told of a change to a company's payout details: the emails of its
// admins, the acting admin as "Name (email)" ("An admin" when unknown) and the company and token
// the notice is sent under.
func PayoutAudience(ctx context.Context, db bun.IDB, companyID, actorID string) ([]string, string, mail.From, error) {
	admins, err := user.AdminEmails(ctx, db, companyID)
	if err != nil {
		return nil, "", mail.From{}, err
	}
	who := "An admin"
	if name, email, err := user.NameAndEmail(ctx, db, actorID); err == nil {
		who = name + " (" + email + ")"
	}
	var from mail.From
	_ = db.NewRaw(`SELECT coalesce(t.name, ''), c.name FROM companies AS c LEFT JOIN tokens AS t ON t.company_id = c.id
		WHERE c.id = ? LIMIT 1`, companyID).Scan(ctx, &from.Brand, &from.Company)
	return admins, who, from, nil
}
