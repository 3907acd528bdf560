package reconcile

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"path"
	"strconv"
	"strings"

	"prelaunch/core/infra/apperr"
)

// An XLSX statement is read part by part, never whole: the workbook, its relationships, the
// shared strings and each sheet in the workbook's order, the sheet streamed row by row. No other
// part is ever opened, and any other part larger than maxOtherPart refuses the file (a statement
// has no use for one); the shared strings are bounded (maxSharedStrings bytes, maxStrings
// strings). So what a hostile workbook can make the server hold is bounded by the file (20 MB)
// and the shared strings, not by what its parts expand to.
const (
	maxOtherPart     = 4 << 20
	maxSharedStrings = 24 << 20
	maxStrings       = 2_000_000
	maxSheetPart     = maxUnzipped
	maxCellText      = 32 << 10
	maxColumns       = 200
)

func errWorkbookPart() error {
	return apperr.TooLarge("statement_xlsx_part", "The XLSX statement holds a part too large for a bank statement: save it as CSV and import that.")
}

func errDamaged() error {
	return apperr.Invalid("statement_xlsx", "The XLSX statement cannot be read: it is damaged or protected.")
}

type workbook struct {
	files   map[string]*zip.File
	strings []string
}

func openWorkbook(data []byte) (*workbook, []string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, nil, errUnsupported()
	}
	if len(zr.File) > maxEntries {
		return nil, nil, errTooLargeWorkbook()
	}
	wb := &workbook{files: map[string]*zip.File{}}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if total > maxUnzipped {
			return nil, nil, errTooLargeWorkbook()
		}
		wb.files[strings.TrimPrefix(f.Name, "/")] = f
	}
	if wb.files["xl/workbook.xml"] == nil { // a zip, a .docx, an .ods…: not a workbook
		return nil, nil, errUnsupported()
	}
	// the parts a sheet needs, found through the workbook's relationships
	type rel struct {
		ID     string `xml:"Id,attr"`
		Type   string `xml:"Type,attr"`
		Target string `xml:"Target,attr"`
	}
	var rels struct {
		Rels []rel `xml:"Relationship"`
	}
	if err := wb.decodeSmall("xl/_rels/workbook.xml.rels", &rels); err != nil {
		return nil, nil, err
	}
	var book struct {
		Sheets []struct {
			Name  string `xml:"name,attr"`
			RelID string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := wb.decodeSmall("xl/workbook.xml", &book); err != nil {
		return nil, nil, err
	}
	target := func(t string) string {
		if strings.HasPrefix(t, "/") {
			return strings.TrimPrefix(t, "/")
		}
		return path.Clean("xl/" + t)
	}
	byID := map[string]string{}
	shared := "xl/sharedStrings.xml"
	for _, r := range rels.Rels {
		byID[r.ID] = target(r.Target)
		if strings.HasSuffix(r.Type, "/sharedStrings") {
			shared = target(r.Target)
		}
	}
	var sheets []string
	for _, s := range book.Sheets {
		if p, ok := byID[s.RelID]; ok && wb.files[p] != nil {
			sheets = append(sheets, p)
		}
	}
	needed := map[string]bool{"xl/workbook.xml": true, "xl/_rels/workbook.xml.rels": true, shared: true}
	for _, s := range sheets {
		needed[s] = true
	}
	for name, f := range wb.files {
		if !needed[name] && f.UncompressedSize64 > maxOtherPart {
			return nil, nil, errWorkbookPart()
		}
		if needed[name] && strings.HasPrefix(name, "xl/worksheets/") && f.UncompressedSize64 > maxSheetPart {
			return nil, nil, errTooLargeWorkbook()
		}
	}
	if f := wb.files[shared]; f != nil {
		if f.UncompressedSize64 > maxSharedStrings {
			return nil, nil, apperr.TooLarge("statement_xlsx_strings", "The XLSX statement's text is larger than a bank statement's: save it as CSV and import that.")
		}
		if err := wb.readStrings(f); err != nil {
			return nil, nil, err
		}
	}
	return wb, sheets, nil
}

// decodeSmall decodes a small part (at most maxOtherPart); a missing part decodes to nothing.
func (wb *workbook) decodeSmall(name string, v any) error {
	f := wb.files[name]
	if f == nil {
		return nil
	}
	if f.UncompressedSize64 > maxOtherPart {
		return errWorkbookPart()
	}
	r, err := f.Open()
	if err != nil {
		return errDamaged()
	}
	defer r.Close()
	d := xml.NewDecoder(io.LimitReader(r, maxOtherPart))
	if err := d.Decode(v); err != nil {
		return errDamaged()
	}
	return nil
}

// readStrings reads the shared strings: each <si>'s text runs (<t>), without phonetic runs.
func (wb *workbook) readStrings(f *zip.File) error {
	r, err := f.Open()
	if err != nil {
		return errDamaged()
	}
	defer r.Close()
	d := xml.NewDecoder(io.LimitReader(r, maxSharedStrings))
	var b strings.Builder
	in, inT, phonetic := false, false, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return errDamaged()
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "si":
				in = true
				b.Reset()
			case "rPh":
				phonetic++
			case "t":
				inT = in && phonetic == 0
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "si":
				if len(wb.strings) >= maxStrings {
					return apperr.TooLarge("statement_xlsx_strings", "The XLSX statement's text is larger than a bank statement's: save it as CSV and import that.")
				}
				wb.strings = append(wb.strings, strings.Clone(b.String()))
				in = false
			case "rPh":
				phonetic--
			case "t":
				inT = false
			}
		case xml.CharData:
			if inT && b.Len() < maxCellText {
				b.Write(t)
			}
		}
	}
}

