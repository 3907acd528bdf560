package export

import (
	"bufio"
	"strings"
	"time"

	"prelaunch/core/infra/clock"
)

// IST is India Standard Time (UTC+05:30, no daylight saving): every time in an export and every
// from/to day is IST.
var IST = clock.IST

// bom is the UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8.
const bom = "\uFEFF"

// timeLayout is ISO 8601 with the offset, e.g. 2026-11-23T18:04:30+05:30.
const timeLayout = "2006-01-02T15:04:05Z07:00"

// csvWriter writes RFC 4180 records (comma separated, CRLF line ends, a field quoted when it
// holds a comma, a quote, CR or LF, its quotes doubled) into a buffered writer. Its methods do
// not return errors: bufio.Writer keeps the first one and end returns it.
type csvWriter struct {
	w     *bufio.Writer
	first bool
	tbuf  []byte
}

func newCSV(w *bufio.Writer) *csvWriter {
	return &csvWriter{w: w, first: true, tbuf: make([]byte, 0, 32)}
}

func (c *csvWriter) sep() {
	if c.first {
		c.first = false
		return
	}
	_ = c.w.WriteByte(',')
}

// text writes a cell of free text (a name, an email, a reference): neutralised against formula
// injection (neutralise), then quoted when RFC 4180 needs it.
func (c *csvWriter) text(s string) {
	c.sep()
	s = neutralise(s)
	if !strings.ContainsAny(s, ",\"\r\n") {
		_, _ = c.w.WriteString(s)
		return
	}
	_ = c.w.WriteByte('"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		_, _ = c.w.WriteString(s[:i+1])
		_ = c.w.WriteByte('"')
		s = s[i+1:]
	}
	_, _ = c.w.WriteString(s)
	_ = c.w.WriteByte('"')
}

// plain writes a cell the export made itself (a number, a status, a time): never quoted or
// neutralised.
func (c *csvWriter) plain(s string) {
	c.sep()
	_, _ = c.w.WriteString(s)
}

// time writes t as ISO 8601 in IST; the zero time (no value) is an empty cell.
func (c *csvWriter) time(t time.Time) {
	c.sep()
	if t.IsZero() {
		return
	}
	c.tbuf = t.In(IST).AppendFormat(c.tbuf[:0], timeLayout)
	_, _ = c.w.Write(c.tbuf)
}

// end closes the record and reports the writer's first error, if any.
func (c *csvWriter) end() error {
	_, err := c.w.WriteString("\r\n")
	c.first = true
	return err
}

// needsNeutralising reports whether a spreadsheet would read s as a formula (or strip a leading
// control character and then do so): it starts with = + - @, a tab or a CR (OWASP "CSV
// injection").
func needsNeutralising(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// neutralise puts an apostrophe before a formula character at the start of the cell and after
// every ";", "," or tab inside it (spaces between them skipped): a spreadsheet that splits the
// cell there (Excel in a ";" locale splits "Asha;=1+1" into "Asha" and "=1+1") then sees text
// in every piece. Nothing else of the text changes.
func neutralise(s string) string {
	if !needsNeutralising(s) && !strings.ContainsAny(s, ";,\t") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	piece := true // at the start of a piece a spreadsheet may read as a cell of its own
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if piece && ch != ' ' {
			if needsNeutralising(s[i:]) {
				b.WriteByte('\'')
			}
			piece = false
		}
		b.WriteByte(ch)
		if ch == ';' || ch == ',' || ch == '\t' {
			piece = true
		}
	}
	return b.String()
}

// money is a numeric(…,2) column's text with exactly two decimals ("1020" → "1020.00").
func money(s string) string {
	i := strings.IndexByte(s, '.')
	switch {
	case i < 0:
		return s + ".00"
	case len(s)-i-1 == 1:
		return s + "0"
	}
	return s
}

// price is the token price with at least two decimals and no trailing zeros beyond them
// ("10.0000" → "10.00", "0.0125" stays): a price below a paisa must not be rounded away.
func price(s string) string {
	i := strings.IndexByte(s, '.')
	if i < 0 {
		return s + ".00"
	}
	end := len(s)
	for end > i+3 && s[end-1] == '0' {
		end--
	}
	s = s[:end]
	if len(s)-i-1 < 2 {
		return money(s)
	}
	return s
}
