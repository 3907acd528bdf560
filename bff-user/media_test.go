package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestUploadSniffsTypesAndServesSignedLinks(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	h.want(h.upload("", "a.png", pngBytes), 401)

	docx := zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<Types/>"), "word/document.xml": []byte("<w:document/>")})
	ok := map[string]struct {
		data []byte
		ct   string
	}{
		"a.png": {pngBytes, "image/png"}, "b.jpg": {jpegBytes, "image/jpeg"}, "c.pdf": {pdfBytes, "application/pdf"},
		"d.doc":  {docBytes, "application/msword"},
		"e.docx": {docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		// The name lies; the content decides.
		"f.svg": {pngBytes, "image/png"},
	}
	for name, c := range ok {
		r := h.upload(tok, name, c.data)
		h.want(r, 200)
		var up []struct {
			ID, URL, ContentType, OriginalName string
			Size                               int
		}
		r.Into(t, &up)
		if len(up) != 1 || up[0].ContentType != c.ct || up[0].Size != len(c.data) || up[0].OriginalName != name || !strings.HasPrefix(up[0].URL, "/api/v1/media/file/"+up[0].ID+"?exp=") {
			t.Fatalf("%s: %+v", name, up)
		}
		f := h.call("GET", up[0].URL, "", nil)
		h.want(f, 200)
		if f.Header.Get("Content-Type") != c.ct || f.Header.Get("X-Content-Type-Options") != "nosniff" || !bytes.Equal(f.Data, c.data) {
			t.Fatalf("%s served as %v", name, f.Header)
		}
		// Only images inline, under the name's stem and the sniffed type's extension (issue 27,
		// finding 17: f.svg holding a PNG was served as f.svg; a PDF inline).
		disp := f.Header.Get("Content-Disposition")
		inline := strings.HasPrefix(c.ct, "image/")
		ext := map[string]string{"image/png": "png", "image/jpeg": "jpg", "application/pdf": "pdf", "application/msword": "doc",
			"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx"}[c.ct]
		if inline != strings.HasPrefix(disp, "inline") || !strings.HasSuffix(disp, "; filename="+name[:1]+"."+ext) {
			t.Fatalf("%s disposition %q", name, disp)
		}
		// Tampered or missing signatures are refused.
		h.want(h.call("GET", strings.Replace(up[0].URL, "sig=", "sig=0", 1), "", nil), 403)
		h.want(h.call("GET", "/api/v1/media/file/"+up[0].ID, "", nil), 403)
	}

	refused := map[string][]byte{
		"x.svg":  []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
		"x.html": []byte("<!DOCTYPE html><html><body>hi</body></html>"),
		"x.png":  []byte("<html><script>alert(1)</script></html>"),
		"x.txt":  []byte("just text"),
		"x.zip":  zipOf(t, map[string][]byte{"readme.txt": []byte("hello")}),
		"x.gif":  []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
	}
	for name, data := range refused {
		h.want(h.upload(tok, name, data), 415)
	}
	// A zip bomb shaped like a docx: huge declared sizes are refused without unpacking.
	bomb := zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<Types/>"), "word/document.xml": bytes.Repeat([]byte("A"), 30<<20)})
	h.want(h.upload(tok, "bomb.docx", bomb), 415)

	h.want(h.upload(tok, "empty.png", nil), 422)
	big := append(append([]byte{}, pngBytes...), bytes.Repeat([]byte{0}, 5<<20)...)
	h.want(h.upload(tok, "big.png", big), 413)
	// Not multipart.
	h.want(h.call("POST", "/api/v1/superadmin/media/add", tok, map[string]any{"medias": "x"}), 415)
}
