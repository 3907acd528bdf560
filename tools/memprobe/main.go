// Command memprobe measures a real bff-admin process's peak memory (VmHWM, from /proc) under the
// attacks of issue 27's findings 3 and 4, each on a freshly started process:
//
//   - bodies: 8 connections each announce a 20 MB body to a JSON route, without a token, and
//     send it; the peak is read while they are held.
//
//   - junk: a workbook (about 250 KB) holding a 240 MB junk part, imported by the admin.
//
//   - strings: a workbook holding 38 MB of shared strings, imported by the admin.
//
//   - statement: not an attack, the largest real import: a 100,000-line CSV bank statement
//     (about 9 MB, HDFC's layout), imported and matched by the admin.
//
//     make -s build && go run ./tools/memprobe -bin bin/bff-admin      # or: make memprobe
//
// It uses a database of its own (prelaunch_memprobe, emptied and seeded) and Redis DB 12, and
// listens on 127.0.0.1:19381. Run it with another binary (-bin) to compare two builds.
package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"prelaunch/core/infra/config"
	"prelaunch/core/infra/platform"
	prt "prelaunch/core/runtime"
	"prelaunch/core/seed"
)

var (
	bin      = flag.String("bin", "bin/bff-admin", "the bff-admin binary to measure")
	dsn      = flag.String("db", "postgres://postgres@127.0.0.1:5432/prelaunch_memprobe?sslmode=disable", "database (emptied)")
	redisURL = flag.String("redis", "redis://127.0.0.1:6379/12", "Redis database")
	addr     = flag.String("addr", "127.0.0.1:19381", "where bff-admin listens")
	password = "Memprobe-Pass-2026"
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx := context.Background()
	if err := platform.EnsureDatabase(ctx, *dsn); err != nil {
		return err
	}
	cfg := config.Config{Env: config.EnvTest, DatabaseURL: *dsn, RedisURL: *redisURL,
		JWTSecret: "memprobe-secret-memprobe-secret-0001", JWTTTL: time.Hour, MailFrom: "probe@prelaunch.test",
		MailOutbox: os.DevNull, StorageURL: "file://" + os.TempDir(), BodyLimit: 6 << 20,
		TokenSymbol: config.DefaultTokenSymbol, SweepInterval: config.DefaultSweepInterval}
	d, err := prt.OpenWith(cfg, "memprobe")
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	fmt.Printf("bff-admin: %s\n\n| attack | at start (MB) | peak (MB) | answer |\n|---|---|---|---|\n", *bin)
	for _, sc := range []struct {
		name string
		run  func() string
	}{
		{"8 connections × 20 MB body, no token", bodies},
		{"workbook with a 240 MB junk part", func() string { return importFile("statement.xlsx", junkWorkbook()) }},
		{"workbook with 38 MB of shared strings", func() string { return importFile("statement.xlsx", stringsWorkbook()) }},
		{"CSV statement of 100,000 lines (not an attack)", func() string { return importFile("statement.csv", statement(100000)) }},
	} {
		if _, err := d.DB.ExecContext(ctx, `TRUNCATE companies, tokens, media, users, super_admins, otps, beneficiaries,
			purchases, referral_rewards, token_rounds, audit_log, reconcile_imports, reconcile_lines RESTART IDENTITY CASCADE`); err != nil {
			return err
		}
		if _, err := seed.Run(ctx, d.DB, password, nil); err != nil {
			return err
		}
		cmd, err := start()
		if err != nil {
			return err
		}
		startMB := hwm(cmd.Process.Pid)
		answer := sc.run()
		time.Sleep(500 * time.Millisecond)
		peak := hwm(cmd.Process.Pid)
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
		fmt.Printf("| %s | %d | %d | %s |\n", sc.name, startMB, peak, answer)
	}
	return nil
}

func start() (*exec.Cmd, error) {
	cmd := exec.Command(*bin)
	cmd.Env = append(os.Environ(), "APP_ENV=test", "DATABASE_URL="+*dsn, "REDIS_URL="+*redisURL, "ADMIN_ADDR="+*addr,
		"JWT_SECRET=memprobe-secret-memprobe-secret-0001", "MAIL_OUTBOX="+os.DevNull, "METRICS_ADDR=off",
		"STORAGE_URL=file://"+os.TempDir(), "ADMIN_DIST="+os.TempDir())
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	for i := 0; i < 600; i++ {
		if r, err := http.Get("http://" + *addr + "/healthz"); err == nil {
			_ = r.Body.Close()
			return cmd, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	return nil, fmt.Errorf("%s did not start", *bin)
}

// hwm is the process's peak resident memory (VmHWM), in MB.
func hwm(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			return kb / 1024
		}
	}
	return -1
}

