package purchase

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/uptrace/bun"

	"prelaunch/core/company"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// withSenders completes notices read from purchases (PurchaseID, BuyerID, CompanyID and the
// purchase's own fields): the buyer (user.Contacts), the token (sale.Brands) and the company
// (company.Senders), each read by its owner. A notice whose buyer, token or company is not found
// is left out.
func withSenders(ctx context.Context, db bun.IDB, ns []Notice) ([]Notice, error) {
	var uids, cids []string
	for _, n := range ns {
		uids = append(uids, n.BuyerID)
		cids = append(cids, n.CompanyID)
	}
	buyers, err := user.Contacts(ctx, db, uids)
	if err != nil {
		return nil, err
	}
	brands, err := sale.Brands(ctx, db, cids)
	if err != nil {
		return nil, err
	}
	senders, err := company.Senders(ctx, db, cids)
	if err != nil {
		return nil, err
	}
	out := ns[:0]
	for _, n := range ns {
		b, okB := buyers[n.BuyerID]
		t, okT := brands[n.CompanyID]
		c, okC := senders[n.CompanyID]
		if !okB || !okT || !okC {
			continue
		}
		n.Email, n.Name, n.Deleted = b.Email, b.Name, b.Deleted
		n.Brand, n.Symbol = t.Name, t.Symbol
		n.Company, n.CompanyMail, n.Domain = c.Name, c.Email, c.Domain
		out = append(out, n)
	}
	return out, nil
}

// companySender is what a decision's notice says of the company: its token's name and symbol,
// its name, address and first domain.
func companySender(ctx context.Context, db bun.IDB, companyID string) (sale.Brand, company.Sender, error) {
	brands, err := sale.Brands(ctx, db, []string{companyID})
	if err != nil {
		return sale.Brand{}, company.Sender{}, err
	}
	senders, err := company.Senders(ctx, db, []string{companyID})
	if err != nil {
		return sale.Brand{}, company.Sender{}, err
	}
	t, okT := brands[companyID]
	c, okC := senders[companyID]
	if !okT || !okC {
		return sale.Brand{}, company.Sender{}, fmt.Errorf("company %s: %w", companyID, sql.ErrNoRows)
	}
	return t, c, nil
}
