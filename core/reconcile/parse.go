// Package reconcile imports a company's bank statements and matches their credits to the
// purchases buyers submitted: the parser (CSV and XLSX), the UTR rules, the matching,
// the import history and the bulk approval through purchase.Service.ApproveImported.
package reconcile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
)

const (
	// MaxFileSize is the largest statement accepted (≤ 20 MB).
	MaxFileSize = 20 << 20
	// headerScan is how many rows from the top the header row may be found in.
	headerScan = 30
	// maxUnzipped bounds what an XLSX may expand to (every entry, as its central directory
	// declares it; archive/zip refuses an entry that inflates past its declared size).
	maxUnzipped = 256 << 20
	// maxEntries bounds the entries of an XLSX: a workbook of one sheet has about a dozen.
	maxEntries = 1000
)

// Line is one credit of a statement.
type Line struct {
	Row         int // 1-based row of the file (the sheet's row for XLSX)
	Date        time.Time
	Description string
	UTR         string // normal form; empty when none was found
	Credit      decimal.Decimal
	// Unreadable is the amount cell as written when it cannot be read without doubt (ReadAmount);
	// Credit is then zero and the line is never matched.
	Unreadable string
}

// Statement is what a file holds: Lines counts its transaction rows (credits and debits).
type Statement struct {
	Lines   int
	Credits []Line
}

func errTooLarge() error {
	return apperr.TooLarge("statement_too_large", "The statement is larger than 20 MB.")
}

func errUnsupported() error {
	return apperr.Unsupported("statement_type", "The statement must be a CSV or XLSX file.")
}

func errEmpty() error { return apperr.Invalid("statement_empty", "The statement is empty.") }

func errNoHeader() error {
	return apperr.Invalid("statement_no_header", "No header row was found in the first 30 rows: the statement needs a date column "+
		"(Txn Date, Transaction Date, Date, Value Date or Tran Date), a credit column (Credit, Deposit Amt., Deposit Amount, "+
		"Deposits, Cr Amount or Credit Amount, or Amount with a Cr/Dr column) and a description or reference column.")
}

// Parse reads a statement, CSV or XLSX, told apart by content (the file name is not trusted).
func Parse(data []byte) (*Statement, error) {
	if len(data) > MaxFileSize {
		return nil, errTooLarge()
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, bom))) == 0 {
		return nil, errEmpty()
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return parseXLSX(data)
	}
	if !looksLikeText(data) {
		return nil, errUnsupported()
	}
	return parseCSV(data)
}

var bom = []byte("\xEF\xBB\xBF")

// looksLikeText: no NUL bytes, and not a type http sniffs as binary (a text file in another
// encoding than UTF-8 is then parseCSV's 422, with how to save it).
func looksLikeText(data []byte) bool {
	head := data
	if len(head) > 8192 {
		head = head[:8192]
		// do not cut a rune in two
		for i := 0; i < 3 && !utf8.Valid(head); i++ {
			head = head[:len(head)-1]
		}
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	ct := http.DetectContentType(head)
	return strings.HasPrefix(ct, "text/")
}

// ---- CSV ----

func parseCSV(data []byte) (*Statement, error) {
	data = bytes.TrimPrefix(data, bom)
	if !utf8.Valid(data) {
		return nil, apperr.Invalid("statement_encoding", "The CSV statement is not UTF-8 text: save it as CSV UTF-8 and import it again.")
	}
	// The delimiter is the one that gives a header row within the first rows.
	for _, delim := range []rune{',', ';', '\t'} {
		r := newCSVReader(data, delim)
		var top [][]string
		for len(top) < headerScan {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				break
			}
			top = append(top, rec)
		}
		h, at := findHeader(top)
		if h == nil {
			continue
		}
		// Read again from the start: rows before and including the header are skipped.
		r = newCSVReader(data, delim)
		st := &Statement{}
		row := 0
		for {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *csv.ParseError
				if errors.As(err, &pe) {
					return nil, apperr.Invalid("statement_csv", fmt.Sprintf("The CSV statement cannot be read at line %d: %v.", pe.Line, pe.Err))
				}
				return nil, apperr.Invalid("statement_csv", "The CSV statement cannot be read.")
			}
			row++
			if row <= at+1 {
				continue
			}
			line, _ := r.FieldPos(0)
			h.take(st, line, rec, false)
		}
		return st, nil
	}
	return nil, errNoHeader()
}

func newCSVReader(data []byte, delim rune) *csv.Reader {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = delim
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = false
	return r
}

// ---- XLSX ----

