package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"prelaunch/core/infra/media"
	"prelaunch/core/infra/testkit"
)

// A buyer's receipt kept in the S3 store reaches the admin's review list as a signed link that
// leads to the store's presigned link.
func TestReceiptInS3ReachesTheAdminThroughPresignedRedirect(t *testing.T) {
	h := setup(t)
	s3 := testkit.S3(t)
	h.d.Blobs = s3.Blobs(t)
	h.app = newServer(h.d)
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)
	up, err := h.d.Build().Media.Save(context.Background(), media.Owner{Kind: "user", ID: h.buyerID, CompanyID: h.cidA},
		[]media.File{{Name: "utr proof.png", Data: png}})
	if err != nil {
		t.Fatal(err)
	}
	pid := h.pending(h.cidA, h.buyerID, 10, "UPI", "UTR-S3-1", &up[0].ID)

	var l struct {
		Records []struct {
			ID      string
			Receipt *struct{ ID, URL string }
		}
	}
	h.want(h.call("GET", "/api/v1/admin/transaction/list?status=PENDING", h.adminA, nil), 200).Into(t, &l)
	if len(l.Records) != 1 || l.Records[0].ID != pid || l.Records[0].Receipt == nil {
		t.Fatalf("review list: %+v", l)
	}
	r := h.call("GET", l.Records[0].Receipt.URL, "", nil)
	loc := r.Header.Get("Location")
	if r.Code != 302 || !strings.HasPrefix(loc, s3.Endpoint+"/"+s3.Bucket+"/") {
		t.Fatalf("%d redirect to %q", r.Code, loc)
	}
	resp, err := http.Get(loc)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(body, png) || resp.Header.Get("Content-Disposition") != `inline; filename=utr_proof.png` {
		t.Fatalf("presigned receipt: %d %v", resp.StatusCode, resp.Header)
	}
	// Uploads on the admin server go to the store too.
	var out []struct{ ID, URL string }
	h.want(h.upload(h.adminA, png), 200).Into(t, &out)
	if r := h.call("GET", out[0].URL, "", nil); r.Code != 302 {
		t.Fatalf("admin upload's link: %d", r.Code)
	}
}
