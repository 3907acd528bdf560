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
// purchase's own fields): the buyer, the token and the company (user.Parties). A notice whose
// buyer, token or company is not found, or whose buyer is not of the purchase's company, is left
// out.
func withSenders(ctx context.Context, db bun.IDB, ns []Notice) ([]Notice, error) {
	uids := make([]string, 0, len(ns))
	for _, n := range ns {
		uids = append(uids, n.BuyerID)
	}
	parties, err := user.Parties(ctx, db, uids)
	if err != nil {
		return nil, err
	}
	out := ns[:0]
	for _, n := range ns {
		p, ok := parties[n.BuyerID]
		if !ok || p.Buyer.CompanyID != n.CompanyID {
			continue
		}
		n.Email, n.Name, n.Deleted = p.Buyer.Email, p.Buyer.Name, p.Buyer.Deleted
		n.Brand, n.Symbol = p.Brand.Name, p.Brand.Symbol
		n.Company, n.CompanyMail, n.Domain = p.Sender.Name, p.Sender.Email, p.Sender.Domain
		out = append(out, n)
	}
	return out, nil
}

// NoticeFrom is what a decision's notice says of the company: its token's name and symbol, its
// name, address and first domain.
type NoticeFrom struct {
	Brand  sale.Brand
	Sender company.Sender
}

// noticeFrom reads the company's NoticeFrom, kept for s.From's TTL (one read per company per
// second under a burst of approvals instead of two per approval).
func (s *Service) noticeFrom(ctx context.Context, companyID string) (NoticeFrom, error) {
	return s.From.Get(companyID, func() (NoticeFrom, error) {
		brands, err := sale.Brands(ctx, s.DB, []string{companyID})
		if err != nil {
			return NoticeFrom{}, err
		}
		senders, err := company.Senders(ctx, s.DB, []string{companyID})
		if err != nil {
			return NoticeFrom{}, err
		}
		t, okT := brands[companyID]
		c, okC := senders[companyID]
		if !okT || !okC {
			return NoticeFrom{}, fmt.Errorf("company %s: %w", companyID, sql.ErrNoRows)
		}
		return NoticeFrom{Brand: t, Sender: c}, nil
	})
}
