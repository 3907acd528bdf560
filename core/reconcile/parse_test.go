package reconcile

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/sale"
)

var fixtureBanks = []string{"sbi", "hdfc", "icici", "axis", "generic"}

type wantCredit struct {
	date, utr, credit string
}

// What each fixture's credits are (the XLSX of a bank holds the same rows as its CSV).
var fixtureWant = map[string]struct {
	lines   int
	credits []wantCredit
}{
	"sbi": {5, []wantCredit{{"2026-11-02", "412345678901", "1530.00"}, {"2026-11-05", "HDFCN52026110512", "102000.50"},
		{"2026-11-07", "412345678902", "2040.00"}}},
	"hdfc": {5, []wantCredit{{"2026-11-02", "412345678911", "1530.00"}, {"2026-11-04", "SBINN62026110412", "10200.00"},
		{"2026-11-06", "HDFCR52026110600012345", "255000.00"}, {"2026-11-08", "", "5000.00"}}},
	"icici": {5, []wantCredit{{"2026-11-02", "412345678921", "2040.00"}, {"2026-11-04", "412345678922", "51000.00"},
		{"2026-11-05", "", "7500.00"}, {"2026-11-06", "AXISN12026110614", "12345.67"}}},
	"axis": {6, []wantCredit{{"2026-11-02", "412345678931", "1020.00"}, {"2026-11-05", "412345678933", "3060.00"},
		{"2026-11-07", "UTIBN52026110799", "100000.00"}, {"2026-11-09", "", "800.00"}}},
	"generic": {5, []wantCredit{{"2026-11-02", "412345678941", "1530.00"}, {"2026-11-04", "SBINN62026110441", "102000.50"},
		{"2026-11-05", "", "2040.00"}}},
}

func TestFixturesParseToTheirCredits(t *testing.T) {
	for _, bank := range fixtureBanks {
		for _, ext := range []string{"csv", "xlsx"} {
			t.Run(bank+"."+ext, func(t *testing.T) {
				data, err := os.ReadFile(filepath.Join("testdata", bank+"."+ext))
				if err != nil {
					t.Fatal(err)
				}
				st, err := Parse(data)
				if err != nil {
					t.Fatalf("parse: %v", err)
				}
				want := fixtureWant[bank]
				if st.Lines != want.lines {
					t.Errorf("lines %d, want %d", st.Lines, want.lines)
				}
				if len(st.Credits) != len(want.credits) {
					t.Fatalf("credits %+v, want %+v", st.Credits, want.credits)
				}
				for i, c := range st.Credits {
					w := want.credits[i]
					// The table writes a UTR as the bank prints it; a line keeps its normal form
					// (look-alikes folded: SBINN… is SB1NN…).
					w.utr = NormalUTR(w.utr)
					got := wantCredit{c.Date.Format("2006-01-02"), c.UTR, c.Credit.StringFixed(2)}
					if got != w {
						t.Errorf("credit %d (row %d, %q): got %+v, want %+v", i, c.Row, c.Description, got, w)
					}
					if c.Row < 2 || c.Description == "" {
						t.Errorf("credit %d: row %d, description %q", i, c.Row, c.Description)
					}
				}
			})
		}
	}
}

func TestCSVRowsAreTheFileLines(t *testing.T) {
	data, _ := os.ReadFile("testdata/sbi.csv")
	st, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for _, c := range st.Credits {
		if !strings.Contains(lines[c.Row-1], c.Credit.StringFixed(2)[:1]) || !strings.HasPrefix(lines[c.Row-1], c.Date.Format("2 Jan 2006")) {
			t.Errorf("row %d is %q, not the credit of %s", c.Row, lines[c.Row-1], c.Date.Format("2006-01-02"))
		}
	}
}

