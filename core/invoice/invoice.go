// Package invoice owns the GST tax invoices of the platform charge and their credit notes: the
// invoices and invoice_counters tables. An invoice is issued in the transaction that approves a
// purchase (Issue, called by purchase with its transaction), a credit note in the one that
// refunds an invoiced purchase (CreditNote). Numbers run from 1 per company, kind and Indian
// financial year with no gap: the counter row is taken in the caller's transaction, so an
// approval that rolls back gives its number back.
package invoice

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/clock"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

const (
	KindInvoice    = "INVOICE"
	KindCreditNote = "CREDIT_NOTE"

	// SAC is the services accounting code printed on the invoice. The platform charge is a fee
	// for arranging a sale between the company and the buyer on an online platform, which GST
	// classes under 9985 "support services"; 998599 is "other support services n.e.c.", the
	// heading for a facilitation fee that no narrower 9985xx code describes.
	SAC = "998599"
	// Description is the one line of every invoice.
	Description = "Platform service charge"
)

// Invoice is one tax invoice or credit note. Amounts are whole paise.
type Invoice struct {
	bun.BaseModel `bun:"table:invoices,alias:inv"`

	ID              string          `bun:"id,pk,type:uuid,default:gen_random_uuid()" json:"id"`
	CompanyID       string          `bun:"company_id,type:uuid,notnull" json:"-"`
	Number          string          `bun:"number,notnull" json:"number"`
	Kind            string          `bun:"kind,notnull" json:"kind"`
	PurchaseID      string          `bun:"purchase_id,type:uuid,notnull" json:"purchaseId"`
	UserID          string          `bun:"user_id,type:uuid,notnull" json:"-"`
	RefersTo        *string         `bun:"refers_to,type:uuid" json:"refersTo"`
	FY              string          `bun:"fy,notnull" json:"fy"`
	Seq             int64           `bun:"seq,notnull" json:"seq"`
	PlaceOfSupply   string          `bun:"place_of_supply,notnull" json:"placeOfSupply"`
	RatePercent     decimal.Decimal `bun:"rate_percent,type:numeric(5,2),notnull" json:"ratePercent"`
	Taxable         int64           `bun:"taxable,notnull" json:"taxable"`
	CGST            int64           `bun:"cgst,notnull" json:"cgst"`
	SGST            int64           `bun:"sgst,notnull" json:"sgst"`
	IGST            int64           `bun:"igst,notnull" json:"igst"`
	Total           int64           `bun:"total,notnull" json:"total"`
	BuyerName       string          `bun:"buyer_name,notnull" json:"buyerName"`
	BuyerAddress    string          `bun:"buyer_address,notnull" json:"buyerAddress"`
	BuyerState      string          `bun:"buyer_state,notnull" json:"buyerState"`
	SupplierName    string          `bun:"supplier_name,notnull" json:"supplierName"`
	SupplierAddress string          `bun:"supplier_address,notnull" json:"supplierAddress"`
	SupplierGSTIN   string          `bun:"supplier_gstin,notnull" json:"supplierGstin"`
	IssuedAt        time.Time       `bun:"issued_at,notnull" json:"issuedAt"`
}

// FY is the Indian financial year (April to March, in IST) of t: "2026-27".
func FY(t time.Time) string {
	ist := t.In(clock.IST)
	start := ist.Year()
	if ist.Month() < time.April {
		start--
	}
	return fmt.Sprintf("%d-%02d", start, (start+1)%100)
}

// ValidFY reports whether s is a financial year as FY writes it.
func ValidFY(s string) bool {
	var a, b int
	if len(s) != 7 || s[4] != '-' {
		return false
	}
	if _, err := fmt.Sscanf(s, "%4d-%2d", &a, &b); err != nil {
		return false
	}
	return a >= 2000 && a < 2100 && b == (a+1)%100
}

