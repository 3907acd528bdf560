package receipt

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

func sample() Data {
	return Data{Number: 42, Company: "Aurora Labs Pvt Ltd", CompanyAddress: "12 MG Road, Bengaluru", CompanyPincode: "560001",
		Token: "Aurora", Symbol: "AUR", BuyerName: "Ravi Kumar", BuyerEmail: "ravi@example.com", MemberID: "PL-7K3Q9X2X",
		OrderNumber: "PUR-20261125-0001", ApprovedAt: time.Date(2026, 11, 25, 6, 30, 0, 0, time.UTC), Method: "UPI",
		Reference: "578816794120", Amount: decimal.RequireFromString("125000"), Fee: decimal.RequireFromString("2500"),
		FeePercent: decimal.RequireFromString("2"), Total: decimal.RequireFromString("127500"),
		Price: decimal.RequireFromString("12.5"), Tokens: decimal.RequireFromString("10000")}
}

// TestRenderWritesAPDFWithTheRupeeFont: a PDF that embeds the font and, read back as text, holds
// every field with the rupee sign.
func TestRenderWritesAPDFWithTheRupeeFont(t *testing.T) {
	b, err := Render(sample())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
		t.Fatalf("not a PDF: %q", b[:20])
	}
	if !bytes.Contains(b, []byte("/FontFile2")) || !bytes.Contains(b, []byte("/CIDFontType2")) {
		t.Fatal("the font is not embedded")
	}
	if len(b) > 200<<10 {
		t.Fatalf("receipt is %d bytes", len(b))
	}
	// The same receipt is the same bytes (fpdf orders its catalogs from maps unless told).
	for i := 0; i < 10; i++ {
		if again, _ := Render(sample()); !bytes.Equal(b, again) {
			t.Fatal("the same receipt twice differs")
		}
	}
	text := Text(t, b)
	for _, want := range []string{"Aurora Labs Pvt Ltd", "12 MG Road, Bengaluru – 560001", "Receipt No. 000042",
		"Ravi Kumar", "ravi@example.com", "PL-7K3Q9X2X", "PUR-20261125-0001", "25 Nov 2026, 12:00 PM IST", "UPI",
		"578816794120", "₹1,25,000.00", "₹2,500.00", "₹1,27,500.00", "₹12.5000", "10,000 AUR"} {
		if !strings.Contains(text, want) {
			t.Errorf("the receipt's text lacks %q:\n%s", want, text)
		}
	}
}

// Text is the PDF's text as pdftotext reads it (poppler-utils, which make setup installs).
func Text(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext is missing: make setup installs poppler-utils")
		}
		t.Skip("pdftotext is missing: make setup installs poppler-utils")
	}
	cmd := exec.Command(bin, "-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
