package main

import (
	"bufio"
	"bytes"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
)

// statement posts one file in the multipart field "file" to reconcile/import.
func (h *harness) statement(token, name string, data []byte) reply {
	h.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/admin/reconcile/import", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return h.send(req)
}

type importSummary struct {
	ID                                                         string
	FileName                                                   string
	Lines, Credits, Matched, AmountMismatch, Decided, NotFound int
	NoUtr, Repeated, ToApprove                                 int
}

func TestReconcileOverHTTP(t *testing.T) {
	h := setup(t)
	// The SBI fixture's credits: 412345678901 ₹1,530.00, HDFCN52026110512 ₹1,02,000.50,
	// 412345678902 ₹2,040.00. The demo purchases are ₹10 a token + 2%: 150 tokens = ₹1,530.
	b1 := h.newBuyer(h.cidA, "Ravi Kumar", "ravi@a.test", nil)
	p1 := h.pending(h.cidA, b1, 150, "UPI", "412345678901", nil)
	p2 := h.pending(h.cidA, b1, 100, "UPI", "412345678902", nil) // ₹1,020: the statement says ₹2,040
	bB := h.newBuyer(h.cidB, "Beta Buyer", "beta@b.test", nil)
	h.pending(h.cidB, bB, 200, "UPI", "HDFCN52026110512", nil) // company B's: never A's match

	sbi, err := os.ReadFile("../core/reconcile/testdata/sbi.csv")
	if err != nil {
		t.Fatal(err)
	}
	// Who may import: an admin only.
	h.want(h.statement("", "sbi.csv", sbi), 401)
	h.want(h.statement(h.buyer, "sbi.csv", sbi), 403)
	h.want(h.statement(h.super, "sbi.csv", sbi), 403)

	var sum importSummary
	h.want(h.statement(h.adminA, "sbi.csv", sbi), 200).Into(t, &sum)
	if sum.FileName != "sbi.csv" || sum.Lines != 5 || sum.Credits != 3 || sum.Matched != 1 || sum.AmountMismatch != 1 ||
		sum.NotFound != 1 || sum.ToApprove != 1 {
		t.Fatalf("summary %+v", sum)
	}
	// The same file again, under another name: 409 naming the earlier import; nothing stored.
	r := h.want(h.statement(h.adminA, "again.csv", sbi), 409)
	if !strings.Contains(r.Msg(), "sbi.csv") {
		t.Errorf("409 names %q", r.Msg())
	}
	if n := h.num("SELECT count(*) FROM reconcile_imports"); n != 1 {
		t.Errorf("%d imports", n)
	}

	// list and get, and another company's admin sees none of it.
	var list struct {
		Records []importSummary
		Total   int
	}
	h.want(h.call("GET", "/api/v1/admin/reconcile/list?page=1&limit=10", h.adminA, nil), 200).Into(t, &list)
	if list.Total != 1 || list.Records[0].ID != sum.ID {
		t.Fatalf("list %+v", list)
	}
	h.want(h.call("GET", "/api/v1/admin/reconcile/list", h.adminB, nil), 200).Into(t, &list)
	if list.Total != 0 {
		t.Fatalf("admin B lists %d", list.Total)
	}
	h.want(h.call("GET", "/api/v1/admin/reconcile/list?limit=0", h.adminA, nil), 422)
	var got struct {
		Import importSummary
		Lines  struct {
			Records []struct {
				LineNo      int
				UTR         *string `json:"utr"`
				MatchStatus string
				Note        string
				Purchase    *struct {
					ID, OrderNumber, Status string
					User                    struct{ Name, ReferralCode string }
				}
			}
			Total int
		}
	}
	h.want(h.call("GET", "/api/v1/admin/reconcile/get?id="+sum.ID, h.adminA, nil), 200).Into(t, &got)
	if got.Lines.Total != 3 || len(got.Lines.Records) != 3 {
		t.Fatalf("get %+v", got)
	}
	first := got.Lines.Records[0]
	if first.MatchStatus != "MATCHED" || first.Purchase == nil || first.Purchase.ID != p1 || first.Purchase.User.Name != "Ravi Kumar" {
		t.Errorf("first line %+v", first)
	}
	h.want(h.call("GET", "/api/v1/admin/reconcile/get?status=AMOUNT_MISMATCH&id="+sum.ID, h.adminA, nil), 200).Into(t, &got)
	if got.Lines.Total != 1 || got.Lines.Records[0].Purchase.ID != p2 || !strings.Contains(got.Lines.Records[0].Note, "₹1,020.00") {
		t.Errorf("mismatch %+v", got.Lines)
	}
	h.want(h.call("GET", "/api/v1/admin/reconcile/get?status=nope&id="+sum.ID, h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/reconcile/get", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/reconcile/get?id="+sum.ID, h.adminB, nil), 404)
	h.want(h.call("GET", "/api/v1/admin/reconcile/get?id=x", h.adminA, nil), 404)
	h.want(h.call("GET", "/api/v1/admin/reconcile/get?id="+sum.ID, h.buyer, nil), 403)

	// approve: admin B cannot; admin A approves the one match, once.
	h.want(h.call("POST", "/api/v1/admin/reconcile/approve", h.adminB, map[string]any{"id": sum.ID}), 404)
	h.want(h.call("POST", "/api/v1/admin/reconcile/approve", "", map[string]any{"id": sum.ID}), 401)
	h.want(h.call("POST", "/api/v1/admin/reconcile/approve", h.adminA, map[string]any{}), 422)
	var res struct{ Approved, Skipped int }
	h.want(h.call("POST", "/api/v1/admin/reconcile/approve", h.adminA, map[string]any{"id": sum.ID}), 200).Into(t, &res)
	if res.Approved != 1 || res.Skipped != 0 {
		t.Fatalf("approve %+v", res)
	}
	h.want(h.call("POST", "/api/v1/admin/reconcile/approve", h.adminA, map[string]any{"id": sum.ID}), 200).Into(t, &res)
	if res.Approved != 0 || res.Skipped != 1 {
		t.Fatalf("approve again %+v", res)
	}
	if n := h.num("SELECT count(*) FROM purchases WHERE status = 'APPROVED'"); n != 1 {
		t.Errorf("%d approved", n)
	}
	// The manual approval of the same purchase now is the usual 409.
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p1}), 409)
	if n := len(h.mails("ravi@a.test")); n != 1 {
		t.Errorf("%d decision mails", n)
	}
}

