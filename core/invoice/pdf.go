package invoice

import (
	"bytes"
	"fmt"
	"strings"

	"prelaunch/core/fields"
	"prelaunch/core/receipt"
)

// FileName is the document's file name: "INV-2026-27-000001.pdf".
func (inv *Invoice) FileName() string {
	return strings.ReplaceAll(inv.Number, "/", "-") + ".pdf"
}

func stateLabel(code string) string {
	if name, ok := fields.GSTStates[code]; ok {
		return name + " (" + code + ")"
	}
	return "—"
}

func rupees(p int64) string { return receipt.Money(Rupees(p)) }

// Render writes the invoice or credit note as a one-page A4 PDF. of is the invoice a credit
// note refers to (nil for an invoice).
func Render(inv *Invoice, of *Invoice) ([]byte, error) {
	title := "Tax invoice"
	if inv.Kind == KindCreditNote {
		title = "Credit note"
	}
	pdf := receipt.NewDocument(title+" "+inv.Number, inv.SupplierName, inv.IssuedAt)
	w, _ := pdf.GetPageSize()
	inner := w - 40

	pdf.SetFont("DejaVu", "B", 16)
	pdf.MultiCell(inner, 8, inv.SupplierName, "", "L", false)
	pdf.SetFont("DejaVu", "", 10)
	pdf.SetTextColor(80, 80, 80)
	if inv.SupplierAddress != "" {
		pdf.MultiCell(inner, 5, inv.SupplierAddress, "", "L", false)
	}
	pdf.MultiCell(inner, 5, "GSTIN: "+inv.SupplierGSTIN, "", "L", false)
	pdf.MultiCell(inner, 5, "State: "+stateLabel(inv.SupplierGSTIN[:2]), "", "L", false)
	pdf.SetTextColor(0, 0, 0)
	pdf.Ln(5)

	pdf.SetFont("DejaVu", "B", 14)
	pdf.CellFormat(inner/2, 8, title, "", 0, "L", false, 0, "")
	pdf.SetFont("DejaVu", "", 11)
	pdf.CellFormat(inner/2, 8, "No. "+inv.Number, "", 1, "R", false, 0, "")
	pdf.SetDrawColor(200, 200, 200)
	y := pdf.GetY() + 2
	pdf.Line(20, y, w-20, y)
	pdf.Ln(5)

	rows := [][2]string{
		{title + " number", inv.Number},
		{title + " date", receipt.ISTDate(inv.IssuedAt)},
	}
	if of != nil {
		rows = append(rows, [2]string{"Against invoice", of.Number + " of " + receipt.ISTDate(of.IssuedAt)})
	}
	rows = append(rows, [][2]string{
		{"Buyer", inv.BuyerName},
		{"Buyer address", orDash(inv.BuyerAddress)},
		{"Buyer state", stateLabel(inv.BuyerState)},
		{"Place of supply", stateLabel(inv.PlaceOfSupply)},
		{"Reverse charge", "No"},
	}...)
	receipt.Table(pdf, inner, rows)
	pdf.Ln(5)

	pdf.SetFont("DejaVu", "B", 11)
	pdf.CellFormat(inner, 7, Description+" (SAC "+SAC+")", "", 1, "L", false, 0, "")
	rate := inv.RatePercent
	half := rate.Div(decimalTwo)
	money := [][2]string{{"Taxable value", rupees(inv.Taxable)}}
	if inv.PlaceOfSupply != inv.SupplierGSTIN[:2] {
		money = append(money, [2]string{"IGST @ " + rate.String() + "%", rupees(inv.IGST)})
	} else {
		money = append(money,
			[2]string{"CGST @ " + half.String() + "%", rupees(inv.CGST)},
			[2]string{"SGST @ " + half.String() + "%", rupees(inv.SGST)})
	}
	receipt.Table(pdf, inner, money)
	pdf.SetFont("DejaVu", "B", 12)
	y = pdf.GetY() + 1
	pdf.Line(20, y, w-20, y)
	pdf.Ln(3)
	pdf.CellFormat(inner*0.55, 9, "Total (GST included)", "", 0, "L", false, 0, "")
	pdf.CellFormat(inner*0.45, 9, rupees(inv.Total), "", 1, "R", false, 0, "")
	pdf.Ln(8)
	pdf.SetFont("DejaVu", "", 9)
	pdf.SetTextColor(100, 100, 100)
	note := "This tax invoice is for the platform service charge of the purchase; the tokens themselves are not a supply of services invoiced here. Generated electronically; no signature is required."
	if of != nil {
		note = "This credit note cancels invoice " + of.Number + " in full: the purchase was refunded. Generated electronically; no signature is required."
	}
	pdf.MultiCell(inner, 5, note, "", "L", false)

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render invoice: %w", err)
	}
	return buf.Bytes(), nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
