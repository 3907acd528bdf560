package media

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
)

// Upload limits.
const (
	MaxSize         = 5 << 20 // bytes per file
	MaxFiles        = 5       // files per request
	maxZipEntries   = 2000
	maxZipUnpacked  = 100 << 20 // declared uncompressed bytes of a .docx
	maxZipRatio     = 200       // declared uncompressed / compressed per entry
	maxOriginalName = 200
)

// Allowed content types, decided by sniffing the bytes, never by the name or the client's header.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWEBP = "image/webp"
	TypePDF  = "application/pdf"
	TypeDOC  = "application/msword"
	TypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
)

var oleHeader = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

func errType() error {
	return apperr.Unsupported("file_type", "This file type is not allowed. Upload a JPG, PNG, WEBP, PDF, DOC or DOCX file.")
}

// Sniff decides the type of an upload from its content: JPEG, PNG, WEBP, PDF, DOC (OLE compound
// file) or DOCX (a zip holding word/ parts, with sane declared sizes). Anything else — SVG, HTML,
// scripts, other archives — is 415. An empty file is 422, a file over MaxSize 413.
func Sniff(b []byte) (string, error) {
	if len(b) == 0 {
		return "", apperr.Invalid("empty_file", "The file is empty.")
	}
	if len(b) > MaxSize {
		return "", errTooLarge()
	}
	switch ct := http.DetectContentType(b); ct {
	case TypeJPEG, TypePNG, TypeWEBP, TypePDF:
		return ct, nil
	case "application/zip":
		if err := checkDocx(b); err != nil {
			return "", err
		}
		return TypeDOCX, nil
	}
	if bytes.HasPrefix(b, oleHeader) {
		return TypeDOC, nil
	}
	return "", errType()
}

func errTooLarge() error {
	return apperr.TooLarge("file_too_large", "The file is larger than 5 MB.")
}

func checkDocx(b []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return errType()
	}
	if len(zr.File) > maxZipEntries {
		return errType()
	}
	var total uint64
	word, types := false, false
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if total > maxZipUnpacked {
			return errType()
		}
		if f.UncompressedSize64 > 1<<20 && f.CompressedSize64 > 0 && f.UncompressedSize64/f.CompressedSize64 > maxZipRatio {
			return errType()
		}
		if f.CompressedSize64 == 0 && f.UncompressedSize64 > 0 {
			return errType()
		}
		if strings.HasPrefix(f.Name, "word/") {
			word = true
		}
		if f.Name == "[Content_Types].xml" {
			types = true
		}
	}
	if !word || !types {
		return errType()
	}
	return nil
}

// IsImage reports whether a stored content type is an image.
func IsImage(ct string) bool { return strings.HasPrefix(ct, "image/") }

// Owner is who uploads: the audience of their token and their id.
type Owner struct {
	Kind      string // user | admin | superadmin
	ID        string
	CompanyID string // empty for the super admin
}

// File is one upload as the client sent it.
type File struct {
	Name string
	Data []byte
}

// Stored is an upload as the API answers it.
type Stored struct {
	ID           string `json:"id"`
	URL          string `json:"url"`
	ContentType  string `json:"contentType"`
	Size         int64  `json:"size"`
	OriginalName string `json:"originalName"`
}

// Store keeps uploads in Blobs under random keys and records them in the media table.
type Store struct {
	DB     bun.IDB
	Blobs  Blobs
	Signer *Signer
	Sealer *Sealer // opens and makes sealed files (seal.go)
}

// Save checks every file first (nothing is stored when one is refused), then writes each under
// a random key and records it as owned by owner.
func (s *Store) Save(ctx context.Context, owner Owner, files []File) ([]Stored, error) {
	if len(files) == 0 {
		return nil, apperr.Invalid("no_file", "Please choose a file to upload.")
	}
	if len(files) > MaxFiles {
		return nil, apperr.Invalid("too_many_files", fmt.Sprintf("Upload at most %d files at once.", MaxFiles))
	}
	types := make([]string, len(files))
	for i, f := range files {
		ct, err := Sniff(f.Data)
		if err != nil {
			return nil, err
		}
		types[i] = ct
	}
	out := make([]Stored, 0, len(files))
	for i, f := range files {
		name := randomName()
		if err := s.Blobs.Put(ctx, name, f.Data, types[i]); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(f.Data)
		hexSum := hex.EncodeToString(sum[:])
		m := &Media{OwnerKind: owner.Kind, OwnerID: owner.ID, StorageName: name,
			OriginalName: cleanName(f.Name), ContentType: types[i], SizeBytes: int64(len(f.Data)), SHA256: &hexSum}
		if owner.CompanyID != "" {
			cid := owner.CompanyID
			m.CompanyID = &cid
		}
		if _, err := s.DB.NewInsert().Model(m).Returning("id").Exec(ctx); err != nil {
			_ = s.Blobs.Delete(context.WithoutCancel(ctx), name)
			return nil, fmt.Errorf("record upload: %w", err)
		}
		out = append(out, Stored{ID: m.ID, URL: s.Signer.URL(m.ID, LinkTTL), ContentType: m.ContentType,
			Size: m.SizeBytes, OriginalName: m.OriginalName})
	}
	return out, nil
}

