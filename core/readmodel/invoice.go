package readmodel

import (
	"context"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/invoice"
)

// InvoiceRecord is one row of the admin's invoice list: the document with its purchase's order
// number and its buyer. Amounts are rupees with two decimals.
type InvoiceRecord struct {
	Number        string          `json:"number" bun:"number"`
	Kind          string          `json:"kind" bun:"kind"`
	PurchaseID    string          `json:"purchaseId" bun:"purchase_id"`
	OrderNumber   string          `json:"orderNumber" bun:"order_number"`
	Buyer         string          `json:"buyer" bun:"buyer"`
	PlaceOfSupply string          `json:"placeOfSupply" bun:"place_of_supply"`
	Taxable       decimal.Decimal `json:"taxable" bun:"-"`
	CGST          decimal.Decimal `json:"cgst" bun:"-"`
	SGST          decimal.Decimal `json:"sgst" bun:"-"`
	IGST          decimal.Decimal `json:"igst" bun:"-"`
	Total         decimal.Decimal `json:"total" bun:"-"`
	IssuedAt      time.Time       `json:"issuedAt" bun:"issued_at"`

	TaxableP int64 `json:"-" bun:"taxable"`
	CGSTP    int64 `json:"-" bun:"cgst"`
	SGSTP    int64 `json:"-" bun:"sgst"`
	IGSTP    int64 `json:"-" bun:"igst"`
	TotalP   int64 `json:"-" bun:"total"`
}

// InvoiceFilter is the query of admin invoice/list: fy "2026-27" (empty: every year), kind
// INVOICE or CREDIT_NOTE (empty: both).
type InvoiceFilter struct {
	FY, Kind, Page, Limit string
}

// InvoiceWhere checks fy and kind and returns the SQL condition over invoices AS i (with the
// company's id first among its arguments).
func InvoiceWhere(companyID, fy, kind string) (string, []any, error) {
	var v apperr.Validation
	fy, kind = strings.TrimSpace(fy), strings.ToUpper(strings.TrimSpace(kind))
	where, args := "i.company_id = ?", []any{companyID}
	if fy != "" {
		v.CheckField(invoice.ValidFY(fy), "fy", "fy must be a financial year like 2026-27.")
		where += " AND i.fy = ?"
		args = append(args, fy)
	}
	if kind != "" {
		v.CheckField(kind == invoice.KindInvoice || kind == invoice.KindCreditNote, "kind", "kind must be INVOICE or CREDIT_NOTE.")
		where += " AND i.kind = ?"
		args = append(args, kind)
	}
	return where, args, v.Err()
}

// Invoices is admin invoice/list: the company's invoices and credit notes, newest first.
func (s *Service) Invoices(ctx context.Context, companyID string, f InvoiceFilter) (pagination.List[InvoiceRecord], error) {
	var empty pagination.List[InvoiceRecord]
	pg, err := pagination.Parse(f.Page, f.Limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	where, args, err := InvoiceWhere(companyID, f.FY, f.Kind)
	if err != nil {
		return empty, err
	}
	var total int
	if err := s.DB.NewRaw(`SELECT count(*) FROM invoices AS i WHERE `+where, args...).Scan(ctx, &total); err != nil {
		return empty, err
	}
	recs := []InvoiceRecord{}
	q := `SELECT i.number, i.kind, i.purchase_id, p.order_number, i.buyer_name AS buyer, i.place_of_supply,
		i.taxable, i.cgst, i.sgst, i.igst, i.total, i.issued_at
		FROM invoices AS i JOIN purchases AS p ON p.id = i.purchase_id
		WHERE ` + where + ` ORDER BY i.issued_at DESC, i.kind, i.seq DESC LIMIT ? OFFSET ?`
	if err := s.DB.NewRaw(q, append(args, pg.Limit, pg.Offset())...).Scan(ctx, &recs); err != nil {
		return empty, err
	}
	for i := range recs {
		r := &recs[i]
		r.Taxable, r.CGST, r.SGST, r.IGST, r.Total = invoice.Rupees(r.TaxableP), invoice.Rupees(r.CGSTP),
			invoice.Rupees(r.SGSTP), invoice.Rupees(r.IGSTP), invoice.Rupees(r.TotalP)
	}
	return pagination.NewList(recs, total, pg), nil
}
