package media

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"prelaunch/core/infra/apperr"
)

// LinkTTL is how long a signed media link works.
const LinkTTL = 15 * time.Minute

// FilePath is where both BFFs serve media: FilePath + id + "?exp=&sig=".
const FilePath = "/api/v1/media/file/"

// Signer makes and checks short-lived links to stored files. The link is the only way to a file.
type Signer struct {
	Secret []byte
	Now    func() time.Time
}

// URL is a same-origin link to media id that works for ttl.
func (s *Signer) URL(id string, ttl time.Duration) string {
	exp := s.Now().Add(ttl).Unix()
	return fmt.Sprintf("%s%s?exp=%d&sig=%s", FilePath, id, exp, s.sig(id, exp))
}

// Verify checks a link's expiry and signature.
func (s *Signer) Verify(id, expStr, sig string) error {
	exp, err := strconv.ParseInt(expStr, 10, 64)
	bad := apperr.Forbidden("bad_link", "This link is invalid or has expired.")
	if err != nil || s.Now().Unix() > exp {
		return bad
	}
	if !hmac.Equal([]byte(sig), []byte(s.sig(id, exp))) {
		return bad
	}
	return nil
}

func (s *Signer) sig(id string, exp int64) string {
	m := hmac.New(sha256.New, s.Secret)
	fmt.Fprintf(m, "%s.%d", id, exp)
	return hex.EncodeToString(m.Sum(nil))
}

// Ref is an uploaded file with a signed link, as answers carry it.
type Ref struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// Ref returns the file with a link valid for LinkTTL.
func (s *Signer) Ref(id string) *Ref { return &Ref{ID: id, URL: s.URL(id, LinkTTL)} }
