package media_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"prelaunch/core/infra/media"
	"prelaunch/core/infra/testkit"
)

// Issue 27 finding 1: a KYC document is kept encrypted (AES-GCM, a nonce per file) in either
// store; it opens only with the key, is never handed out as a store link (the S3 presigned
// redirect would serve the ciphertext), and the plaintext copy is removed once sealed.
func TestSealedFilesAreEncryptedAtRestInEveryStore(t *testing.T) {
	ctx := context.Background()
	d := testkit.Deps(t, "media", 0)
	key := []byte("test-pii-key-test-pii-key-test32")
	sealer, err := media.NewSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	var owner string
	if err := d.DB.NewRaw(`INSERT INTO companies (name, email) VALUES ('Seal Co', 'seal@x.test') RETURNING id`).Scan(ctx, &owner); err != nil {
		t.Fatal(err)
	}
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte("aadhaar card "), 50)...)
	for kind, blobs := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			store := &media.Store{DB: d.DB, Blobs: blobs, Signer: d.Media, Sealer: sealer}
			up, err := store.Save(ctx, media.Owner{Kind: "user", ID: owner}, []media.File{{Name: "front.png", Data: png}, {Name: "back.png", Data: png}})
			if err != nil {
				t.Fatal(err)
			}
			before, _ := store.Find(ctx, up[0].ID)
			seals, err := store.SealBlobs(ctx, d.DB, []string{up[0].ID, up[1].ID})
			if err != nil || len(seals) != 2 {
				t.Fatalf("seal: %v %v", seals, err)
			}
			if err := media.CommitSealing(ctx, d.DB, seals); err != nil {
				t.Fatal(err)
			}
			if err := store.Finish(ctx, seals); err != nil {
				t.Fatal(err)
			}
			m, err := store.Find(ctx, up[0].ID)
			if err != nil || !m.Sealed || m.StorageName == before.StorageName {
				t.Fatalf("row after sealing: %+v %v", m, err)
			}
			if _, err := blobs.Open(ctx, before.StorageName); !errors.Is(err, media.ErrNoBlob) {
				t.Fatalf("the plaintext copy stayed: %v", err)
			}
			raw := readAll(t, blobs, m.StorageName)
			if bytes.Contains(raw, []byte("PNG")) || bytes.Contains(raw, []byte("aadhaar card")) {
				t.Fatal("the stored bytes are not encrypted")
			}
			other, _ := store.Find(ctx, up[1].ID)
			raw2 := readAll(t, blobs, other.StorageName)
			if bytes.Equal(raw[:40], raw2[:40]) {
				t.Fatal("two sealings of the same bytes share a nonce")
			}
			if link, err := store.Link(ctx, m); err != nil || link != "" {
				t.Fatalf("a sealed file got a store link %q (%v): the BFF must stream it", link, err)
			}
			r, err := store.Read(ctx, m)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(r)
			_ = r.Close()
			if !bytes.Equal(got, png) {
				t.Fatal("the sealed file does not read back as uploaded")
			}
			// Sealing again changes nothing; another key does not open it.
			if again, err := store.SealBlobs(ctx, d.DB, []string{up[0].ID}); err != nil || len(again) != 0 {
				t.Fatalf("sealed twice: %v %v", again, err)
			}
			wrong, _ := media.NewSealer([]byte("another-key-another-key-another!!"))
			if _, err := (&media.Store{DB: d.DB, Blobs: blobs, Sealer: wrong}).Read(ctx, m); !errors.Is(err, media.ErrSealed) {
				t.Fatalf("opened with another key: %v", err)
			}
		})
	}
}

func readAll(t *testing.T, b media.Blobs, key string) []byte {
	t.Helper()
	r, err := b.Open(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out, _ := io.ReadAll(r)
	return out
}
