package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Blobs holds the bytes of uploads, each under a key the media table records. A key is written
// once and never overwritten, so a link to it always shows what was uploaded.
type Blobs interface {
	// Put stores data under key; ErrBlobExists when the key is taken.
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Open reads key; ErrNoBlob when there is none.
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	// Delete removes key (an upload whose row could not be recorded); a missing key is no error.
	Delete(ctx context.Context, key string) error
	// Link is an address of key that the store itself serves for ttl, with the given response
	// headers, or "" when the store has none (file://: the BFFs serve the bytes).
	Link(ctx context.Context, key string, ttl time.Duration, h LinkHeaders) (string, error)
	// Origin is the scheme and host of Link's addresses ("" when there are none), for the
	// pages' Content-Security-Policy.
	Origin() string
}

// LinkHeaders are the answer headers a store's link asks for.
type LinkHeaders struct {
	ContentType        string
	ContentDisposition string
}

// PresignTTL is how long a store's own link works (at most 10 minutes). The BFF's
// redirect to it may be cached for half of that, so a cached redirect never leads to a dead link.
const PresignTTL = 10 * time.Minute

var (
	ErrNoBlob     = errors.New("media: no such blob")
	ErrBlobExists = errors.New("media: blob exists")
	ErrBadKey     = errors.New("media: bad blob key")
)

// keyRe is every key Prelaunch writes (randomName: 32 hex digits) and a little more; nothing
// with a slash, a leading dot, ".." or a control character reaches a store.
var keyRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

func checkKey(key string) error {
	if !keyRe.MatchString(key) || strings.Contains(key, "..") {
		return fmt.Errorf("%w: %q", ErrBadKey, key)
	}
	return nil
}

// S3Credentials are the keys of an s3:// store (the standard AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN). Empty: the machine's role (IAM) is asked.
type S3Credentials struct {
	AccessKeyID, SecretAccessKey, SessionToken string
}

// OpenBlobs opens the store a STORAGE_URL names:
//
//	file://var/storage          a directory (relative to the working directory, or file:///abs)
//	s3://bucket?endpoint=https://s3.example.com&region=eu-west-1[&usePathStyle=true][&publicEndpoint=https://files.example.com]
//
// Without endpoint, s3:// is AWS S3 itself. publicEndpoint is where browsers reach the store when
// the servers use another address for it (a private network name); links are signed for it.
func OpenBlobs(raw string, creds S3Credentials) (Blobs, error) {
	switch {
	case strings.HasPrefix(raw, "file://"):
		dir := strings.TrimPrefix(raw, "file://")
		if dir == "" {
			return nil, fmt.Errorf("STORAGE_URL %q: no directory", raw)
		}
		return &DirBlobs{Dir: filepath.Clean(dir)}, nil
	case strings.HasPrefix(raw, "s3://"):
		return openS3(raw, creds)
	}
	return nil, fmt.Errorf("STORAGE_URL %q: want file://<dir> or s3://<bucket>?endpoint=…&region=…", raw)
}

// DirBlobs keeps each blob as a file named by its key in Dir.
type DirBlobs struct{ Dir string }