// sheetRows streams a sheet's rows: each is its 1-based row number and its cells' raw values
// (a number's text, a shared or inline string's text, a boolean's 0 or 1), placed by column.
type sheetRows struct {
	d    *xml.Decoder
	r    io.Closer
	wb   *workbook
	row  int
	rec  []string
	err  error
	cell strings.Builder
}

func (wb *workbook) rows(name string) (*sheetRows, error) {
	r, err := wb.files[name].Open()
	if err != nil {
		return nil, errDamaged()
	}
	return &sheetRows{d: xml.NewDecoder(r), r: r, wb: wb}, nil
}

func (s *sheetRows) Close() error { return s.r.Close() }

// Next reads the next <row>; false at the end or on an error (Err).
func (s *sheetRows) Next() bool {
	var (
		inRow             bool
		col               int
		kind              string
		inV, inIS, inText bool
	)
	for {
		tok, err := s.d.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			s.err = errDamaged()
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				inRow, s.rec = true, s.rec[:0]
				s.row++
				if n, err := strconv.Atoi(attr(t, "r")); err == nil && n > 0 {
					s.row = n
				}
				col = -1
			case "c":
				if !inRow {
					continue
				}
				col++
				if c, ok := column(attr(t, "r")); ok {
					col = c
				}
				kind = attr(t, "t")
				s.cell.Reset()
			case "v":
				inV = true
			case "is":
				inIS = true
			case "t":
				inText = inIS
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "v":
				inV = false
			case "is":
				inIS = false
			case "t":
				inText = false
			case "c":
				if !inRow || col < 0 || col >= maxColumns {
					continue
				}
				v := s.cell.String()
				if kind == "s" {
					i, err := strconv.Atoi(strings.TrimSpace(v))
					if err != nil || i < 0 || i >= len(s.wb.strings) {
						s.err = errDamaged()
						return false
					}
					v = s.wb.strings[i]
				} else {
					v = strings.Clone(v)
				}
				for len(s.rec) <= col {
					s.rec = append(s.rec, "")
				}
				s.rec[col] = v
			case "row":
				return true
			}
		case xml.CharData:
			if (inV || inText) && s.cell.Len() < maxCellText {
				s.cell.Write(t)
			}
		}
	}
}

func (s *sheetRows) Err() error { return s.err }

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// column is the 0-based column of a cell reference ("C7" → 2).
func column(ref string) (int, bool) {
	n := 0
	i := 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		n = n*26 + int(ref[i]-'A'+1)
		if n > maxColumns {
			return maxColumns, true
		}
	}
	if i == 0 {
		return 0, false
	}
	return n - 1, true
}