// bodies holds 8 connections that each send a 20 MB body to a JSON route without a token.
func bodies() string {
	const n, size = 8, 20 << 20
	codes := make(chan string, n)
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	for i := 0; i < n; i++ {
		go func() {
			conn, err := net.Dial("tcp", *addr)
			if err != nil {
				codes <- "dial: " + err.Error()
				return
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(60 * time.Second))
			fmt.Fprintf(conn, "POST /api/v1/admin/auth/update HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", size)
			for sent := 0; sent < size; sent += len(chunk) {
				if _, err := conn.Write(chunk); err != nil {
					break // refused before the body: the server closed the connection
				}
			}
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				codes <- "closed"
				return
			}
			_ = resp.Body.Close()
			codes <- strconv.Itoa(resp.StatusCode)
		}()
	}
	seen := map[string]int{}
	for i := 0; i < n; i++ {
		seen[<-codes]++
	}
	return fmt.Sprint(seen)
}

func importFile(name string, data []byte) string {
	body, _ := json.Marshal(map[string]string{"email": "admin@demo.test", "password": password})
	r, err := http.Post("http://"+*addr+"/api/v1/company/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "login: " + err.Error()
	}
	var login struct {
		Data struct{ Token string } `json:"data"`
	}
	_ = json.NewDecoder(r.Body).Decode(&login)
	_ = r.Body.Close()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest("POST", "http://"+*addr+"/api/v1/admin/reconcile/import", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+login.Data.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	var env struct {
		Message any `json:"message"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&env)
	return fmt.Sprintf("%d %v (%d KB file)", resp.StatusCode, env.Message, len(data)>>10)
}

// statement is a CSV bank statement of n lines in HDFC's layout: 5 % debits, 5 % credits without a
// reference, the rest references no purchase has (the probe's company has none).
func statement(n int) []byte {
	var b bytes.Buffer
	b.WriteString("HDFC BANK Ltd.,,,,,,\nDate,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n")
	for i := 0; i < n; i++ {
		day := 1 + i%22
		switch i % 20 {
		case 0:
			fmt.Fprintf(&b, "%02d/11/26,POS 416021XXXXXX1234 SHOP %d,0000000000000000,%02d/11/26,99.00,,1.00\n", day, i, day)
		case 1:
			fmt.Fprintf(&b, "%02d/11/26,CASH DEPOSIT BY SELF %d,0000000000000000,%02d/11/26,,1000.00,1.00\n", day, i, day)
		default:
			fmt.Fprintf(&b, "%02d/11/26,UPI-SOMEONE-x@okicici-ICIC0000123-%d-PAY,%d,%02d/11/26,,250.00,1.00\n", day, 600000000000+i, 600000000000+i, day)
		}
	}
	return b.Bytes()
}

// workbook is a one-sheet statement with extra parts.
func workbook(extra func(w *zip.Writer)) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	put := func(name, s string) {
		f, _ := w.Create(name)
		_, _ = io.WriteString(f, s)
	}
	put("[Content_Types].xml", `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`+
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`+
		`<Default Extension="xml" ContentType="application/xml"/>`+
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`+
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`+
		`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`)
	put("_rels/.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	put("xl/workbook.xml", `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" `+
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`)
	put("xl/_rels/workbook.xml.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>`+
		`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`)
	put("xl/worksheets/sheet1.xml", `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+
		`<row r="1"><c r="A1" t="inlineStr"><is><t>Txn Date</t></is></c><c r="B1" t="inlineStr"><is><t>Narration</t></is></c><c r="C1" t="inlineStr"><is><t>Credit</t></is></c></row>`+
		`<row r="2"><c r="A2" t="inlineStr"><is><t>01/11/2026</t></is></c><c r="B2" t="s"><v>0</v></c><c r="C2"><v>1020</v></c></row>`+
		`</sheetData></worksheet>`)
	extra(w)
	_ = w.Close()
	return buf.Bytes()
}

func junkWorkbook() []byte {
	return workbook(func(w *zip.Writer) {
		put(w, "xl/sharedStrings.xml", func(f io.Writer) {
			_, _ = io.WriteString(f, `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>UPI/412345678901/x</t></si></sst>`)
		})
		put(w, "xl/media/junk.bin", func(f io.Writer) {
			chunk := bytes.Repeat([]byte{0}, 1<<20)
			for i := 0; i < 240; i++ {
				_, _ = f.Write(chunk)
			}
		})
	})
}

func stringsWorkbook() []byte {
	return workbook(func(w *zip.Writer) {
		put(w, "xl/sharedStrings.xml", func(f io.Writer) {
			bw := bufio.NewWriter(f)
			_, _ = bw.WriteString(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>UPI/412345678901/x</t></si>`)
			for n, i := 0, 0; n < 38<<20; i++ {
				k, _ := fmt.Fprintf(bw, "<si><t>narration %d UPI/4123%08d/payment</t></si>", i, i)
				n += k
			}
			_, _ = bw.WriteString(`</sst>`)
			_ = bw.Flush()
		})
	})
}

func put(w *zip.Writer, name string, write func(io.Writer)) {
	f, _ := w.Create(name)
	write(f)
}