func TestReconcileBadFilesOverHTTP(t *testing.T) {
	h := setup(t)
	bomb, err := os.ReadFile("../core/reconcile/testdata/bomb.xlsx") // inflates to 300 MB
	if err != nil {
		t.Fatal(err)
	}
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 200)...)
	cases := []struct {
		name string
		data []byte
		want int
	}{
		{"photo.png", png, 415},
		{"statement.csv", png, 415}, // the name does not make it a statement
		{"empty.csv", nil, 422},
		{"noheader.csv", []byte("name,city\nRavi,Pune\n"), 422},
		{"bomb.xlsx", bomb, 413},
	}
	for _, c := range cases {
		r := h.want(h.statement(h.adminA, c.name, c.data), c.want)
		if r.Msg() == "" {
			t.Errorf("%s: no message", c.name)
		}
	}
	// Over 20 MB but under the route's body limit: the statement's own message.
	r := h.want(h.statement(h.adminA, "20.5mb.csv", bytes.Repeat([]byte("x"), 20<<20+512<<10)), 413)
	if r.Msg() != "The statement is larger than 20 MB." {
		t.Errorf("message %q", r.Msg())
	}
	// Not multipart, or no file field.
	h.want(h.call("POST", "/api/v1/admin/reconcile/import", h.adminA, map[string]any{"file": "x"}), 415)
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("other", "x")
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/admin/reconcile/import", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+h.adminA)
	h.want(h.send(req), 422)
	if n := h.num("SELECT count(*) FROM reconcile_imports") + h.num("SELECT count(*) FROM reconcile_lines"); n != 0 {
		t.Errorf("%d rows stored", n)
	}
	// A 25 MB statement is refused before it is read whole (the route's body limit, 21 MiB),
	// as a JSON 413; through a real listener, as app.Test gives up on such bodies itself.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = h.app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer func() { _ = h.app.Shutdown() }()
	buf.Reset()
	w = multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", "big.csv")
	_, _ = fw.Write(bytes.Repeat([]byte("01/11/2026,UPI/412345678901/x,10.00\n"), 25<<20/36))
	_ = w.Close()
	hreq, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/api/v1/admin/reconcile/import", &buf)
	hreq.Header.Set("Content-Type", w.FormDataContentType())
	hreq.Header.Set("Authorization", "Bearer "+h.adminA)
	// The server answers as soon as it sees the length and closes: read the answer while the
	// body is still being written.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	go func() { _ = hreq.Write(conn) }()
	resp, err := http.ReadResponse(bufio.NewReader(conn), hreq)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != 413 || !strings.Contains(string(body), `"status":false`) {
		t.Errorf("25 MB: %d %s", resp.StatusCode, body)
	}
	if n := h.num("SELECT count(*) FROM reconcile_imports") + h.num("SELECT count(*) FROM reconcile_lines"); n != 0 {
		t.Errorf("%d rows stored", n)
	}
	// Every other route keeps BODY_LIMIT (6 MiB).
	big := strings.Repeat("x", 7<<20)
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": big}), 413)
}