func parseXLSX(data []byte) (*Statement, error) {
	wb, sheets, err := openWorkbook(data)
	if err != nil {
		return nil, err
	}
	for _, sheet := range sheets {
		st, found, err := parseSheet(wb, sheet)
		if err != nil {
			return nil, err
		}
		if found {
			return st, nil
		}
	}
	return nil, errNoHeader()
}

func errTooLargeWorkbook() error {
	return apperr.TooLarge("statement_unzipped_too_large", "The XLSX statement expands to more than 256 MB: save it as CSV and import that.")
}

func parseSheet(wb *workbook, sheet string) (*Statement, bool, error) {
	rows, err := wb.rows(sheet)
	if err != nil {
		return nil, false, err
	}
	defer func() { _ = rows.Close() }()
	var top [][]string
	var h *header
	st := &Statement{}
	for rows.Next() {
		rec := rows.rec
		if h == nil {
			if len(top) >= headerScan {
				return nil, false, nil
			}
			top = append(top, slices.Clone(rec))
			h, _ = findHeader(top)
			continue
		}
		h.take(st, rows.row, rec, true)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	return st, h != nil, nil
}

// ---- the header ----

// The column names a statement's header may use, in order of preference, compared in key form
// (see key), and a few more the banks' downloads use (Axis: CHQNO, DR, CR; HDFC: Value Dt; ICICI: Cheque Number).
var (
	dateNames   = keys("Txn Date", "Transaction Date", "Date", "Tran Date", "Value Date", "Value Dt", "Posting Date")
	descNames   = keys("Description", "Narration", "Particulars", "Remarks", "Transaction Remarks", "Details", "Transaction Details")
	refNames    = keys("Ref No./Cheque No.", "Chq./Ref.No.", "Cheque No.", "Reference No", "Ref No", "UTR", "UTR Number", "Transaction ID", "Chq No", "Cheque Number")
	creditNames = keys("Credit", "Deposit Amt.", "Deposit Amount", "Deposits", "Cr Amount", "Credit Amount", "Credit Amt", "CR")
	debitNames  = keys("Debit", "Withdrawal Amt.", "Withdrawal Amount", "Withdrawals", "Dr Amount", "Debit Amount", "Debit Amt", "DR")
	amountNames = keys("Amount", "Transaction Amount", "Txn Amount")
	typeNames   = keys("Type", "Dr / Cr", "Cr / Dr", "Dr/Cr", "Cr/Dr", "Transaction Type", "Txn Type")
)

func keys(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = key(n)
	}
	return out
}

var parenthesised = regexp.MustCompile(`\([^)]*\)`)

// key is a column name without case, punctuation, a parenthesised unit ("(INR )") or the
// difference between "No" and "Number".
func key(s string) string {
	s = parenthesised.ReplaceAllString(strings.ToLower(s), "")
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	k := b.String()
	k = strings.TrimSuffix(k, "inr")
	if strings.HasSuffix(k, "number") {
		k = strings.TrimSuffix(k, "number") + "no"
	}
	return k
}

type header struct {
	date, desc, ref, credit, debit, amount, kind int
}

// pick is the column whose name comes first in names' order, or -1.
func pick(cells []string, names []string, taken map[int]bool) int {
	best, bestRank := -1, len(names)
	for i, c := range cells {
		if taken[i] {
			continue
		}
		k := key(c)
		for rank, n := range names {
			if k == n && rank < bestRank {
				best, bestRank = i, rank
			}
		}
	}
	if best >= 0 {
		taken[best] = true
	}
	return best
}

// findHeader looks for the header in rows; it returns it and its index, or nil.
func findHeader(rows [][]string) (*header, int) {
	for i, cells := range rows {
		taken := map[int]bool{}
		h := &header{}
		h.date = pick(cells, dateNames, taken)
		h.ref = pick(cells, refNames, taken)
		h.desc = pick(cells, descNames, taken)
		h.credit = pick(cells, creditNames, taken)
		h.debit = pick(cells, debitNames, taken)
		h.amount, h.kind = -1, -1
		if h.credit < 0 {
			h.amount = pick(cells, amountNames, taken)
			h.kind = pick(cells, typeNames, taken)
		}
		if h.date < 0 || (h.desc < 0 && h.ref < 0) {
			continue
		}
		if h.credit >= 0 || (h.amount >= 0 && h.kind >= 0) {
			return h, i
		}
	}
	return nil, -1
}

func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

