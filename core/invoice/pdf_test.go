package invoice

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

func sample(pos string) *Invoice {
	inv := &Invoice{Number: "INV/2026-27/000042", Kind: KindInvoice, FY: "2026-27", Seq: 42, PlaceOfSupply: pos,
		RatePercent: decimal.NewFromInt(18), BuyerName: "Ravi Kumar", BuyerAddress: "PIN 400001, Maharashtra", BuyerState: pos,
		SupplierName: "Acme Platform Pvt Ltd", SupplierAddress: "1 Marine Drive, Mumbai", SupplierGSTIN: "27AAPFU0939F1ZV",
		IssuedAt: time.Date(2026, 11, 25, 6, 30, 0, 0, time.UTC)}
	s := SplitCharge(2000, inv.RatePercent, pos == "27")
	inv.Taxable, inv.CGST, inv.SGST, inv.IGST, inv.Total = s.Taxable, s.CGST, s.SGST, s.IGST, s.Total
	return inv
}

func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// Read back as text, the invoice has every field a GST tax invoice needs.
func TestInvoicePDFFields(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want []string
		not  []string
	}{
		{"27", []string{"CGST @ 9%", "SGST @ 9%", "₹1.52", "₹1.53"}, []string{"IGST"}},
		{"29", []string{"IGST @ 18%", "₹3.05", "Karnataka (29)"}, []string{"CGST", "SGST"}},
	} {
		b, err := Render(sample(c.pos), nil)
		if err != nil {
			t.Fatal(err)
		}
		text := pdfText(t, b)
		for _, want := range append([]string{"Acme Platform Pvt Ltd", "1 Marine Drive, Mumbai", "GSTIN: 27AAPFU0939F1ZV",
			"Tax invoice", "INV/2026-27/000042", "Tax invoice date", "25 Nov 2026, 12:00 PM IST", "Ravi Kumar",
			"PIN 400001, Maharashtra", "Place of supply", "Platform service charge (SAC 998599)", "Taxable value", "₹16.95",
			"₹20.00", "Reverse charge", "No"}, c.want...) {
			if !strings.Contains(text, want) {
				t.Errorf("pos %s: the invoice lacks %q:\n%s", c.pos, want, text)
			}
		}
		for _, not := range c.not {
			if strings.Contains(text, not) {
				t.Errorf("pos %s: the invoice shows %q", c.pos, not)
			}
		}
	}
	inv := sample("27")
	cn := *inv
	id := "x"
	cn.Kind, cn.Number, cn.RefersTo = KindCreditNote, "CN/2026-27/000001", &id
	b, err := Render(&cn, inv)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, b)
	for _, want := range []string{"Credit note", "CN/2026-27/000001", "Credit note date", "Against invoice", "INV/2026-27/000042", "₹20.00", "Reverse charge"} {
		if !strings.Contains(text, want) {
			t.Errorf("the credit note lacks %q:\n%s", want, text)
		}
	}
	if cn.FileName() != "CN-2026-27-000001.pdf" {
		t.Errorf("file name %s", cn.FileName())
	}
}
