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
		OrderNumber: "PUR-20261125-0001", OrderedAt: time.Date(2026, 11, 24, 18, 40, 0, 0, time.UTC), ApprovedAt: time.Date(2026, 11, 25, 6, 30, 0, 0, time.UTC), Method: "UPI",
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
		"Ravi Kumar", "ravi@example.com", "PL-7K3Q9X2X", "PUR-20261125-0001", "UPI",
		"578816794120", "₹1,25,000.00", "₹2,500.00", "₹1,27,500.00", "₹12.50", "10,000 AUR"} {
		if !strings.Contains(text, want) {
			t.Errorf("the receipt's text lacks %q:\n%s", want, text)
		}
	}
}

// TestReceiptMoneyAndDates: money as ₹20.00 (not ₹20.0000), and every date printed beside its
// label on the same line.
func TestReceiptMoneyAndDates(t *testing.T) {
	d := sample()
	d.Price = decimal.RequireFromString("20.0000")
	b, err := Render(d)
	if err != nil {
		t.Fatal(err)
	}
	text := Text(t, b)
	if strings.Contains(text, "20.0000") || !strings.Contains(text, "₹20.00") {
		t.Errorf("price not as money:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	labelled := map[string]string{"Order placed": "25 Nov 2026, 12:10 AM IST", "Payment approved": "25 Nov 2026, 12:00 PM IST"}
	for label, date := range labelled {
		found := false
		for _, l := range lines {
			if strings.Contains(l, label) && strings.Contains(l, date) {
				found = true
			}
		}
		if !found {
			t.Errorf("no line with %q beside %q:\n%s", label, date, text)
		}
	}
	for _, l := range lines {
		if strings.Contains(l, " IST") && !strings.Contains(l, "Order placed") && !strings.Contains(l, "Payment approved") {
			t.Errorf("a date without its label: %q", l)
		}
	}
	for in, want := range map[string]string{"20.0000": "₹20.00", "0.0025": "₹0.0025", "1250.5": "₹1,250.50", "7": "₹7.00", "0.10500": "₹0.105"} {
		if got := Money(decimal.RequireFromString(in)); got != want {
			t.Errorf("Money(%s) = %s, want %s", in, got, want)
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