// take reads one row below the header: a transaction row (a date and an amount) is counted, a
// credit kept; anything else (blank rows, separators, totals, the closing balance) is skipped. A
// credit whose amount cannot be read without doubt is kept as unreadable (Line.Unreadable).
func (h *header) take(st *Statement, row int, rec []string, xlsx bool) {
	date, ok := ParseDate(cell(rec, h.date), xlsx)
	if !ok {
		return
	}
	var credit decimal.Decimal
	isCredit, unreadable := false, ""
	if h.credit >= 0 {
		c, rc := ReadAmount(cell(rec, h.credit), xlsx)
		d, rd := ReadAmount(cell(rec, h.debit), xlsx)
		switch {
		case rc == AmountUnreadable:
			isCredit, unreadable = true, cell(rec, h.credit)
		case rc == AmountOK && c.IsPositive():
			credit, isCredit = c, true
		case rd == AmountUnreadable || (rd == AmountOK && d.IsPositive()):
		default:
			return
		}
	} else {
		a, ra := ReadAmount(cell(rec, h.amount), xlsx)
		if ra == AmountNone || (ra == AmountOK && !a.IsPositive()) {
			return
		}
		switch k := strings.ToUpper(strings.Trim(cell(rec, h.kind), ". ")); k {
		case "CR", "C", "CREDIT", "DEPOSIT":
			credit, isCredit = a, true
			if ra == AmountUnreadable {
				unreadable = cell(rec, h.amount)
			}
		case "DR", "D", "DEBIT", "WITHDRAWAL":
		default:
			return
		}
	}
	st.Lines++
	if !isCredit {
		return
	}
	desc := strings.Join(strings.Fields(cell(rec, h.desc)), " ")
	if len(desc) > 500 {
		desc = strings.ToValidUTF8(desc[:500], "")
	}
	if len(unreadable) > 100 {
		unreadable = strings.ToValidUTF8(unreadable[:100], "") + "…"
	}
	st.Credits = append(st.Credits, Line{Row: row, Date: date, Description: desc,
		UTR: FindUTR(cell(rec, h.ref), desc), Credit: credit, Unreadable: unreadable})
}

// ---- amounts and dates ----

// AmountRead is what an amount cell holds.
type AmountRead int

const (
	// AmountNone: no amount (blank, a word, a negative figure): the row is not a transaction.
	AmountNone AmountRead = iota
	// AmountOK: a figure read without doubt.
	AmountOK
	// AmountUnreadable: a figure that can be read two ways ("10,20": ₹1,020 or ₹10.20), with more
	// than two decimals, or beyond what a credit can be. Its line is shown, never matched.
	AmountUnreadable
)

// MaxCredit is the largest credit the lines' column holds (numeric(18,2)).
var MaxCredit = decimal.RequireFromString("9999999999999999.99")

var (
	plainRe   = regexp.MustCompile(`^[0-9]+(\.[0-9]{0,2})?$`)
	westernRe = regexp.MustCompile(`^[0-9]{1,3}(,[0-9]{3})+(\.[0-9]{0,2})?$`)
	indianRe  = regexp.MustCompile(`^[0-9]{1,2}(,[0-9]{2})*,[0-9]{3}(\.[0-9]{0,2})?$`)
	figureRe  = regexp.MustCompile(`^[0-9][0-9,.]*$`)
	// An XLSX number cell holds the shortest text of a binary double, up to 17 significant digits
	// ("1020.0999999999999" for 1020.10): Excel shows 15, and so is it read.
	xlsxNumRe = regexp.MustCompile(`^[0-9]+\.[0-9]+$`)
)

// ReadAmount reads "1,02,000.50" (Indian grouping), "102,000.50" (Western), "INR 1,500.00",
// "₹ 1500", "1500.00 Cr". A figure that could mean two amounts ("10,20": a decimal comma or a
// grouping), a grouping that is neither Indian nor Western, more than two decimals ("305.995") or
// an amount beyond MaxCredit is AmountUnreadable: never rounded, never guessed. xlsx: the text is
// an XLSX cell's raw value (a number cell is read to Excel's 15 significant digits).
func ReadAmount(s string, xlsx bool) (decimal.Decimal, AmountRead) {
	s = strings.TrimSpace(s)
	if s == "" {
		return decimal.Zero, AmountNone
	}
	up := strings.ToUpper(s)
	for _, p := range []string{"INR", "RS.", "RS", "₹"} {
		up = strings.TrimPrefix(strings.TrimSpace(up), p)
	}
	for _, suf := range []string{"CR", "DR", "INR"} {
		up = strings.TrimSuffix(strings.TrimSpace(up), suf)
	}
	up = strings.TrimSpace(strings.ReplaceAll(up, "\u00a0", " "))
	if strings.Contains(up, " ") {
		// "1 500.00": spaces inside a figure are read as its groupings, by the same rules
		up = strings.Join(strings.Fields(up), ",")
	}
	if !figureRe.MatchString(up) {
		return decimal.Zero, AmountNone
	}
	if xlsx && !strings.Contains(up, ",") && xlsxNumRe.MatchString(up) {
		if d, err := decimal.NewFromString(up); err == nil && d.NumDigits() > 15 {
			exp := int32(15 - (d.NumDigits() + int(d.Exponent())))
			up = d.Round(exp).String()
		}
	}
	switch {
	case plainRe.MatchString(up), westernRe.MatchString(up), indianRe.MatchString(up):
	default:
		return decimal.Zero, AmountUnreadable
	}
	d, err := decimal.NewFromString(strings.ReplaceAll(up, ",", ""))
	if err != nil || d.GreaterThan(MaxCredit) {
		return decimal.Zero, AmountUnreadable
	}
	return d, AmountOK
}

