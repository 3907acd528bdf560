package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// exportResult is one CSV export measured through bff-admin (1,000,000 purchases at
// ≥ 50,000 rows/s with the server under 150 MB).
type exportResult struct {
	Path       string
	Rows       int
	Bytes      int64
	Seconds    float64
	RowsPerSec float64
	FirstByte  float64 // seconds until the first byte of the body
	PeakRSS    string  // bff-admin's VmHWM over the export (reset just before it when the kernel allows)
	HWMReset   bool
	Err        string
}

// measured are the export figures of this run, for the report (none when skipped): the
// admin's export of the ACW company, then the super admin's of every company.
var measured []exportResult

// measureExport downloads an export (path: the admin's /api/v1/admin/export/purchases.csv or the
// super admin's /api/v1/superadmin/export/purchases.csv, every reviewable status) and reads the answer line by line as it arrives, like a browser
// saving the file. Before it, bff-admin's peak-RSS mark is reset (writing 5 to
// /proc/<pid>/clear_refs), so VmHWM afterwards is the peak during the export alone.
func measureExport(admURL, path, tok string, pid int) exportResult {
	r := exportResult{Path: path}
	r.HWMReset = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0) == nil
	req, _ := http.NewRequest("GET", admURL+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	start := time.Now()
	resp, err := (&http.Client{Timeout: 30 * time.Minute}).Do(req)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		r.Err = fmt.Sprintf("%d %s", resp.StatusCode, b)
		return r
	}
	br := bufio.NewReaderSize(resp.Body, 64<<10)
	lines := 0
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			if lines == 0 {
				r.FirstByte = time.Since(start).Seconds()
			}
			lines++
			r.Bytes += int64(len(line))
		}
		if err == io.EOF {
			break
		}
		if err != nil && err != bufio.ErrBufferFull {
			r.Err = err.Error()
			break
		}
	}
	r.Seconds = time.Since(start).Seconds()
	r.Rows = max(0, lines-1) // the header row
	r.RowsPerSec = float64(r.Rows) / r.Seconds
	r.PeakRSS = vmHWM(pid)
	return r
}

func (r exportResult) String() string {
	if r.Err != "" {
		return "failed: " + r.Err
	}
	reset := "VmHWM reset before the export"
	if !r.HWMReset {
		reset = "VmHWM over the process's life (clear_refs not allowed)"
	}
	return fmt.Sprintf("%s: %d rows, %.1f MB in %.1f s = %.0f rows/s (first byte after %.2f s); bff-admin peak RSS %s (%s)",
		r.Path, r.Rows, float64(r.Bytes)/1e6, r.Seconds, r.RowsPerSec, r.FirstByte, r.PeakRSS, reset)
}

// exportTarget is the report's line for the export target.
func exportTarget() string {
	if len(measured) == 0 {
		return ""
	}
	ok := true
	var parts []string
	for _, r := range measured {
		if strings.HasSuffix(r.Path, "/purchases.csv") { // the target is set for the purchases exports
			ok = ok && r.Err == "" && r.Rows >= 1_000_000 && r.RowsPerSec >= 50_000 && mbBelow(r.PeakRSS, 150)
		}
		parts = append(parts, r.String())
	}
	return fmt.Sprintf("- CSV export: 1,000,000 purchases at ≥ 50,000 rows/s with bff-admin under 150 MB: %s\n",
		verdict(ok, strings.Join(parts, "; ")+"."))
}
