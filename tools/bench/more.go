package main

// The endpoints added since the first scale run: the admin's token settings, the KYC queue and
// the activity list in the closed loop (with the KYC submissions and activity records
// perf.LoadExtras adds to the ACW company), and a 100,000-line bank statement imported through
// bff-admin (the reconciliation's upload, parse and match over the scale data).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/uptrace/bun"
)

const importName = "admin reconcile/import, 100,000-line statement"

// importResult is one statement import measured through bff-admin.
type importResult struct {
	Lines, Matched, NotFound int
	Bytes                    int
	Seconds                  float64
	Err                      string
}

// imported is this run's import figure, for the report (zero when skipped).
var imported importResult

// measureImport uploads a statement in HDFC's layout with lines credit lines: 1,000 of them name
// a PENDING purchase of the company at its amount (matched), the rest references no purchase
// has (made unique to this run, so the import is not refused as a statement seen before).
func measureImport(ctx context.Context, db *bun.DB, companyID, admURL, tok string, lines int) importResult {
	r := importResult{Lines: lines}
	var refs []struct {
		Ref   string `bun:"reference_number"`
		Final string `bun:"final_amount"`
	}
	if err := db.NewRaw(`SELECT reference_number, final_amount FROM purchases WHERE company_id = ? AND status = 'PENDING'
		AND reference_number IS NOT NULL ORDER BY created_at DESC LIMIT 1000`, companyID).Scan(ctx, &refs); err != nil {
		r.Err = err.Error()
		return r
	}
	run := time.Now().Unix() % 100000
	var b bytes.Buffer
	b.WriteString("HDFC BANK Ltd.,,,,,,\nStatement From : 01/11/2026 To : 23/11/2026,,,,,,\n,,,,,,\n")
	b.WriteString("Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n")
	b.WriteString("********,********,********,********,********,********,********\n")
	for i := 0; i < lines; i++ {
		day := 1 + i%22
		if i < len(refs) {
			fmt.Fprintf(&b, "%02d/11/26,NEFT CR-HDFC0000123-BUYER %d,%s,%02d/11/26,,%s,1.00\n", day, i, refs[i].Ref, day, refs[i].Final)
			continue
		}
		ref := fmt.Sprintf("8%05d%06d", run, i)
		fmt.Fprintf(&b, "%02d/11/26,UPI-SOMEONE-x@okicici-ICIC0000123-%s-PAY,%s,%02d/11/26,,250.00,1.00\n", day, ref, ref, day)
	}
	b.WriteString(",,,,,,\nSTATEMENT SUMMARY  :-,,,,,,\n")
	r.Bytes = b.Len()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", fmt.Sprintf("bench-%d.csv", run))
	_, _ = fw.Write(b.Bytes())
	_ = mw.Close()
	req, _ := http.NewRequest("POST", admURL+"/api/v1/admin/reconcile/import", &body)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	start := time.Now()
	resp, err := (&http.Client{Timeout: 5 * time.Minute}).Do(req)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	r.Seconds = time.Since(start).Seconds()
	if resp.StatusCode != 200 {
		r.Err = fmt.Sprintf("%d %.200s", resp.StatusCode, out)
		return r
	}
	var a struct {
		Data struct {
			Lines, Matched, NotFound int
		} `json:"data"`
	}
	if err := json.Unmarshal(out, &a); err != nil {
		r.Err = err.Error()
		return r
	}
	r.Lines, r.Matched, r.NotFound = a.Data.Lines, a.Data.Matched, a.Data.NotFound
	return r
}

func (r importResult) String() string {
	if r.Err != "" {
		return "failed: " + r.Err
	}
	return fmt.Sprintf("%d lines (%.1f MB) uploaded, parsed and matched in %.2f s (%.0f lines/s): %d matched, %d not found",
		r.Lines, float64(r.Bytes)/1e6, r.Seconds, float64(r.Lines)/r.Seconds, r.Matched, r.NotFound)
}

// importTarget is the report's line for the import (< 10 s, the reconciliation's target).
func importTarget() string {
	if imported.Lines == 0 && imported.Err == "" {
		return ""
	}
	return fmt.Sprintf("- Bank statement of 100,000 lines imported and matched through POST /api/v1/admin/reconcile/import in < 10 s: %s\n",
		verdict(imported.Err == "" && imported.Seconds < 10, imported.String()+"."))
}
