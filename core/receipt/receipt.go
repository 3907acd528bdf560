// Package receipt writes the PDF receipt of an approved purchase. The text is set in
// DejaVu Sans, embedded (a subset of it, fonts/LICENSE), so the rupee sign and any name a buyer
// typed are drawn the same in every viewer.
package receipt

import (
	"bytes"
	_ "embed"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"

	"prelaunch/core/infra/clock"
	"prelaunch/core/sale"
)

var (
	//go:embed fonts/DejaVuSans.ttf
	regular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	bold []byte
)

// Data is what a receipt shows.
type Data struct {
	Number         int64 // the company's receipt sequence
	Company        string
	CompanyAddress string
	CompanyPincode string
	Token          string // the token's name
	Symbol         string
	BuyerName      string
	BuyerEmail     string
	MemberID       string
	OrderNumber    string
	OrderedAt      time.Time // when the order was placed; the zero time prints no line
	ApprovedAt     time.Time
	Method         string
	Reference      string // the UTR, "" for a manual payment
	Amount         decimal.Decimal
	Fee            decimal.Decimal
	FeePercent     decimal.Decimal
	Total          decimal.Decimal
	Price          decimal.Decimal
	Tokens         decimal.Decimal
}

// NumberText is the receipt number as printed and in the file name: six digits at least.
func NumberText(n int64) string { return fmt.Sprintf("%06d", n) }

// Render writes the receipt as a one-page A4 PDF.
func Render(d Data) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes("DejaVu", "", regular)
	pdf.AddUTF8FontFromBytes("DejaVu", "B", bold)
	pdf.SetTitle("Receipt "+NumberText(d.Number), true)
	pdf.SetAuthor(d.Company, true)
	pdf.SetCreator("Prelaunch", true)
	// The same purchase gives the same bytes: catalogs in a fixed order, the approval as the date.
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(d.ApprovedAt.UTC())
	pdf.SetModificationDate(d.ApprovedAt.UTC())
	pdf.SetMargins(20, 20, 20)
	pdf.SetAutoPageBreak(true, 20)
	pdf.AddPage()
	w, _ := pdf.GetPageSize()
	inner := w - 40

	pdf.SetFont("DejaVu", "B", 18)
	pdf.MultiCell(inner, 9, d.Company, "", "L", false)
	pdf.SetFont("DejaVu", "", 10)
	addr := d.CompanyAddress
	if d.CompanyPincode != "" {
		addr += " – " + d.CompanyPincode
	}
	pdf.SetTextColor(80, 80, 80)
	pdf.MultiCell(inner, 5, addr, "", "L", false)
	pdf.SetTextColor(0, 0, 0)
	pdf.Ln(6)

	pdf.SetFont("DejaVu", "B", 14)
	pdf.CellFormat(inner/2, 8, "Payment receipt", "", 0, "L", false, 0, "")
	pdf.SetFont("DejaVu", "", 11)
	pdf.CellFormat(inner/2, 8, "Receipt No. "+NumberText(d.Number), "", 1, "R", false, 0, "")
	pdf.SetDrawColor(200, 200, 200)
	y := pdf.GetY() + 2
	pdf.Line(20, y, w-20, y)
	pdf.Ln(6)

	ref := d.Reference
	if ref == "" {
		ref = "—"
	}
	// Every date says which it is (an order and its approval may fall on different days).
	rows := [][2]string{{"Order number", d.OrderNumber}}
	if !d.OrderedAt.IsZero() {
		rows = append(rows, [2]string{"Order placed", istDate(d.OrderedAt)})
	}
	rows = append(rows, [][2]string{
		{"Payment approved", istDate(d.ApprovedAt)},
		{"Buyer", d.BuyerName},
		{"Email", d.BuyerEmail},
		{"Member ID", d.MemberID},
		{"Payment method", d.Method},
		{"UTR / transaction number", ref},
	}...)
	table(pdf, inner, rows)
	pdf.Ln(6)

	pdf.SetFont("DejaVu", "B", 12)
	pdf.CellFormat(inner, 8, d.Token+" ("+d.Symbol+")", "", 1, "L", false, 0, "")
	money := [][2]string{
		{"Price per token", Money(d.Price)},
		{"Tokens", sale.Grouped(d.Tokens, 0) + " " + d.Symbol},
		{"Amount", sale.Rupees(d.Amount)},
		{"Platform fee (" + d.FeePercent.String() + "%)", sale.Rupees(d.Fee)},
	}
	table(pdf, inner, money)
	pdf.SetFont("DejaVu", "B", 12)
	y = pdf.GetY() + 1
	pdf.Line(20, y, w-20, y)
	pdf.Ln(3)
	pdf.CellFormat(inner*0.55, 9, "Total paid", "", 0, "L", false, 0, "")
	pdf.CellFormat(inner*0.45, 9, sale.Rupees(d.Total), "", 1, "R", false, 0, "")
	pdf.Ln(10)

	pdf.SetFont("DejaVu", "", 9)
	pdf.SetTextColor(100, 100, 100)
	pdf.MultiCell(inner, 5, "This receipt confirms that "+d.Company+" received the payment above and credited "+
		sale.Grouped(d.Tokens, 0)+" "+d.Symbol+" to the buyer's account. It was generated electronically and needs no signature.",
		"", "L", false)

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render receipt: %w", err)
	}
	return buf.Bytes(), nil
}

// istDate is a moment as the receipt prints it: "25 Nov 2026, 12:00 PM IST".
func istDate(t time.Time) string { return t.In(clock.IST).Format("02 Jan 2006, 03:04 PM") + " IST" }

// Money is an amount in rupees as every screen shows it, ₹1,250.00: two decimals, or as many as
// a price of a fraction of a paisa needs (₹0.0025), never trailing zeros beyond two.
func Money(d decimal.Decimal) string {
	places := int32(2)
	if e := -d.Exponent(); e > 2 {
		for places = e; places > 2 && d.Equal(d.Round(places-1)); places-- {
		}
	}
	return "₹" + sale.Grouped(d, places)
}

// table writes label–value rows, the value wrapping within its column.
func table(pdf *fpdf.Fpdf, inner float64, rows [][2]string) {
	for _, r := range rows {
		pdf.SetFont("DejaVu", "", 10)
		pdf.SetTextColor(90, 90, 90)
		x, y := pdf.GetXY()
		pdf.CellFormat(inner*0.4, 7, r[0], "", 0, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
		pdf.SetXY(x+inner*0.4, y)
		pdf.MultiCell(inner*0.6, 7, r[1], "", "R", false)
	}
}

// NewDocument is an A4 page set up as the receipt's: DejaVu Sans ("DejaVu", regular and "B")
// embedded, 20 mm margins, the same bytes for the same date. The tax invoices use it.
func NewDocument(title, author string, at time.Time) *fpdf.Fpdf {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes("DejaVu", "", regular)
	pdf.AddUTF8FontFromBytes("DejaVu", "B", bold)
	pdf.SetTitle(title, true)
	pdf.SetAuthor(author, true)
	pdf.SetCreator("Prelaunch", true)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(at.UTC())
	pdf.SetModificationDate(at.UTC())
	pdf.SetMargins(20, 20, 20)
	pdf.SetAutoPageBreak(true, 20)
	pdf.AddPage()
	return pdf
}

// Table writes label–value rows as the receipt does.
func Table(pdf *fpdf.Fpdf, inner float64, rows [][2]string) { table(pdf, inner, rows) }

// ISTDate is a moment as the receipt prints it: "25 Nov 2026, 12:00 PM IST".
func ISTDate(t time.Time) string { return istDate(t) }
