package media

import (
	"archive/zip"
	"bytes"
	"context"
	"testing"
	"time"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
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

// Issue 27, finding 17: a PNG uploaded as front.html was served "inline; filename=front.html" and
// a PDF (which can carry JavaScript) inline. The name is now the stem and the sniffed type's
// extension, and only images are inline — on the BFF's answer and on an S3 store's presigned link.
func TestServedNameAndDispositionComeFromTheContent(t *testing.T) {
	for _, c := range []struct{ name, ct, want string }{
		{"front.html", TypePNG, `inline; filename=front.png`},
		{"front.png", TypePNG, `inline; filename=front.png`},
		{"scan.pdf", TypePDF, `attachment; filename=scan.pdf`},
		{"invoice.pdf.exe", TypePDF, `attachment; filename=invoice.pdf`},
		{"cv.docx", TypeDOCX, `attachment; filename=cv.docx`},
		{"a b\"c;d.jpg", TypeJPEG, `inline; filename=a_b_c_d.jpg`},
		{"आधार.jpg", TypeJPEG, `inline; filename=file.jpg`},
		{".htaccess", TypeWEBP, `inline; filename=file.webp`},
		{"x.svg", "image/svg+xml", `inline; filename=x.bin`},
	} {
		if got := Disposition(&Media{OriginalName: c.name, ContentType: c.ct}); got != c.want {
			t.Errorf("Disposition(%q, %s) = %q, want %q", c.name, c.ct, got, c.want)
		}
	}
	blobs := &linkBlobs{}
	s := &Store{Blobs: blobs}
	if _, err := s.Link(context.Background(), &Media{StorageName: "k", OriginalName: "front.html", ContentType: TypePDF}); err != nil {
		t.Fatal(err)
	}
	if blobs.h.ContentDisposition != `attachment; filename=front.pdf` || blobs.h.ContentType != TypePDF {
		t.Errorf("presigned link headers %+v", blobs.h)
	}
}

// linkBlobs records the headers a link was asked for.
type linkBlobs struct {
	DirBlobs
	h LinkHeaders
}

func (b *linkBlobs) Link(_ context.Context, _ string, _ time.Duration, h LinkHeaders) (string, error) {
	b.h = h
	return "https://store.example/k", nil
}
