package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"prelaunch/core/infra/media"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
)

// An upload through bff-user lands in the S3 bucket (not on this server's disk), and its signed
// link leads to the store's presigned link, which a second copy of the server hands out too.
func TestUploadIsStoredInS3AndServedThroughPresignedRedirect(t *testing.T) {
	d := testkit.Deps(t, "bffuser", 4)
	cid := testkit.Seed(t, d, seedPW)
	s3 := testkit.S3(t)
	d.Blobs = s3.Blobs(t)
	h := &harness{t: t, d: d, app: newServer(d), companyID: cid}
	tok := h.buyerToken()

	r := h.upload(tok, "receipt.png", pngBytes)
	h.want(r, 200)
	var up []struct{ ID, URL string }
	r.Into(t, &up)
	if len(up) != 1 {
		t.Fatalf("upload: %+v", up)
	}
	var m media.Media
	if err := d.DB.NewSelect().Model(&m).Where("id = ?", up[0].ID).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(s3.Dir, s3.Bucket, m.StorageName)); err != nil || !bytes.Equal(b, pngBytes) {
		t.Fatalf("object %s in the bucket: %v", m.StorageName, err)
	}

	follow := func(app *harness) {
		t.Helper()
		f := app.call("GET", up[0].URL, "", nil)
		h.want(f, 302)
		loc := f.Header.Get("Location")
		if !strings.HasPrefix(loc, s3.Endpoint+"/"+s3.Bucket+"/"+m.StorageName+"?") || !strings.Contains(loc, "X-Amz-Expires=600") ||
			f.Header.Get("Cache-Control") != "private, max-age=300" {
			t.Fatalf("redirect %d to %q (%v)", f.Code, loc, f.Header)
		}
		resp, err := http.Get(loc)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != 200 || !bytes.Equal(body, pngBytes) || resp.Header.Get("Content-Type") != "image/png" ||
			resp.Header.Get("Content-Disposition") != `inline; filename=receipt.png` {
			t.Fatalf("presigned link: %d %v", resp.StatusCode, resp.Header)
		}
	}
	follow(h)
	// Another copy of the server, with its own connections, serves the same link from the store.
	d2, err := runtime.OpenWith(d.Cfg, "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d2.Close)
	d2.Blobs = s3.Blobs(t)
	follow(&harness{t: t, d: d2, app: newServer(d2), companyID: cid})

	// The signed link still guards the file; an unknown file with a good signature is 404.
	h.want(h.call("GET", strings.Replace(up[0].URL, "sig=", "sig=0", 1), "", nil), 403)
	h.want(h.call("GET", d.Media.URL("00000000-0000-4000-8000-000000000000", media.LinkTTL), "", nil), 404)
	// The pages may show images from the store's origin (the avatar and receipt <img>).
	page := h.call("GET", "/api/v1/user/site/get", "", nil)
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob: "+s3.Endpoint+";") {
		t.Fatalf("CSP %q does not allow the store's images", csp)
	}
}
