package main

import (
	"bytes"
	"mime/multipart"
	"net/http/httptest"
	"testing"
)

func (h *harness) upload(token string, data []byte) reply {
	h.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("medias", "r.png")
	_, _ = fw.Write(data)
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/superadmin/media/add", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return h.send(req)
}

func TestMediaUploadAndSignedLinkOnAdminServer(t *testing.T) {
	h := setup(t)
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0}, 64)...)
	h.want(h.upload("", png), 401)
	var out []struct{ ID, URL string }
	h.want(h.upload(h.adminA, png), 200).Into(t, &out)
	h.want(h.upload(h.super, png), 200)
	if len(out) != 1 || out[0].URL == "" {
		t.Fatalf("upload: %+v", out)
	}
	if r := h.call("GET", out[0].URL, "", nil); r.Code != 200 || !bytes.Equal(r.Data, png) {
		t.Fatalf("signed link: %d", r.Code)
	}
	h.want(h.call("GET", "/api/v1/media/file/"+out[0].ID+"?exp=1&sig=x", "", nil), 403)
}
