package user

import (
	"context"

	"github.com/uptrace/bun"

	"prelaunch/core/company"
	"prelaunch/core/sale"
)

// Party is everything a notice to one buyer names: the buyer (their contact), their company's
// token (its brand) and the company that sends it.
type Party struct {
	Buyer  Contact
	Brand  sale.Brand
	Sender company.Sender
}

// Parties reads, for each buyer of ids, the buyer (Contacts), their company's token
// (sale.Brands) and the company (company.Senders), each through its owner. A buyer whose
// account, token or company is not found is left out of the answer: a notice for them is not
// sent. This is the one rule of who a KYC or purchase notice goes to.
func Parties(ctx context.Context, db bun.IDB, ids []string) (map[string]Party, error) {
	buyers, err := Contacts(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	cids := make([]string, 0, len(buyers))
	for _, b := range buyers {
		cids = append(cids, b.CompanyID)
	}
	brands, err := sale.Brands(ctx, db, cids)
	if err != nil {
		return nil, err
	}
	senders, err := company.Senders(ctx, db, cids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Party, len(buyers))
	for id, b := range buyers {
		t, okT := brands[b.CompanyID]
		c, okC := senders[b.CompanyID]
		if okT && okC {
			out[id] = Party{Buyer: b, Brand: t, Sender: c}
		}
	}
	return out, nil
}