// ParseAmount is ReadAmount of a CSV cell, true only for a figure read without doubt.
func ParseAmount(s string) (decimal.Decimal, bool) {
	d, r := ReadAmount(s, false)
	return d, r == AmountOK
}

var dateLayouts = []string{"2/1/2006", "2-1-2006", "2-Jan-2006", "2 Jan 2006", "2/Jan/2006", "2006-01-02",
	"2/1/06", "2-1-06", "2-Jan-06", "2 Jan 06", "2.1.2006"}

// saneDate: from 2000 to a year from now (a footer's figure read as a date serial is not one).
func saneDate(t time.Time) bool {
	return t.Year() >= 2000 && t.Before(time.Now().AddDate(1, 0, 0))
}

// ParseDate reads dd/mm/yyyy, dd-mm-yyyy, dd-Mon-yyyy, dd/mm/yy and yyyy-mm-dd (a time after the
// date is ignored); in an XLSX a date cell is a serial number.
func ParseDate(s string, xlsx bool) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	if xlsx {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			if f < 36526 || f > 109574 { // 2000-01-01 .. 2199-12-31 as Excel serials
				return time.Time{}, false
			}
			t, err := excelize.ExcelDateToTime(f, false)
			if err != nil {
				return time.Time{}, false
			}
			t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
			return t, saneDate(t)
		}
	}
	try := func(v string) (time.Time, bool) {
		for _, l := range dateLayouts {
			if t, err := time.Parse(l, v); err == nil && saneDate(t) {
				return t, true
			}
		}
		return time.Time{}, false
	}
	if t, ok := try(s); ok {
		return t, true
	}
	// "05/11/2026 10:42:13", "2026-11-05T10:42:13": the date part
	if i := strings.IndexAny(s, " T"); i > 0 {
		if t, ok := try(s[:i]); ok {
			return t, true
		}
	}
	return time.Time{}, false
}

// ---- UTRs ----

var (
	upiRe  = regexp.MustCompile(`(?i)\b(UPI|IMPS|MMT|RRN)\b`)
	rrnRe  = regexp.MustCompile(`(?:^|[^0-9])([0-9]{12})(?:[^0-9]|$)`)
	neftRe = regexp.MustCompile(`(?i)(?:^|[^A-Z0-9])([A-Z]{4}[NR](?:[0-9]{17}|[0-9]{11}))(?:[^A-Z0-9]|$)`)
	refRe  = regexp.MustCompile(`^[A-Z0-9]{6,35}$`)
)

// NormalUTR is a reference in the form purchases' references are compared in (fields.NormalUTR,
// SQL's ref_norm).
func NormalUTR(s string) string { return fields.NormalUTR(s) }

// FindUTR is the reference cell when it holds a reference, else a UPI or IMPS RRN (12 digits)
// or a NEFT/RTGS UTR read from the narration, in normal form; "" when there is none.
func FindUTR(ref, narration string) string {
	// "TRANSFER FROM 4897…" or "MMT 4123…" in a reference column is words, not a reference.
	words := false
	for _, f := range strings.Fields(ref) {
		if len(f) >= 2 && !strings.ContainsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }) {
			words = true
		}
	}
	// A cell with a slash or an underscore ("UPI/4123…/NAME") is a narration, not a reference.
	if n := NormalUTR(ref); !words && !strings.ContainsAny(ref, "/_") && refRe.MatchString(n) && !allZero(ref) {
		return n
	}
	if upiRe.MatchString(narration) {
		if m := rrnRe.FindStringSubmatch(narration); m != nil {
			return NormalUTR(m[1])
		}
	}
	if m := neftRe.FindStringSubmatch(narration); m != nil {
		return NormalUTR(m[1])
	}
	return ""
}

func allZero(s string) bool {
	return strings.Trim(s, "0 -") == ""
}