func errMediaNotFound() error { return apperr.NotFound("media_not_found", "File not found.") }

// Find is the record of a stored file (after the caller verified the signed link).
func (s *Store) Find(ctx context.Context, id string) (*Media, error) {
	if !fields.UUID(id) {
		return nil, errMediaNotFound()
	}
	var m Media
	err := s.DB.NewSelect().Model(&m).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errMediaNotFound()
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Open finds a stored file by id and opens its bytes (after the caller verified the signed link).
func (s *Store) Open(ctx context.Context, id string) (*Media, io.ReadCloser, error) {
	m, err := s.Find(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.Read(ctx, m)
	if err != nil {
		return nil, nil, err
	}
	return m, r, nil
}

// Read opens the bytes of m; a record whose bytes are gone is 404.
func (s *Store) Read(ctx context.Context, m *Media) (io.ReadCloser, error) {
	if m.Sealed {
		return s.openSealed(ctx, m)
	}
	r, err := s.Blobs.Open(ctx, m.StorageName)
	if errors.Is(err, ErrNoBlob) || errors.Is(err, ErrBadKey) {
		return nil, errMediaNotFound()
	}
	return r, err
}

// Disposition is how m is served: images inline, anything else (a PDF too: it can carry
// scripts) as a download, always under SafeName, never the name the uploader chose.
func Disposition(m *Media) string {
	disp := "attachment"
	if IsImage(m.ContentType) {
		disp = "inline"
	}
	return mime.FormatMediaType(disp, map[string]string{"filename": SafeName(m.OriginalName, m.ContentType)})
}

// extensions are the file extensions of the stored types.
var extensions = map[string]string{TypeJPEG: ".jpg", TypePNG: ".png", TypeWEBP: ".webp", TypePDF: ".pdf",
	TypeDOC: ".doc", TypeDOCX: ".docx"}

// SafeName is the name a stored file is served under: the uploader's name up to its first dot,
// in letters, digits, "-" and "_" (anything else "_", at most 60 characters; "file" when nothing
// is left), and the extension of the type its bytes were sniffed as. "front.html" holding a PNG
// is "front.png"; "invoice.pdf.exe" holding a PDF is "invoice.pdf".
func SafeName(original, contentType string) string {
	stem := original
	if i := strings.IndexByte(stem, '.'); i >= 0 {
		stem = stem[:i]
	}
	var b strings.Builder
	alnum := false
	for _, r := range stem {
		if b.Len() >= 60 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			alnum = true
			b.WriteRune(r)
		case r == '-' || r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	name := b.String()
	if !alnum {
		name = "file"
	}
	ext, ok := extensions[contentType]
	if !ok {
		ext = ".bin"
	}
	return name + ext
}

// Link is the store's own short-lived address of m (PresignTTL), or "" when the BFF serves the
// bytes itself (file://, and a sealed file in any store).
func (s *Store) Link(ctx context.Context, m *Media) (string, error) {
	if m.Sealed {
		return "", nil
	}
	return s.Blobs.Link(ctx, m.StorageName, PresignTTL, LinkHeaders{ContentType: m.ContentType, ContentDisposition: Disposition(m)})
}

// CheckOwned verifies that media id exists and belongs to (ownerKind, ownerID), and when
// imageOnly that it is an image. Any failure is the same 422, so ids of others reveal nothing.
func CheckOwned(ctx context.Context, db bun.IDB, id, ownerKind, ownerID string, imageOnly bool) error {
	bad := apperr.Invalid("media_not_owned", "The file was not found. Please upload it again.")
	if !fields.UUID(id) {
		return bad
	}
	m, err := FindOwned(ctx, db, id, ownerKind, ownerID)
	if err != nil {
		return err
	}
	if m == nil {
		return bad
	}
	if imageOnly && !IsImage(m.ContentType) {
		return apperr.Invalid("not_an_image", "The profile picture must be a JPG, PNG or WEBP image.")
	}
	return nil
}

// FindOwned reads the id and content type of media id when it belongs to (ownerKind, ownerID);
// nil when there is no such file of theirs. id must be a uuid.
func FindOwned(ctx context.Context, db bun.IDB, id, ownerKind, ownerID string) (*Media, error) {
	var m Media
	err := db.NewSelect().Model(&m).Column("id", "content_type").Where("id = ?", id).
		Where("owner_kind = ?", ownerKind).Where("owner_id = ?", ownerID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

func randomName() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// cleanName keeps a display name only: no path, no control characters, bounded length.
func cleanName(n string) string {
	n = filepath.Base(strings.ReplaceAll(n, `\`, "/"))
	if n == "." || n == ".." || n == "/" { // ".." found by FuzzCleanName
		n = ""
	}
	if !utf8.ValidString(n) {
		n = strings.ToValidUTF8(n, "")
	}
	n = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, n)
	if len(n) > maxOriginalName {
		n = n[:maxOriginalName]
		n = strings.ToValidUTF8(n, "")
	}
	if n == "" {
		n = "file"
	}
	return n
}
