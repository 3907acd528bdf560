package reconcile

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// TestWriteXLSXFixtures writes testdata/<bank>.xlsx from testdata/<bank>.csv, cell for cell, the
// way the banks' own XLSX downloads hold them: amounts as numbers, ICICI's and the generic
// statement's dates as date cells, the rest as text; and testdata/bomb.xlsx, a zip bomb named
// like a workbook (zipBomb). Run it after changing a CSV fixture:
//
//	RECONCILE_WRITE_FIXTURES=1 go test -run TestWriteXLSXFixtures ./reconcile
func TestWriteXLSXFixtures(t *testing.T) {
	if os.Getenv("RECONCILE_WRITE_FIXTURES") == "" {
		t.Skip("set RECONCILE_WRITE_FIXTURES=1 to rewrite testdata/*.xlsx")
	}
	for _, bank := range fixtureBanks {
		data, err := os.ReadFile(filepath.Join("testdata", bank+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		b, err := csvToXLSX(data, bank == "icici" || bank == "generic")
		if err != nil {
			t.Fatalf("%s: %v", bank, err)
		}
		if err := os.WriteFile(filepath.Join("testdata", bank+".xlsx"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join("testdata", "bomb.xlsx"), zipBomb(t), 0o644); err != nil {
		t.Fatal(err)
	}
}

var (
	plainAmount = regexp.MustCompile(`^[0-9][0-9,]*\.[0-9]{2}$`)
	dmy         = regexp.MustCompile(`^[0-9]{2}/[0-9]{2}/[0-9]{4}$`)
	ymd         = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
)

// csvToXLSX copies a CSV statement into the first sheet of a workbook.
func csvToXLSX(data []byte, dateCells bool) ([]byte, error) {
	data = bytes.TrimPrefix(data, bom)
	delim := ','
	if bytes.Count(data, []byte(";")) > bytes.Count(data, []byte(",")) {
		delim = ';'
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = delim
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		return nil, err
	}
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	sheet := f.GetSheetName(0)
	dateStyle, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	if err != nil {
		return nil, err
	}
	for i, rec := range recs {
		for j, v := range rec {
			axis, err := excelize.CoordinatesToCellName(j+1, i+1)
			if err != nil {
				return nil, err
			}
			switch {
			case v == "":
				continue
			case plainAmount.MatchString(v):
				n, _ := strconv.ParseFloat(strings.ReplaceAll(v, ",", ""), 64)
				err = f.SetCellFloat(sheet, axis, n, 2, 64)
			case dateCells && (dmy.MatchString(v) || ymd.MatchString(v)):
				layout := "02/01/2006"
				if ymd.MatchString(v) {
					layout = "2006-01-02"
				}
				d, _ := time.Parse(layout, v)
				if err = f.SetCellValue(sheet, axis, d); err == nil {
					err = f.SetCellStyle(sheet, axis, axis, dateStyle)
				}
			default:
				err = f.SetCellStr(sheet, axis, v)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
