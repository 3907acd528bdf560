package media

import (
	"archive/zip"
	"bytes"
	"testing"

	"prelaunch/core/apperr"
	"prelaunch/core/fields"
)

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for n, b := range files {
		f, _ := w.Create(n)
		_, _ = f.Write(b)
	}
	_ = w.Close()
	return buf.Bytes()
}

func TestSniffDecidesByContent(t *testing.T) {
	ok := map[string][]byte{
		TypePNG:  []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
		TypeJPEG: {0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F'},
		TypeWEBP: []byte("RIFF\x24\x00\x00\x00WEBPVP8 "),
		TypePDF:  []byte("%PDF-1.7\n"),
		TypeDOC:  {0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0},
		TypeDOCX: zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<T/>"), "word/document.xml": []byte("<d/>")}),
	}
	for want, b := range ok {
		if got, err := Sniff(b); err != nil || got != want {
			t.Errorf("%s: got %q %v", want, got, err)
		}
	}
	bad := [][]byte{
		[]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"),
		[]byte("<html><body>x</body></html>"),
		[]byte("GIF89a......"),
		zipOf(t, map[string][]byte{"a.txt": []byte("x")}),
		zipOf(t, map[string][]byte{"word/document.xml": []byte("<d/>")}), // no content types part
		zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<T/>"), "word/document.xml": bytes.Repeat([]byte{'A'}, 30<<20)}),
	}
	for i, b := range bad {
		if _, err := Sniff(b); !apperr.Is(err, apperr.KindUnsupported) {
			t.Errorf("bad #%d: %v", i, err)
		}
	}
	if _, err := Sniff(nil); !apperr.Is(err, apperr.KindInvalid) {
		t.Errorf("empty: %v", err)
	}
	if _, err := Sniff(make([]byte, MaxSize+1)); !apperr.Is(err, apperr.KindTooLarge) {
		t.Errorf("large: %v", err)
	}
}

func TestCleanNameAndUUID(t *testing.T) {
	for in, want := range map[string]string{"../../etc/passwd": "passwd", `C:\x\y.pdf`: "y.pdf", "": "file", "a\"b\n.png": "ab.png"} {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q want %q", in, got, want)
		}
	}
	if !fields.UUID("3f2504e0-4f89-11d3-9a0c-0305e82c3301") || fields.UUID("3f2504e0-4f89-11d3-9a0c-0305e82c330") || fields.UUID("x") {
		t.Error("UUID")
	}
}