func TestAmounts(t *testing.T) {
	for in, want := range map[string]string{
		"1,02,000.50": "102000.50", "INR 1,500.00": "1500.00", "₹ 1500": "1500.00", "₹1,02,000.50": "102000.50",
		"Rs. 2,040": "2040.00", "1500.00 Cr": "1500.00", "12345678": "12345678.00", "0.00": "0.00", " 7 ": "7.00",
	} {
		got, ok := ParseAmount(in)
		if !ok || got.StringFixed(2) != want {
			t.Errorf("ParseAmount(%q) = %s %v, want %s", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "-", "abc", "1.2.3", "-500.00", "1e5", "₹"} {
		if _, ok := ParseAmount(bad); ok {
			t.Errorf("ParseAmount(%q) accepted", bad)
		}
	}
}

// Issue 27, finding 2: a comma is a grouping only in Indian or Western form; "10,20" (a decimal
// comma, or ₹1,020?), more than two decimals and a figure beyond the column are unreadable, never
// read as another amount.
func TestAmbiguousAmountsAreUnreadable(t *testing.T) {
	for in, want := range map[string]string{
		"1,02,000.50": "102000.50", "102,000.50": "102000.50", "1,020": "1020.00", "12,34,567.8": "1234567.80",
		"1,000,000": "1000000.00", "1500.": "1500.00", "1 500.00": "1500.00",
	} {
		got, r := ReadAmount(in, false)
		if r != AmountOK || got.StringFixed(2) != want {
			t.Errorf("ReadAmount(%q) = %s %v, want %s", in, got, r, want)
		}
	}
	for _, in := range []string{"10,20", "10,2", "1,00", "305.995", "1.020,50", "1,0000", "10,20,30", "1,2,3", "1.2.3",
		"12345678901234567890123", "99999999999999999.00", "1,00,00,00,00,00,00,00,000", "1,020.505"} {
		if d, r := ReadAmount(in, false); r != AmountUnreadable {
			t.Errorf("ReadAmount(%q) = %s %v, want unreadable", in, d, r)
		}
	}
	// an XLSX number cell is the shortest text of a double: read as Excel shows it (15 digits)
	for in, want := range map[string]string{"1020.0999999999999": "1020.10", "0.30000000000000004": "0.30", "306": "306.00"} {
		if got, r := ReadAmount(in, true); r != AmountOK || got.StringFixed(2) != want {
			t.Errorf("ReadAmount(%q, xlsx) = %s %v, want %s", in, got, r, want)
		}
	}
	if _, r := ReadAmount("305.995", true); r != AmountUnreadable {
		t.Error("305.995 in an XLSX was read")
	}
	st, err := Parse([]byte("Txn Date;Narration;Ref No;Debit;Credit\n" +
		"01/11/2026;UPI/412345678901/x;412345678901;;10,20\n" +
		"02/11/2026;UPI/412345678902/y;412345678902;;305.995\n" +
		"03/11/2026;UPI/412345678903/z;412345678903;;12345678901234567890123\n" +
		"04/11/2026;UPI/412345678904/w;412345678904;;\"1,020.00\"\n" +
		"05/11/2026;ATM;;5,00;\n"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 5 || len(st.Credits) != 4 {
		t.Fatalf("%+v", st)
	}
	for i, raw := range []string{"10,20", "305.995", "12345678901234567890123", ""} {
		c := st.Credits[i]
		if c.Unreadable != raw || (raw != "" && !c.Credit.IsZero()) {
			t.Errorf("credit %d: %+v, want unreadable %q", i, c, raw)
		}
	}
	if st.Credits[3].Credit.StringFixed(2) != "1020.00" {
		t.Errorf("%+v", st.Credits[3])
	}
}

func TestDates(t *testing.T) {
	for in, want := range map[string]string{
		"05/11/2026": "2026-11-05", "05-11-2026": "2026-11-05", "05-Nov-2026": "2026-11-05", "05-NOV-2026": "2026-11-05",
		"05/11/26": "2026-11-05", "2026-11-05": "2026-11-05", "5 Nov 2026": "2026-11-05", "05/11/2026 10:42:13": "2026-11-05",
		"5/1/2026": "2026-01-05",
	} {
		got, ok := ParseDate(in, false)
		if !ok || got.Format("2006-01-02") != want {
			t.Errorf("ParseDate(%q) = %s %v, want %s", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "Total", "31/02/2026", "13/13/2026", "50000.00", "11/05/2099", "Generated On: 23/11/2026"} {
		if _, ok := ParseDate(bad, false); ok {
			t.Errorf("ParseDate(%q) accepted", bad)
		}
	}
	if d, ok := ParseDate("46331", true); !ok || d.Format("2006-01-02") != "2026-11-05" {
		t.Errorf("serial 46331 = %s %v", d, ok)
	}
	if _, ok := ParseDate("50000", true); ok {
		t.Error("a serial 10 years ahead (a footer's figure) read as a date")
	}
}

func TestUTRs(t *testing.T) {
	cases := []struct{ ref, narration, want string }{
		{"0000412345678901", "", "412345678901"},
		{"hdfc-n5202 6110512", "", "HDFCN52026110512"},
		{"", "UPI/412345678901/Payment/ravi@okhdfc", "412345678901"},
		{"-", "BY TRANSFER-UPI/CR/412345678902/RAVI", "412345678902"},
		{"TRANSFER FROM 4897692162094", "BY TRANSFER-IMPS/P2A/412345678903/X", "412345678903"},
		{"", "MMT/IMPS/412345678904/SUNITA", "412345678904"},
		{"", "NEFT CR-SBIN0001234-ASHA-SBINN62026110412", "SBINN62026110412"},
		{"", "RTGS CR-ICIC0000104-MEHTA-HDFCR52026110600012345", "HDFCR52026110600012345"},
		{"", "NEFT-axisn12026110614-DEEPAK", "AXISN12026110614"},
		{"", "CASH DEPOSIT 412345678905", ""},          // 12 digits but not a UPI or IMPS credit
		{"", "UPI/4123456789051/too long", ""},         // 13 digits is no RRN
		{"", "NEFT SBINN620261104123 (12 digits)", ""}, // neither 16 nor 22 characters
		{"000000", "CLG/RAVI KUMAR/CHQ DEPOSIT", ""},   // a cheque number of zeros
		{"", "", ""},
	}
	for _, c := range cases {
		if got := FindUTR(c.ref, c.narration); got != NormalUTR(c.want) {
			t.Errorf("FindUTR(%q, %q) = %q, want %q", c.ref, c.narration, got, c.want)
		}
	}
	if got := FindUTR("", "NEFT-axisn12026110614-DEEPAK"); got != "AX1SN12026110614" {
		t.Errorf("FindUTR folds look-alikes: %q", got)
	}
	if NormalUTR(" 00ab-12 c ") != "AB12C" {
		t.Error(NormalUTR(" 00ab-12 c "))
	}
}

// The mismatch note names both amounts the way the apps show money (sale.Rupees).
func TestRupees(t *testing.T) {
	for in, want := range map[string]string{"0": "₹0.00", "999.5": "₹999.50", "1000": "₹1,000.00", "102000.5": "₹1,02,000.50",
		"12345678.9": "₹1,23,45,678.90"} {
		if got := sale.Rupees(decimal.RequireFromString(in)); got != want {
			t.Errorf("Rupees(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestCSVDelimitersQuotesAndBOM(t *testing.T) {
	for _, d := range []string{",", ";", "\t"} {
		body := strings.Join([]string{"Txn Date", "Narration", "Credit", "Debit"}, d) + "\r\n" +
			strings.Join([]string{"01/11/2026", `"UPI/412345678901/a` + d + ` b ""q"""`, `"1,500.00"`, ""}, d) + "\r\n"
		for _, withBOM := range []bool{false, true} {
			data := []byte(body)
			if withBOM {
				data = append([]byte("\xEF\xBB\xBF"), data...)
			}
			st, err := Parse(data)
			if err != nil {
				t.Fatalf("delimiter %q: %v", d, err)
			}
			if len(st.Credits) != 1 || st.Credits[0].UTR != "412345678901" || st.Credits[0].Credit.StringFixed(2) != "1500.00" ||
				!strings.Contains(st.Credits[0].Description, `"q"`) {
				t.Errorf("delimiter %q bom %v: %+v", d, withBOM, st.Credits)
			}
		}
	}
}

func TestAmountWithCrDrColumn(t *testing.T) {
	st, err := Parse([]byte("Value Date,Details,Ref No,Amount,Type\n01-Nov-2026,x,ABCD12345678,\"INR 2,000.00\",CR\n02-Nov-2026,y,ABCD12345679,50.00,DR\n03-Nov-2026,z,ABCD12345680,60.00,?\n"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 2 || len(st.Credits) != 1 || st.Credits[0].UTR != "ABCD12345678" {
		t.Errorf("%+v", st)
	}
}

func status(err error) int {
	if e, ok := apperr.As(err); ok {
		return e.Kind.Status()
	}
	return 0
}

func TestBadStatements(t *testing.T) {
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0, 1, 2}, 100)...)
	var header31 strings.Builder
	for i := 0; i < 30; i++ {
		header31.WriteString("preamble,row\n")
	}
	header31.WriteString("Date,Narration,Credit\n01/11/2026,UPI/412345678901/x,10.00\n")
	bomb, err := os.ReadFile("testdata/bomb.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		data []byte
		want int
	}{
		"image":            {png, 415},
		"pdf":              {[]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), 415},
		"old xls":          {append([]byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"), make([]byte, 512)...), 415},
		"empty":            {nil, 422},
		"blank":            {[]byte(" \r\n\t\n"), 422},
		"bom only":         {[]byte("\xEF\xBB\xBF"), 422},
		"no header":        {[]byte("a,b,c\n1,2,3\n"), 422},
		"latin-1 csv":      {[]byte("Date,Narration,Credit\n01/11/2026,UPI/412345678901/Jos\xe9,10.00\n"), 422},
		"header too low":   {[]byte(header31.String()), 422},
		"no credit column": {[]byte("Date,Narration,Balance\n01/11/2026,x,10\n"), 422},
		"zip, not xlsx":    {zipOf(t, map[string][]byte{"a.txt": []byte("hello")}), 415},
		"too large":        {make([]byte, MaxFileSize+1), 413},
		"zip bomb":         {bomb, 413},
	}
	for name, c := range cases {
		_, err := Parse(c.data)
		if status(err) != c.want {
			t.Errorf("%s: %v (%d), want %d", name, err, status(err), c.want)
		}
	}
}

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for name, data := range files {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Write(data)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipBomb is a file named like a workbook whose sheet inflates to 300 MB (about 300 KB on disk).
func zipBomb(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	w.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		f, _ := w.Create(name)
		fmt.Fprint(f, "<x/>")
	}
	f, err := w.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	zero := make([]byte, 1<<20)
	for i := 0; i < 300; i++ {
		_, _ = f.Write(zero)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A workbook whose central directory understates an entry (1 KB declared, 8 MB inside): the
// size guard believes it, archive/zip then refuses to inflate past the declared size, and the
// file is a 4xx, never an 8 MB read.
func TestLyingZipDirectoryIsRefused(t *testing.T) {
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestSpeed)
	_, _ = fw.Write(make([]byte, 8<<20))
	_ = fw.Close()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		f, _ := w.Create(name)
		fmt.Fprint(f, "<x/>")
	}
	raw, err := w.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CompressedSize64: uint64(comp.Len()), UncompressedSize64: 1024})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = raw.Write(comp.Bytes())
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = Parse(buf.Bytes())
	if s := status(err); s < 400 || s >= 500 {
		t.Fatalf("lying zip: %v (%d)", err, s)
	}
}

// Issue 27, finding 3: a 241 KB workbook with a 240 MB junk part took bff-admin from 63 to 781 MB
// (excelize read every part), and 38 MB of shared strings peaked at 1.5 GB. Only the workbook, its
// relationships, the shared strings and the sheets are opened; any other part over 4 MB and
// shared strings over 24 MB refuse the file (413) before anything is inflated.
func TestHostileWorkbookPartsAreRefusedUnread(t *testing.T) {
	fixture, err := os.ReadFile("testdata/sbi.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	junk := withPart(t, fixture, "xl/media/junk.bin", 240<<20, 'x')
	if len(junk) > 2<<20 {
		t.Fatalf("junk workbook is %d bytes", len(junk))
	}
	strs := withSharedStrings(t, fixture, 38<<20)
	for name, data := range map[string][]byte{"junk part": junk, "shared strings": strs} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := Parse(data)
		runtime.ReadMemStats(&after)
		if status(err) != 413 {
			t.Errorf("%s: %v (%d), want 413", name, err, status(err))
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("%s: %d MB allocated to refuse it", name, grew>>20)
		}
	}
	// a part that is small stays harmless: the statement reads
	small := withPart(t, fixture, "xl/media/logo.png", 1<<20, 'x')
	if st, err := Parse(small); err != nil || len(st.Credits) != 3 {
		t.Fatalf("workbook with a logo: %v", err)
	}
}

// withPart is the workbook with one more part of size bytes of c (deflated: tiny on disk).
func withPart(t *testing.T, xlsx []byte, name string, size int, c byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(xlsx), int64(len(xlsx)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := w.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte{c}, 1<<20)
	for left := size; left > 0; left -= len(chunk) {
		_, _ = fw.Write(chunk[:min(left, len(chunk))])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withSharedStrings replaces the shared strings by size bytes of distinct strings.
func withSharedStrings(t *testing.T, xlsx []byte, size int) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(xlsx), int64(len(xlsx)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if f.Name == "xl/sharedStrings.xml" {
			continue
		}
		if err := w.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	fw, _ := w.Create("xl/sharedStrings.xml")
	fmt.Fprint(fw, `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	for n, i := 0, 0; n < size; i++ {
		k, _ := fmt.Fprintf(fw, "<si><t>narration %d UPI/4123%08d/payment</t></si>", i, i)
		n += k
	}
	fmt.Fprint(fw, `</sst>`)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
