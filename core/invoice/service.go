package invoice

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
)

// Service serves the invoices' PDFs to their buyer and to the company's admins.
type Service struct {
	DB *bun.DB
}

// File is a document ready to send.
type File struct {
	Name string // INV-2026-27-000001.pdf
	Body []byte
}

func errNotFound() error {
	return apperr.NotFound("invoice_not_found", "No invoice for this purchase.")
}

// ForBuyer is the PDF of the tax invoice of the buyer's purchase id: 404 when the purchase has
// none, is another buyer's or another company's.
func (s *Service) ForBuyer(ctx context.Context, companyID, userID, purchaseID string) (*File, error) {
	return s.file(ctx, companyID, userID, purchaseID, KindInvoice)
}

// ForAdmin is the PDF of the invoice (kind INVOICE, the default) or credit note (CREDIT_NOTE)
// of a purchase of the admin's company: 404 when it has none or is another company's.
func (s *Service) ForAdmin(ctx context.Context, companyID, purchaseID, kind string) (*File, error) {
	kind = strings.ToUpper(strings.TrimSpace(kind))
	if kind == "" {
		kind = KindInvoice
	}
	if kind != KindInvoice && kind != KindCreditNote {
		return nil, apperr.InvalidField("bad_kind", "kind", "kind must be INVOICE or CREDIT_NOTE.")
	}
	return s.file(ctx, companyID, "", purchaseID, kind)
}

func (s *Service) file(ctx context.Context, companyID, userID, purchaseID, kind string) (*File, error) {
	purchaseID = strings.TrimSpace(purchaseID)
	if purchaseID == "" {
		return nil, apperr.InvalidField("id_required", "id", "id is required.")
	}
	if !fields.UUID(purchaseID) {
		return nil, errNotFound()
	}
	var inv Invoice
	q := s.DB.NewSelect().Model(&inv).Where("purchase_id = ?", purchaseID).Where("company_id = ?", companyID).Where("kind = ?", kind)
	if userID != "" {
		q = q.Where("user_id = ?", userID)
	}
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	}
	if err != nil {
		return nil, err
	}
	var of *Invoice
	if inv.RefersTo != nil {
		of = new(Invoice)
		if err := s.DB.NewSelect().Model(of).Where("id = ?", *inv.RefersTo).Scan(ctx); err != nil {
			return nil, err
		}
	}
	body, err := Render(&inv, of)
	if err != nil {
		return nil, err
	}
	return &File{Name: inv.FileName(), Body: body}, nil
}
