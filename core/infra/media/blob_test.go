package media_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"prelaunch/core/infra/media"
	"prelaunch/core/infra/testkit"
)

// stores are both kinds of Blobs: a directory and a real S3-compatible server.
func stores(t *testing.T) map[string]media.Blobs {
	dir, err := media.OpenBlobs("file://"+t.TempDir(), media.S3Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]media.Blobs{"file": dir, "s3": testkit.S3(t).Blobs(t)}
}

func TestBlobsPutOpenNeverOverwrite(t *testing.T) {
	ctx := context.Background()
	for kind, b := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			key := "0123456789abcdef0123456789abcdef"
			if err := b.Put(ctx, key, []byte("%PDF-1.7 first"), media.TypePDF); err != nil {
				t.Fatal(err)
			}
			if err := b.Put(ctx, key, []byte("%PDF-1.7 second"), media.TypePDF); !errors.Is(err, media.ErrBlobExists) {
				t.Fatalf("second put of the same key: %v, want ErrBlobExists", err)
			}
			r, err := b.Open(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(r)
			_ = r.Close()
			if string(got) != "%PDF-1.7 first" {
				t.Fatalf("read %q: the first upload must stay", got)
			}
			if _, err := b.Open(ctx, "ffffffffffffffffffffffffffffffff"); !errors.Is(err, media.ErrNoBlob) {
				t.Fatalf("missing key: %v, want ErrNoBlob", err)
			}
			if err := b.Delete(ctx, key); err != nil {
				t.Fatal(err)
			}
			if _, err := b.Open(ctx, key); !errors.Is(err, media.ErrNoBlob) {
				t.Fatalf("deleted key: %v, want ErrNoBlob", err)
			}
			if err := b.Delete(ctx, key); err != nil {
				t.Fatalf("deleting a missing key: %v", err)
			}
		})
	}
}

func TestBlobsRefuseHostileKeys(t *testing.T) {
	ctx := context.Background()
	hostile := []string{"", "../etc/passwd", "..", ".hidden", "a/b", "/abs", "a\\b", "a\x00b", "a\nb", "a b", "a?x=1", "a..b", "a/../b",
		"a%2F..", strings.Repeat("a", 200)}
	for kind, b := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			for _, k := range hostile {
				if err := b.Put(ctx, k, []byte("x"), "text/plain"); !errors.Is(err, media.ErrBadKey) {
					t.Errorf("Put(%q): %v, want ErrBadKey", k, err)
				}
				if _, err := b.Open(ctx, k); !errors.Is(err, media.ErrBadKey) {
					t.Errorf("Open(%q): %v, want ErrBadKey", k, err)
				}
				if err := b.Delete(ctx, k); !errors.Is(err, media.ErrBadKey) {
					t.Errorf("Delete(%q): %v, want ErrBadKey", k, err)
				}
				if _, err := b.Link(ctx, k, time.Minute, media.LinkHeaders{}); kind == "s3" && !errors.Is(err, media.ErrBadKey) {
					t.Errorf("Link(%q): %v, want ErrBadKey", k, err)
				}
			}
		})
	}
}

func TestS3PresignedLinkWorksThenExpires(t *testing.T) {
	ctx := context.Background()
	b := testkit.S3(t).Blobs(t)
	key := "aaaabbbbccccddddeeeeffff00001111"
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR-test")
	if err := b.Put(ctx, key, png, media.TypePNG); err != nil {
		t.Fatal(err)
	}
	link, err := b.Link(ctx, key, 2*time.Second, media.LinkHeaders{ContentType: media.TypePNG, ContentDisposition: `inline; filename="r.png"`})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, b.Origin()+"/") {
		t.Fatalf("link %s is not under the store's origin %s", link, b.Origin())
	}
	get := func(u string) (int, []byte, http.Header) {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, body, resp.Header
	}
	code, body, h := get(link)
	if code != http.StatusOK || !bytes.Equal(body, png) {
		t.Fatalf("fresh link: %d %q", code, body)
	}
	if h.Get("Content-Type") != media.TypePNG || h.Get("Content-Disposition") != `inline; filename="r.png"` {
		t.Fatalf("answer headers: %v", h)
	}
	if code, _, _ := get(strings.Replace(link, key, "aaaabbbbccccddddeeeeffff00002222", 1)); code != http.StatusForbidden {
		t.Fatalf("a link's signature covers its key: another key answered %d", code)
	}
	// A store's link never outlives PresignTTL, whatever is asked.
	long, err := b.Link(ctx, key, 24*time.Hour, media.LinkHeaders{})
	if err != nil || !strings.Contains(long, "X-Amz-Expires=600") {
		t.Fatalf("a day's link: %s %v, want X-Amz-Expires=600", long, err)
	}
	time.Sleep(3 * time.Second)
	if code, _, _ := get(link); code != http.StatusForbidden {
		t.Fatalf("a link older than its lifetime answered %d, want 403", code)
	}
}

func TestOpenBlobsRefusesBadURLs(t *testing.T) {
	for _, u := range []string{"", "var/storage", "ftp://x", "file://", "s3://", "s3://bucket/path",
		"s3://b?endpoint=ftp://x", "s3://b?endpoint=http://", "s3://b?usePathStyle=maybe"} {
		if _, err := media.OpenBlobs(u, media.S3Credentials{AccessKeyID: "k", SecretAccessKey: "s"}); err == nil {
			t.Errorf("OpenBlobs(%q) accepted", u)
		}
	}
	b, err := media.OpenBlobs("s3://bucket?endpoint=http://127.0.0.1:1&publicEndpoint=https://files.example.com&usePathStyle=true",
		media.S3Credentials{AccessKeyID: "k", SecretAccessKey: "s"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Origin() != "https://files.example.com" {
		t.Fatalf("origin %q: links are signed for the public endpoint", b.Origin())
	}
}
