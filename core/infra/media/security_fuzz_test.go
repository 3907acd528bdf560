package media

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSniff: any bytes are one of the six allowed types or refused — never a panic, never SVG or
// HTML. Long run: go test -fuzz=FuzzSniff -fuzztime=60s ./core/infra/media/
func FuzzSniff(f *testing.F) {
	for _, b := range [][]byte{
		[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), {0xFF, 0xD8, 0xFF, 0xE0}, []byte("RIFF\x24\x00\x00\x00WEBPVP8 "),
		[]byte("%PDF-1.7\n"), {0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, []byte("<svg/>"), []byte("<html>"),
		[]byte("PK\x03\x04"), secZip(),
		{}, []byte("\xef\xbb\xbf<script>"),
	} {
		f.Add(b)
	}
	allowed := map[string]bool{TypeJPEG: true, TypePNG: true, TypeWEBP: true, TypePDF: true, TypeDOC: true, TypeDOCX: true}
	f.Fuzz(func(t *testing.T, b []byte) {
		ct, err := Sniff(b)
		if err != nil {
			return
		}
		if !allowed[ct] {
			t.Fatalf("accepted type %q", ct)
		}
		head := strings.ToLower(strings.TrimSpace(string(b[:min(len(b), 64)])))
		if strings.HasPrefix(head, "<svg") || strings.HasPrefix(head, "<html") || strings.HasPrefix(head, "<!doctype") {
			t.Fatalf("accepted markup as %s", ct)
		}
	})
}

// FuzzCleanName: a stored display name has no path, no control characters or quotes, is valid
// UTF-8 and at most 200 bytes.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"../../etc/passwd", `C:\a\b.pdf`, "a\r\nb.png", "\xff\xfe.png", "", ".", "/", strings.Repeat("é", 150)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := cleanName(s)
		if n == "" || len(n) > maxOriginalName || !utf8.ValidString(n) || strings.ContainsAny(n, "/\\\"\r\n\x00") || n == ".." {
			t.Fatalf("cleanName(%q) = %q", s, n)
		}
	})
}

func secZip() []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, n := range []string{"[Content_Types].xml", "word/document.xml"} {
		fw, _ := w.Create(n)
		_, _ = fw.Write([]byte("<x/>"))
	}
	_ = w.Close()
	return buf.Bytes()
}
