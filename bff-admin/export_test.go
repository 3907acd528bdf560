package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/export"
	"prelaunch/core/infra/httpx"
)

// csvReply checks an export's answer (type, file name, BOM, CRLF lines) and parses it.
func (h *harness) csvReply(r reply, kind string) [][]string {
	h.t.Helper()
	if r.Code != 200 {
		h.t.Fatalf("export %s: %d %s", kind, r.Code, r.Data)
	}
	if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		h.t.Fatalf("Content-Type %q", ct)
	}
	today := time.Now().In(export.IST).Format("2006-01-02")
	if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="`+kind+"-"+today+`.csv"` {
		h.t.Fatalf("Content-Disposition %q", cd)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		h.t.Fatalf("Cache-Control %q", cc)
	}
	body := []byte(r.Data)
	if !bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) {
		h.t.Fatalf("no UTF-8 BOM: %q", body[:min(len(body), 20)])
	}
	body = body[3:]
	// RFC 4180: every line ends in CRLF (a bare LF only inside a quoted cell).
	if !bytes.HasSuffix(body, []byte("\r\n")) || bytes.Count(body, []byte("\r\n")) < 1 {
		h.t.Fatalf("lines do not end in CRLF: %q", body)
	}
	rd := csv.NewReader(bytes.NewReader(body))
	rd.FieldsPerRecord = 0
	recs, err := rd.ReadAll()
	if err != nil {
		h.t.Fatalf("not RFC 4180 CSV: %v\n%s", err, body)
	}
	return recs
}

func (h *harness) export(path, token string) reply {
	h.t.Helper()
	return h.call("GET", path, token, nil)
}

// at sets a purchase's created_at (and decided_at when given) to fixed instants.
func (h *harness) at(id string, created time.Time, decided *time.Time, status string) {
	h.t.Helper()
	h.exec("UPDATE purchases SET created_at = ?, decided_at = ?, status = ? WHERE id = ?", created, decided, status, id)
}

func byCol(header, row []string) map[string]string {
	m := map[string]string{}
	for i, k := range header {
		m[k] = row[i]
	}
	return m
}

func TestExportPurchasesColumnsNeutralisingAndIsolation(t *testing.T) {
	h := setup(t)
	names := []string{"=cmd|' /C calc'!A0", "+1", "-1", "@x", "\tTabbed", "\rReturn", `Rao, "K"`, "Plain Name"}
	utc := time.UTC
	for i, n := range names {
		u := h.newBuyer(h.cidA, n, fmt.Sprintf("exp%d@a.test", i), nil)
		id := h.pending(h.cidA, u, int64(10+i), "UPI", fmt.Sprintf("=UTR%03d", i), nil)
		// Created i hours after 2026-01-10 00:00 UTC (05:30 IST); the first approved, the second rejected.
		created := time.Date(2026, 1, 10, i, 0, 0, 0, utc)
		switch i {
		case 0:
			d := created.Add(90 * time.Minute)
			h.at(id, created, &d, "APPROVED")
		case 1:
			d := created.Add(30 * time.Minute)
			h.at(id, created, &d, "REJECTED")
		default:
			h.at(id, created, nil, "PENDING")
		}
	}
	// Company B's purchase, and an INITIATED order of A (never reviewed): in no admin A export.
	ub := h.newBuyer(h.cidB, "Beta Buyer", "beta-buyer@b.test", nil)
	h.pending(h.cidB, ub, 5, "BANK", "UTR-BETA", nil)
	ui := h.newBuyer(h.cidA, "Init Buyer", "init@a.test", nil)
	h.exec("UPDATE purchases SET status = 'INITIATED' WHERE id = ?", h.pending(h.cidA, ui, 3, "UPI", "UTR-INIT", nil))

	recs := h.csvReply(h.export("/api/v1/admin/export/purchases.csv", h.adminA), "purchases")
	want := []string{"Order Number", "Created", "Buyer Name", "Email", "Mobile", "Member ID", "Method", "UTR", "Amount",
		"Fee", "Final Amount", "Price", "Tokens", "Status", "Decided At"}
	if strings.Join(recs[0], "|") != strings.Join(want, "|") {
		t.Fatalf("header %q", recs[0])
	}
	if len(recs) != 1+len(names) {
		t.Fatalf("%d rows, want %d (company B's and INITIATED rows excluded): %q", len(recs)-1, len(names), recs)
	}
	// Newest first: the last name inserted (created latest) comes first.
	wantNames := []string{"Plain Name", `Rao, "K"`, "'\rReturn", "'\tTabbed", "'@x", "'-1", "'+1", "'=cmd|' /C calc'!A0"}
	for i, r := range recs[1:] {
		m := byCol(recs[0], r)
		if m["Buyer Name"] != wantNames[i] {
			t.Errorf("row %d name %q, want %q", i, m["Buyer Name"], wantNames[i])
		}
		if !strings.HasPrefix(m["UTR"], "'=UTR") {
			t.Errorf("row %d UTR %q not neutralised", i, m["UTR"])
		}
		if strings.Contains(r[0], "BETA") || m["Email"] == "beta-buyer@b.test" {
			t.Fatalf("company B's row in A's export: %q", r)
		}
	}
	first := byCol(recs[0], recs[len(recs)-1]) // names[0]: created 2026-01-10 00:00 UTC, approved 90 min later
	if first["Created"] != "2026-01-10T05:30:00+05:30" || first["Decided At"] != "2026-01-10T07:00:00+05:30" {
		t.Fatalf("times not ISO 8601 IST: %q %q", first["Created"], first["Decided At"])
	}
	// 10 tokens at 10.00 = 100.00, 2 % fee.
	if first["Amount"] != "100.00" || first["Fee"] != "2.00" || first["Final Amount"] != "102.00" || first["Price"] != "10.00" ||
		first["Tokens"] != "10" || first["Status"] != "APPROVED" || first["Method"] != "UPI" || first["Email"] != "exp0@a.test" {
		t.Fatalf("figures %q", first)
	}
	if !regexp.MustCompile(`^PL-BA\d{6}$`).MatchString(first["Member ID"]) || !regexp.MustCompile(`^98\d{8}$`).MatchString(first["Mobile"]) {
		t.Fatalf("member id / mobile %q %q", first["Member ID"], first["Mobile"])
	}
	pending := byCol(recs[0], recs[1])
	if pending["Decided At"] != "" || pending["Status"] != "PENDING" {
		t.Fatalf("a pending row: %q", pending)
	}
	// The raw bytes: a cell with a CR or a quote is quoted, quotes doubled.
	raw := string(h.export("/api/v1/admin/export/purchases.csv", h.adminA).Data)
	if !strings.Contains(raw, `,"Rao, ""K""",`) || !strings.Contains(raw, "\"'\rReturn\"") {
		t.Fatalf("quoting: %q", raw)
	}

	// Admin B sees only B's purchase.
	recsB := h.csvReply(h.export("/api/v1/admin/export/purchases.csv", h.adminB), "purchases")
	if len(recsB) != 2 || byCol(recsB[0], recsB[1])["Email"] != "beta-buyer@b.test" {
		t.Fatalf("admin B's export: %q", recsB)
	}

	// The super admin: everything reviewable, Company first; one company with companyId.
	all := h.csvReply(h.export("/api/v1/superadmin/export/purchases.csv", h.super), "all-purchases")
	if all[0][0] != "Company" || strings.Join(all[0][1:], "|") != strings.Join(want, "|") || len(all) != 1+len(names)+1 {
		t.Fatalf("super admin export: %d rows, header %q", len(all)-1, all[0])
	}
	onlyB := h.csvReply(h.export("/api/v1/superadmin/export/purchases.csv?companyId="+h.cidB, h.super), "all-purchases")
	if len(onlyB) != 2 || onlyB[1][0] != "Beta Ltd" {
		t.Fatalf("super admin, company B: %q", onlyB)
	}
	approved := h.csvReply(h.export("/api/v1/superadmin/export/purchases.csv?status=approved&companyId="+h.cidA, h.super), "all-purchases")
	if len(approved) != 2 || byCol(approved[0], approved[1])["Status"] != "APPROVED" {
		t.Fatalf("super admin, approved of A: %q", approved)
	}
}

func TestExportPurchaseFilters(t *testing.T) {
	h := setup(t)
	u := h.newBuyer(h.cidA, "Filter Buyer", "filter@a.test", nil)
	// IST day boundaries: 2026-01-10 23:59:59 IST is 18:29:59 UTC; 2026-01-11 00:00 IST is 18:30 UTC.
	lateJan10 := h.pending(h.cidA, u, 10, "UPI", "UTR-F1", nil)
	h.at(lateJan10, time.Date(2026, 1, 10, 18, 29, 59, 0, time.UTC), nil, "PENDING")
	earlyJan11 := h.pending(h.cidA, u, 10, "UPI", "UTR-F2", nil)
	h.at(earlyJan11, time.Date(2026, 1, 10, 18, 30, 0, 0, time.UTC), nil, "PENDING")
	lateJan11 := h.pending(h.cidA, u, 10, "UPI", "UTR-F3", nil)
	d := time.Date(2026, 1, 12, 1, 0, 0, 0, time.UTC)
	h.at(lateJan11, time.Date(2026, 1, 11, 18, 29, 59, 0, time.UTC), &d, "APPROVED")
	jan12 := h.pending(h.cidA, u, 10, "UPI", "UTR-F4", nil)
	h.at(jan12, time.Date(2026, 1, 11, 18, 30, 0, 0, time.UTC), &d, "REJECTED")

	utrs := func(q string) string {
		t.Helper()
		recs := h.csvReply(h.export("/api/v1/admin/export/purchases.csv"+q, h.adminA), "purchases")
		var out []string
		for _, r := range recs[1:] {
			out = append(out, byCol(recs[0], r)["UTR"])
		}
		return strings.Join(out, ",")
	}
	cases := map[string]string{
		"":                                 "UTR-F4,UTR-F3,UTR-F2,UTR-F1",
		"?from=2026-01-11&to=2026-01-11":   "UTR-F3,UTR-F2",
		"?from=2026-01-11":                 "UTR-F4,UTR-F3,UTR-F2",
		"?to=2026-01-10":                   "UTR-F1",
		"?status=PENDING":                  "UTR-F2,UTR-F1",
		"?status=approved&from=2026-01-11": "UTR-F3",
		"?status=REJECTED&to=2026-01-11":   "",
		"?status=&from=&to=":               "UTR-F4,UTR-F3,UTR-F2,UTR-F1",
		"?from=2026-01-12&to=2026-01-12":   "UTR-F4",
		"?from=2027-01-01":                 "",
	}
	for q, want := range cases {
		if got := utrs(q); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}

	bad := map[string]string{
		"?status=INITIATED":              "status must be PENDING, APPROVED, REJECTED or REFUNDED.",
		"?status=nope":                   "status must be PENDING, APPROVED, REJECTED or REFUNDED.",
		"?from=2026-13-01":               "from must be a date as yyyy-mm-dd.",
		"?from=11/01/2026":               "from must be a date as yyyy-mm-dd.",
		"?to=2026-1-5":                   "to must be a date as yyyy-mm-dd.",
		"?to=2026-02-30":                 "to must be a date as yyyy-mm-dd.",
		"?from=2026-01-12&to=2026-01-11": "from must not be after to.",
		"?from=x&to=y":                   `["from must be a date as yyyy-mm-dd.","to must be a date as yyyy-mm-dd."]`,
	}
	for q, msg := range bad {
		for _, path := range []string{"/api/v1/admin/export/purchases.csv", "/api/v1/superadmin/export/purchases.csv"} {
			tok := h.adminA
			if strings.Contains(path, "superadmin") {
				tok = h.super
			}
			if r := h.want(h.export(path+q, tok), 422); r.Msg() != msg {
				t.Errorf("%s%s: %q, want %q", path, q, r.Msg(), msg)
			}
		}
	}
	if r := h.want(h.export("/api/v1/superadmin/export/purchases.csv?companyId=not-an-id", h.super), 422); r.Msg() != "companyId is not a valid id." {
		t.Errorf("companyId: %q", r.Msg())
	}
	if r := h.want(h.export("/api/v1/admin/export/users.csv?isApproved=maybe", h.adminA), 422); r.Msg() != "isApproved must be true or false." {
		t.Errorf("isApproved: %q", r.Msg())
	}
}

func TestExportUsers(t *testing.T) {
	h := setup(t)
	ref := h.newBuyer(h.cidA, "@Referrer", "ref@a.test", nil)
	var refCode string
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT referral_code FROM users WHERE id = ?", ref).Scan(&refCode); err != nil {
		t.Fatal(err)
	}
	child := h.newBuyer(h.cidA, "-Child", "child@a.test", &ref)
	h.exec("UPDATE users SET is_approved = true, stock_balance = 1234, created_at = '2026-02-01T20:00:00Z' WHERE id = ?", child)
	gone := h.newBuyer(h.cidA, "Gone", "gone@a.test", nil)
	h.exec("UPDATE users SET deleted_at = now() WHERE id = ?", gone)
	h.newBuyer(h.cidB, "Beta Person", "beta-person@b.test", nil)

	recs := h.csvReply(h.export("/api/v1/admin/export/users.csv", h.adminA), "users")
	want := "Name|Email|Mobile|Member ID|Referred By|Status|Verified|Stock Balance|Created"
	if strings.Join(recs[0], "|") != want {
		t.Fatalf("header %q", recs[0])
	}
	var live int64 = h.num("SELECT count(*) FROM users WHERE company_id = ? AND deleted_at IS NULL", h.cidA)
	if int64(len(recs)-1) != live {
		t.Fatalf("%d rows, want the %d live users of A", len(recs)-1, live)
	}
	rows := map[string]map[string]string{}
	for _, r := range recs[1:] {
		m := byCol(recs[0], r)
		rows[m["Email"]] = m
	}
	if _, ok := rows["gone@a.test"]; ok {
		t.Fatal("a deleted user is exported")
	}
	if _, ok := rows["beta-person@b.test"]; ok {
		t.Fatal("company B's user in A's export")
	}
	c := rows["child@a.test"]
	if c["Name"] != "'-Child" || c["Referred By"] != refCode || c["Verified"] != "Yes" || c["Stock Balance"] != "1234" ||
		c["Status"] != "ACTIVE" || c["Created"] != "2026-02-02T01:30:00+05:30" {
		t.Fatalf("child row %q", c)
	}
	if r := rows["ref@a.test"]; r["Name"] != "'@Referrer" || r["Referred By"] != "" || r["Verified"] != "No" {
		t.Fatalf("referrer row %q", r)
	}

	approved := h.csvReply(h.export("/api/v1/admin/export/users.csv?isApproved=true", h.adminA), "users")
	waiting := h.csvReply(h.export("/api/v1/admin/export/users.csv?isApproved=FALSE", h.adminA), "users")
	if len(approved)-1+len(waiting)-1 != int(live) {
		t.Fatalf("approved %d + waiting %d != %d", len(approved)-1, len(waiting)-1, live)
	}
	for _, r := range approved[1:] {
		if byCol(approved[0], r)["Verified"] != "Yes" {
			t.Fatalf("isApproved=true exports %q", r)
		}
	}
	for _, r := range waiting[1:] {
		if byCol(waiting[0], r)["Verified"] != "No" {
			t.Fatalf("isApproved=false exports %q", r)
		}
	}
	recsB := h.csvReply(h.export("/api/v1/admin/export/users.csv", h.adminB), "users")
	for _, r := range recsB[1:] {
		if strings.HasSuffix(byCol(recsB[0], r)["Email"], "@a.test") || byCol(recsB[0], r)["Email"] == "admin@demo.test" {
			t.Fatalf("admin B sees A's user %q", r)
		}
	}
}

func TestExportCallers(t *testing.T) {
	h := setup(t)
	forged := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.bad"
	adminPaths := []string{"/api/v1/admin/export/purchases.csv", "/api/v1/admin/export/users.csv"}
	superPath := "/api/v1/superadmin/export/purchases.csv"
	for _, p := range append(adminPaths, superPath) {
		h.want(h.export(p, ""), 401)
		h.want(h.export(p, forged), 401)
		h.want(h.export(p, h.buyer), 403)
	}
	for _, p := range adminPaths {
		h.want(h.export(p, h.super), 403)
		h.csvReply(h.export(p, "raw:"+h.adminA), strings.TrimSuffix(p[strings.LastIndex(p, "/")+1:], ".csv"))
	}
	h.want(h.export(superPath, h.adminA), 403)
	h.want(h.export(superPath, h.adminB), 403)
}

// TestExportStreamsALargeFile exports 200,000 purchases through a real listener, reading the
// answer as it comes, and checks that the process's live heap never grows by anything like the
// file's size: the rows are streamed, not gathered.
func TestExportStreamsALargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("large export")
	}
	h := setup(t)
	const n = 200_000
	u := h.newBuyer(h.cidA, "Bulk Buyer", "bulk@a.test", nil)
	// Without the purchases triggers (the stats and counts they keep are not what this test reads):
	// with them 200k rows take minutes on a busy machine.
	ctx := context.Background()
	tx, err := h.d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "SET LOCAL session_replication_role = replica"); err != nil {
		t.Fatal(err)
	}
	// 20,000 rows a statement: each stays well inside the driver's 15 s read timeout on a busy machine.
	for lo := 1; lo <= n; lo += 20_000 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, status, payment_method,
		amount, entered_amount, price, quantity, platform_charge_percent, fee, final_amount, reference_number, expires_at, submitted_at,
		decided_at, created_at)
		SELECT ?, ?, 'PUR-BULK' || g, 'TXN-BULK' || g, 'APPROVED', 'UPI', 1000.00, 1000.00, 10, 100, 2, 20.00, 1020.00,
			'UTRBULK' || lpad(g::text, 9, '0'), now(), now(), now(), now() - g * interval '1 second'
		FROM generate_series(?::int, ?::int) AS g`, h.cidA, u, lo, lo+19_999); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	h.exec("ANALYZE purchases")

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = h.app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = h.app.Shutdown() })

	req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/v1/admin/export/purchases.csv", nil)
	req.Header.Set("Authorization", "Bearer "+h.adminA)
	live := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	base := live()
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	br := bufio.NewReaderSize(resp.Body, 64<<10)
	lines, bytesRead, peak := 0, 0, uint64(0)
	for {
		line, err := br.ReadSlice('\n')
		bytesRead += len(line)
		if len(line) > 0 {
			lines++
			if lines%25_000 == 0 {
				if m := live(); m > peak {
					peak = m
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d lines: %v", lines, err)
		}
	}
	took := time.Since(start)
	if lines != n+1 {
		t.Fatalf("%d lines, want %d rows and the header", lines, n)
	}
	growth := int64(peak) - int64(base)
	t.Logf("%d rows, %.1f MB in %v (%.0f rows/s); live heap %.1f MB at start, peak %.1f MB while exporting",
		n, float64(bytesRead)/1e6, took.Round(time.Millisecond), float64(n)/took.Seconds(), float64(base)/1e6, float64(peak)/1e6)
	// The file is ~30 MB; held whole (or its rows as Go values) the live heap would grow by more.
	if growth > 8<<20 || bytesRead < 20<<20 {
		t.Fatalf("live heap grew by %.1f MB while streaming %.1f MB", float64(growth)/1e6, float64(bytesRead)/1e6)
	}
}

// A stream whose source fails midway cuts the connection: the client sees a broken transfer,
// never a short file that looks whole.
func TestStreamFailureCutsTheConnection(t *testing.T) {
	app := fiber.New()
	log := slog.New(slog.DiscardHandler)
	app.Get("/f", func(c fiber.Ctx) error {
		return httpx.StreamFile(c, log, "text/csv; charset=utf-8", "x-2026-01-01.csv", &failing{})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	resp, err := http.Get("http://" + ln.Addr().String() + "/f")
	if err != nil {
		return // cut before the headers went out: no file at all
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil {
		t.Fatalf("a failed stream ended cleanly after %d bytes: %q", len(b), b)
	}
}

type failing struct{ closed bool }

func (f *failing) Stream(w *bufio.Writer) (int, error) {
	_, _ = w.WriteString("a,b\r\n")
	_ = w.Flush()
	return 1, io.ErrUnexpectedEOF
}

func (f *failing) Close() error { f.closed = true; return nil }