func (d *DirBlobs) Put(_ context.Context, key string, data []byte, _ string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := os.MkdirAll(d.Dir, 0o750); err != nil {
		return fmt.Errorf("storage dir: %w", err)
	}
	path := filepath.Join(d.Dir, key)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if errors.Is(err, fs.ErrExist) {
		return ErrBlobExists
	}
	if err != nil {
		return fmt.Errorf("write upload: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		_ = os.Remove(path)
		return fmt.Errorf("write upload: %w", err)
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(path)
		return fmt.Errorf("write upload: %w", err)
	}
	return nil
}

func (d *DirBlobs) Open(_ context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(d.Dir, key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoBlob
	}
	return f, err
}

func (d *DirBlobs) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(d.Dir, key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Link is "": the BFFs serve a directory's files themselves, behind their own signed links.
func (d *DirBlobs) Link(context.Context, string, time.Duration, LinkHeaders) (string, error) {
	return "", nil
}

func (d *DirBlobs) Origin() string { return "" }

// S3Blobs keeps blobs as objects of one bucket of an S3-compatible store.
type S3Blobs struct {
	Bucket string
	client *minio.Client // the servers' calls
	signer *minio.Client // links for browsers (publicEndpoint), signed offline
	origin string
}

func openS3(raw string, creds S3Credentials) (*S3Blobs, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("STORAGE_URL %q: want s3://<bucket>?endpoint=…&region=…", raw)
	}
	q := u.Query()
	region := q.Get("region")
	if region == "" {
		region = "us-east-1"
	}
	pathStyle := false
	if v := q.Get("usePathStyle"); v != "" {
		if pathStyle, err = strconv.ParseBool(v); err != nil {
			return nil, fmt.Errorf("STORAGE_URL %q: usePathStyle must be true or false", raw)
		}
	}
	var cp *credentials.Credentials
	if creds.AccessKeyID != "" || creds.SecretAccessKey != "" {
		cp = credentials.NewStaticV4(creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken)
	} else {
		cp = credentials.NewIAM("")
	}
	client := func(endpoint string) (*minio.Client, error) {
		if endpoint == "" {
			endpoint = "https://s3." + region + ".amazonaws.com"
		}
		e, err := url.Parse(endpoint)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" || (e.Path != "" && e.Path != "/") {
			return nil, fmt.Errorf("STORAGE_URL %q: endpoint %q must be http(s)://host[:port]", raw, endpoint)
		}
		lookup := minio.BucketLookupAuto
		if pathStyle {
			lookup = minio.BucketLookupPath
		}
		return minio.New(e.Host, &minio.Options{Creds: cp, Secure: e.Scheme == "https", Region: region, BucketLookup: lookup})
	}
	b := &S3Blobs{Bucket: u.Host}
	if b.client, err = client(q.Get("endpoint")); err != nil {
		return nil, err
	}
	b.signer = b.client
	if pub := q.Get("publicEndpoint"); pub != "" {
		if b.signer, err = client(pub); err != nil {
			return nil, err
		}
	}
	// With the region known, presigning is computed here without a call to the store; the
	// origin of a link is that of every link.
	probe, err := b.signer.PresignedGetObject(context.Background(), b.Bucket, "origin-probe", time.Minute, nil)
	if err != nil {
		return nil, fmt.Errorf("STORAGE_URL %q: %w", raw, err)
	}
	b.origin = probe.Scheme + "://" + probe.Host
	return b, nil
}

func (b *S3Blobs) Put(ctx context.Context, key string, data []byte, contentType string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	opts := minio.PutObjectOptions{ContentType: contentType, DisableMultipart: true}
	opts.SetMatchETagExcept("*") // If-None-Match: * — the store refuses to replace an object
	_, err := b.client.PutObject(ctx, b.Bucket, key, bytes.NewReader(data), int64(len(data)), opts)
	if err != nil {
		if r := minio.ToErrorResponse(err); r.StatusCode == 412 || r.Code == "PreconditionFailed" {
			return ErrBlobExists
		}
		return fmt.Errorf("store upload: %w", err)
	}
	return nil
}

func (b *S3Blobs) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	obj, err := b.client.GetObject(ctx, b.Bucket, key, minio.GetObjectOptions{})
	if err == nil {
		_, err = obj.Stat() // GetObject is lazy: the first call to the store is here
	}
	if err != nil {
		if obj != nil {
			_ = obj.Close()
		}
		if r := minio.ToErrorResponse(err); r.StatusCode == 404 || r.Code == "NoSuchKey" {
			return nil, ErrNoBlob
		}
		return nil, fmt.Errorf("read upload: %w", err)
	}
	return obj, nil
}

func (b *S3Blobs) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	return b.client.RemoveObject(ctx, b.Bucket, key, minio.RemoveObjectOptions{})
}

// Link is a presigned GET of key (at most PresignTTL) asking the store to answer with h.
func (b *S3Blobs) Link(ctx context.Context, key string, ttl time.Duration, h LinkHeaders) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	if ttl <= 0 || ttl > PresignTTL {
		ttl = PresignTTL
	}
	params := url.Values{}
	if h.ContentType != "" {
		params.Set("response-content-type", h.ContentType)
	}
	if h.ContentDisposition != "" {
		params.Set("response-content-disposition", h.ContentDisposition)
	}
	u, err := b.signer.PresignedGetObject(ctx, b.Bucket, key, ttl, params)
	if err != nil {
		return "", fmt.Errorf("presign upload: %w", err)
	}
	return u.String(), nil
}

func (b *S3Blobs) Origin() string { return b.origin }