// FYRange is the first instant of financial year fy and of the next one.
func FYRange(fy string) (time.Time, time.Time) {
	var a int
	_, _ = fmt.Sscanf(fy, "%4d", &a)
	from := time.Date(a, time.April, 1, 0, 0, 0, 0, clock.IST)
	return from, from.AddDate(1, 0, 0)
}

// Split is the GST in a tax-inclusive charge.
type Split struct {
	Taxable, CGST, SGST, IGST, Total int64
}

// SplitCharge divides a GST-inclusive charge in paise at rate percent: taxable is charge ÷ (1 +
// rate/100) rounded to the paisa (half away from zero), the tax is the rest, so taxable + tax is
// the charge exactly. Within one state the tax is half CGST and half SGST, the odd paisa going to
// SGST; across states it is all IGST.
func SplitCharge(charge int64, rate decimal.Decimal, sameState bool) Split {
	taxable := decimal.NewFromInt(charge).Mul(decimal.NewFromInt(100)).
		DivRound(decimal.NewFromInt(100).Add(rate), 8).Round(0).IntPart()
	tax := charge - taxable
	s := Split{Taxable: taxable, Total: charge}
	if sameState {
		s.CGST = tax / 2
		s.SGST = tax - s.CGST
	} else {
		s.IGST = tax
	}
	return s
}

// Paise is a rupee amount (at most 2 decimals) in paise.
func Paise(d decimal.Decimal) int64 { return d.Shift(2).Round(0).IntPart() }

// Rupees is paise as a rupee amount with 2 decimals.
func Rupees(p int64) decimal.Decimal { return decimal.New(p, -2) }

// Label is "INV/2026-27/000001" or "CN/2026-27/000001".
func Label(kind, fy string, seq int64) string {
	prefix := "INV"
	if kind == KindCreditNote {
		prefix = "CN"
	}
	return fmt.Sprintf("%s/%s/%06d", prefix, fy, seq)
}

// next takes the next number of the company's kind and year: the counter row is created or moved
// and stays locked until the caller's transaction ends, so concurrent issues queue here and a
// rollback gives the number back.
func next(ctx context.Context, db bun.IDB, companyID, fy, kind string) (int64, error) {
	var seq int64
	err := db.NewRaw(`INSERT INTO invoice_counters (company_id, fy, kind, next) VALUES (?, ?, ?, 2)
		ON CONFLICT (company_id, fy, kind) DO UPDATE SET next = invoice_counters.next + 1
		RETURNING next - 1`, companyID, fy, kind).Scan(ctx, &seq)
	if err != nil {
		return 0, fmt.Errorf("invoice counter: %w", err)
	}
	return seq, nil
}

// Charge is an approved purchase's platform charge, as the approval passes it to Issue.
type Charge struct {
	CompanyID  string
	PurchaseID string
	UserID     string
	Fee        decimal.Decimal // rupees, GST included
}

// PlaceOfSupply is the buyer's state: the one chosen in the profile, else the state of the PIN.
func PlaceOfSupply(b user.InvoiceBuyer) string {
	if fields.GSTState(b.State) {
		return b.State
	}
	return fields.StateOfPincode(b.Pincode)
}

// Issue writes the tax invoice of an approved purchase in the caller's transaction and returns
// it; nil when the company has no GSTIN or the charge is zero (nothing to invoice). The counter
// row is taken last, so the approval holds it only for the insert that follows.
func Issue(ctx context.Context, db bun.IDB, now time.Time, c Charge) (*Invoice, error) {
	charge := Paise(c.Fee)
	if charge <= 0 {
		return nil, nil
	}
	tax, err := sale.TaxOf(ctx, db, c.CompanyID)
	if err != nil || tax.GSTIN == "" {
		return nil, err
	}
	b, err := user.ForInvoice(ctx, db, c.UserID)
	if err != nil {
		return nil, fmt.Errorf("invoice buyer: %w", err)
	}
	pos := PlaceOfSupply(b)
	split := SplitCharge(charge, tax.GSTRatePercent, pos == tax.GSTIN[:2])
	inv := &Invoice{CompanyID: c.CompanyID, Kind: KindInvoice, PurchaseID: c.PurchaseID, UserID: c.UserID,
		FY: FY(now), PlaceOfSupply: pos, RatePercent: tax.GSTRatePercent,
		Taxable: split.Taxable, CGST: split.CGST, SGST: split.SGST, IGST: split.IGST, Total: split.Total,
		BuyerName: b.Name, BuyerAddress: buyerAddress(b, pos), BuyerState: pos,
		SupplierName: tax.LegalName, SupplierAddress: tax.Address, SupplierGSTIN: tax.GSTIN, IssuedAt: now.UTC()}
	if inv.Seq, err = next(ctx, db, c.CompanyID, inv.FY, KindInvoice); err != nil {
		return nil, err
	}
	inv.Number = Label(KindInvoice, inv.FY, inv.Seq)
	if _, err := db.NewInsert().Model(inv).Returning("id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert invoice: %w", err)
	}
	return inv, nil
}

