package export

import (
	"bufio"
	"bytes"
	"strings"
	"testing"
	"time"

	"prelaunch/core/infra/apperr"
)

func TestCSVCells(t *testing.T) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	c := newCSV(w)
	for _, s := range []string{"=cmd", "+1", "-1", "@x", "\tT", "\rR", "a,b", `say "hi"`, "line\nbreak", "", "plain", "é ₹"} {
		c.text(s)
	}
	c.plain("1.00")
	c.time(time.Date(2026, 1, 10, 18, 30, 0, 0, time.UTC))
	c.time(time.Time{})
	if err := c.end(); err != nil {
		t.Fatal(err)
	}
	_ = w.Flush()
	want := `'=cmd,'+1,'-1,'@x,'` + "\tT," + `"'` + "\rR\"," + `"a,b","say ""hi""","line` + "\nbreak\",,plain,é ₹,1.00,2026-01-11T00:00:00+05:30,\r\n"
	if got := buf.String(); got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// Issue 27, finding 13: "Asha;=1+1" reached users.csv as is, and Excel in a ";" locale splits
// it into "Asha" and a formula. A formula character after ";", "," or a tab is neutralised too.
func TestFormulasInsideACellAreNeutralised(t *testing.T) {
	for in, want := range map[string]string{
		"Asha;=1+1":           "Asha;'=1+1",
		"Asha; =1+1":          "Asha; '=1+1",
		"a,@SUM(A1)":          "a,'@SUM(A1)",
		"a\t+1":               "a\t'+1",
		"=x;-y":               "'=x;'-y",
		"a;;=b":               "a;;'=b",
		"Jean-Luc; O'Brien":   "Jean-Luc; O'Brien",
		"Mumbai, Maharashtra": "Mumbai, Maharashtra",
		"plain":               "plain",
	} {
		if got := neutralise(in); got != want {
			t.Errorf("neutralise(%q) = %q, want %q", in, got, want)
		}
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	c := newCSV(w)
	c.text("Asha;=1+1")
	c.text("x,=HYPERLINK(1)")
	_ = c.end()
	_ = w.Flush()
	if got, want := buf.String(), "Asha;'=1+1,\"x,'=HYPERLINK(1)\"\r\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestNumbers(t *testing.T) {
	for in, want := range map[string]string{"1020": "1020.00", "1020.5": "1020.50", "1020.55": "1020.55", "0.00": "0.00"} {
		if got := money(in); got != want {
			t.Errorf("money(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"10.0000": "10.00", "0.0125": "0.0125", "12.5000": "12.50", "7": "7.00", "1.2340": "1.234"} {
		if got := price(in); got != want {
			t.Errorf("price(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDays(t *testing.T) {
	var v apperr.Validation
	from, to := days(&v, "2026-01-11", "2026-01-11")
	if v.Err() != nil || !from.Equal(time.Date(2026, 1, 10, 18, 30, 0, 0, time.UTC)) || !to.Equal(time.Date(2026, 1, 11, 18, 30, 0, 0, time.UTC)) {
		t.Fatalf("from %v to %v err %v", from, to, v.Err())
	}
	for _, bad := range [][2]string{{"2026-1-1", ""}, {"", "20260101"}, {"2026-02-30", ""}, {"2026-01-02", "2026-01-01"}, {" 2026-01-01x", ""}} {
		var v apperr.Validation
		days(&v, bad[0], bad[1])
		if v.Err() == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if !strings.HasPrefix(time.Date(2026, 1, 1, 0, 0, 0, 0, IST).Format(timeLayout), "2026-01-01T00:00:00+05:30") {
		t.Fatal("IST layout")
	}
}
