package media

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/uptrace/bun"
)

// Sealed files (issue 27 finding 1, docs/security.md): the KYC documents — PAN and Aadhaar card
// images — are kept encrypted in the store, whichever it is (file:// or s3://). Each file is
// AES-256-GCM under a key derived from PII_KEY, with a nonce of its own, and its media row says
// media.sealed. Such a file never gets a store link (an S3 presigned URL would hand out the
// ciphertext, or with a public bucket policy nothing at all): the BFF checks the signed link,
// then reads, opens and sends the bytes itself.

// sealMagic starts every sealed blob; the nonce follows, then the ciphertext and its tag.
var sealMagic = []byte("PLSEAL1\x00")

// ErrSealed is a sealed blob that does not open: a wrong key (PII_KEY changed) or altered bytes.
var ErrSealed = errors.New("media: sealed file does not open")

// Sealer encrypts and opens sealed files.
type Sealer struct{ aead cipher.AEAD }

// NewSealer derives the file key from piiKey (PII_KEY).
func NewSealer(piiKey []byte) (*Sealer, error) {
	if len(piiKey) < 32 {
		return nil, errors.New("media: the sealing key (PII_KEY) must be 32 bytes")
	}
	m := hmac.New(sha256.New, piiKey)
	m.Write([]byte("media-seal:v1"))
	block, err := aes.NewCipher(m.Sum(nil))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts data with a fresh random nonce; key names the blob (it is authenticated, so
// a sealed blob copied under another key does not open).
func (s *Sealer) Seal(key string, data []byte) []byte {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	out := append(append([]byte{}, sealMagic...), nonce...)
	return s.aead.Seal(out, nonce, data, []byte(key))
}

// Open decrypts a blob Seal made under key.
func (s *Sealer) Open(key string, blob []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(blob) < len(sealMagic)+n || !bytes.Equal(blob[:len(sealMagic)], sealMagic) {
		return nil, ErrSealed
	}
	nonce := blob[len(sealMagic) : len(sealMagic)+n]
	out, err := s.aead.Open(nil, nonce, blob[len(sealMagic)+n:], []byte(key))
	if err != nil {
		return nil, ErrSealed
	}
	return out, nil
}

// maxSealed is the largest sealed blob: an upload's limit plus the header and the tag.
const maxSealed = MaxSize + 64

// Sealing is a file being sealed: its new blob is written, its row not yet changed.
type Sealing struct {
	ID, OldKey, NewKey string
	Lost               bool // another process sealed the file first (CommitSealing)
}

// SealBlobs writes a sealed copy of every file of ids that is not sealed yet, under a new key,
// and returns what Commit must record. The plaintext blobs stay until Finish.
func (s *Store) SealBlobs(ctx context.Context, db bun.IDB, ids []string) ([]Sealing, error) {
	if s.Sealer == nil {
		return nil, errors.New("media: no sealer (PII_KEY) configured")
	}
	var rows []Media
	if err := db.NewSelect().Model(&rows).Where("id IN (?)", bun.List(ids)).Where("NOT sealed").Scan(ctx); err != nil {
		return nil, fmt.Errorf("media to seal: %w", err)
	}
	var out []Sealing
	for i := range rows {
		m := &rows[i]
		r, err := s.Read(ctx, m)
		if err != nil {
			s.Abandon(ctx, out)
			return nil, err
		}
		plain, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
		r.Close()
		if err != nil {
			s.Abandon(ctx, out)
			return nil, fmt.Errorf("read %s to seal: %w", m.ID, err)
		}
		key := randomName()
		if err := s.Blobs.Put(ctx, key, s.Sealer.Seal(key, plain), "application/octet-stream"); err != nil {
			s.Abandon(ctx, out)
			return nil, fmt.Errorf("store sealed %s: %w", m.ID, err)
		}
		out = append(out, Sealing{ID: m.ID, OldKey: m.StorageName, NewKey: key})
	}
	return out, nil
}

// CommitSealing points the rows at their sealed blobs (in the caller's transaction). A row that
// another process sealed meanwhile is left alone: its sealing is marked Lost, and Finish removes
// the copy made here instead of the plaintext.
func CommitSealing(ctx context.Context, tx bun.IDB, done []Sealing) error {
	for i := range done {
		d := &done[i]
		res, err := tx.NewUpdate().Model((*Media)(nil)).Set("storage_name = ?", d.NewKey).Set("sealed = true").
			Where("id = ?", d.ID).Where("storage_name = ?", d.OldKey).Where("NOT sealed").Exec(ctx)
		if err != nil {
			return fmt.Errorf("record sealed %s: %w", d.ID, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			d.Lost = true
		}
	}
	return nil
}

// Finish removes the plaintext blobs once the rows point at the sealed ones.
func (s *Store) Finish(ctx context.Context, done []Sealing) error {
	var first error
	for _, d := range done {
		key := d.OldKey
		if d.Lost {
			key = d.NewKey
		}
		if err := s.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Abandon removes the sealed copies of a sealing that was not recorded.
func (s *Store) Abandon(ctx context.Context, done []Sealing) {
	for _, d := range done {
		_ = s.Blobs.Delete(context.WithoutCancel(ctx), d.NewKey)
	}
}

// openSealed reads and decrypts a sealed file.
func (s *Store) openSealed(ctx context.Context, m *Media) (io.ReadCloser, error) {
	if s.Sealer == nil {
		return nil, errors.New("media: a sealed file, but no sealer (PII_KEY) configured")
	}
	r, err := s.Blobs.Open(ctx, m.StorageName)
	if errors.Is(err, ErrNoBlob) || errors.Is(err, ErrBadKey) {
		return nil, errMediaNotFound()
	}
	if err != nil {
		return nil, err
	}
	defer r.Close()
	blob, err := io.ReadAll(io.LimitReader(r, maxSealed+1))
	if err != nil {
		return nil, err
	}
	plain, err := s.Sealer.Open(m.StorageName, blob)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.ID, err)
	}
	return io.NopCloser(bytes.NewReader(plain)), nil
}

// SaveSealed stores data sealed from the start (never in plaintext), as a file of owner recorded
// through db (the caller's transaction): an image only (a KYC photo). On a refused or failed
// record nothing is left; a caller whose transaction then rolls back removes the blob with
// Discard.
func (s *Store) SaveSealed(ctx context.Context, db bun.IDB, owner Owner, f File) (*Media, error) {
	if s.Sealer == nil {
		return nil, errors.New("media: no sealer (PII_KEY) configured")
	}
	ct, err := Sniff(f.Data)
	if err != nil {
		return nil, err
	}
	if !IsImage(ct) {
		return nil, errType()
	}
	key := randomName()
	if err := s.Blobs.Put(ctx, key, s.Sealer.Seal(key, f.Data), "application/octet-stream"); err != nil {
		return nil, fmt.Errorf("store sealed file: %w", err)
	}
	sum := sha256.Sum256(f.Data)
	hexSum := hex.EncodeToString(sum[:])
	m := &Media{OwnerKind: owner.Kind, OwnerID: owner.ID, StorageName: key, OriginalName: cleanName(f.Name),
		ContentType: ct, SizeBytes: int64(len(f.Data)), Sealed: true, SHA256: &hexSum}
	if owner.CompanyID != "" {
		cid := owner.CompanyID
		m.CompanyID = &cid
	}
	if _, err := db.NewInsert().Model(m).Returning("id").Exec(ctx); err != nil {
		s.Discard(ctx, m)
		return nil, fmt.Errorf("record sealed file: %w", err)
	}
	return m, nil
}

// Discard removes the blob of a file whose record was not kept.
func (s *Store) Discard(ctx context.Context, m *Media) {
	if m != nil {
		_ = s.Blobs.Delete(context.WithoutCancel(ctx), m.StorageName)
	}
}