func buyerAddress(b user.InvoiceBuyer, state string) string {
	addr := "PIN " + b.Pincode
	if b.Pincode == "" {
		addr = ""
	}
	if name, ok := fields.GSTStates[state]; ok {
		if addr != "" {
			addr += ", "
		}
		addr += name
	}
	return addr
}

// CreditNote writes, in the caller's transaction, the credit note that cancels the invoice of a
// refunded purchase: the same amounts and parties, referring to the invoice, numbered in the
// financial year of now. nil when the purchase has no invoice or already has its credit note.
func CreditNote(ctx context.Context, db bun.IDB, now time.Time, purchaseID string) (*Invoice, error) {
	var inv Invoice
	err := db.NewSelect().Model(&inv).Where("purchase_id = ?", purchaseID).Where("kind = ?", KindInvoice).For("UPDATE").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load invoice: %w", err)
	}
	exists, err := db.NewSelect().Model((*Invoice)(nil)).Where("purchase_id = ?", purchaseID).Where("kind = ?", KindCreditNote).Exists(ctx)
	if err != nil || exists {
		return nil, err
	}
	cn := inv
	cn.ID, cn.Kind, cn.RefersTo, cn.FY, cn.IssuedAt = "", KindCreditNote, &inv.ID, FY(now), now.UTC()
	if cn.Seq, err = next(ctx, db, inv.CompanyID, cn.FY, KindCreditNote); err != nil {
		return nil, err
	}
	cn.Number = Label(KindCreditNote, cn.FY, cn.Seq)
	if _, err := db.NewInsert().Model(&cn).Returning("id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert credit note: %w", err)
	}
	return &cn, nil
}

// ForPurchase is the purchase's document of kind, nil when it has none.
func ForPurchase(ctx context.Context, db bun.IDB, purchaseID, kind string) (*Invoice, error) {
	var inv Invoice
	err := db.NewSelect().Model(&inv).Where("purchase_id = ?", purchaseID).Where("kind = ?", kind).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &inv, err
}

var decimalTwo = decimal.NewFromInt(2)

// NumberSQL is the invoice number of the purchase aliased p (empty when none was issued), as a
// column of a query over purchases (one read of invoices_purchase_kind_key per row).
const NumberSQL = "COALESCE((SELECT inv.number FROM invoices AS inv WHERE inv.purchase_id = p.id AND inv.kind = '" + KindInvoice + "'), '')"

// NumbersOf is the invoice number of each of the purchases that has one.
func NumbersOf(ctx context.Context, db bun.IDB, purchaseIDs []string) (map[string]string, error) {
	out := make(map[string]string, len(purchaseIDs))
	if len(purchaseIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		PurchaseID string `bun:"purchase_id"`
		Number     string `bun:"number"`
	}
	if err := db.NewSelect().Model((*Invoice)(nil)).Column("purchase_id", "number").
		Where("purchase_id IN (?)", bun.List(purchaseIDs)).Where("kind = ?", KindInvoice).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.PurchaseID] = r.Number
	}
	return out, nil
}
