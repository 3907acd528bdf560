package export

import (
	"context"
	"database/sql"
	"time"

	"prelaunch/core/invoice"
	"prelaunch/core/readmodel"
)

// InvoiceHeader is the header row of the invoice export.
var InvoiceHeader = []string{"Number", "Kind", "Issued", "Order Number", "Buyer", "Buyer Address", "Place of Supply",
	"Rate %", "Taxable", "CGST", "SGST", "IGST", "Total", "Refers To"}

// Invoices opens the export of the company's invoices and credit notes of financial year fy
// (empty: every year), in number order. The buyer's name and address are the buyer's own text:
// neutralised against formulas like every typed cell.
func (s *Service) Invoices(ctx context.Context, companyID, fy string) (*Export, error) {
	where, args, err := readmodel.InvoiceWhere(companyID, fy, "")
	if err != nil {
		return nil, err
	}
	query := `SELECT i.number, i.kind, i.issued_at, p.order_number, i.buyer_name, i.buyer_address, i.place_of_supply,
		i.rate_percent, i.taxable, i.cgst, i.sgst, i.igst, i.total, COALESCE(r.number, '')
		FROM invoices AS i JOIN purchases AS p ON p.id = i.purchase_id LEFT JOIN invoices AS r ON r.id = i.refers_to
		WHERE ` + where + ` ORDER BY i.fy, i.kind DESC, i.seq`
	var (
		number, kind, order, buyer, addr, pos, rate, refers string
		issued                                              time.Time
		taxable, cgst, sgst, igst, total                    int64
	)
	dest := []any{&number, &kind, &issued, &order, &buyer, &addr, &pos, &rate, &taxable, &cgst, &sgst, &igst, &total, &refers}
	return s.open(ctx, s.fileName("invoices"), InvoiceHeader, query, args, false, func(rows *sql.Rows, w *csvWriter) error {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		w.plain(number)
		w.plain(kind)
		w.time(issued)
		w.text(order)
		w.text(buyer)
		w.text(addr)
		w.plain(pos)
		w.plain(rate)
		for _, p := range []int64{taxable, cgst, sgst, igst, total} {
			w.plain(invoice.Rupees(p).StringFixed(2))
		}
		w.plain(refers)
		return w.end()
	})
}
