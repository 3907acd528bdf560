package media

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestSignedLinkExpiresAndResistsTampering(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := &Signer{Secret: []byte("k"), Now: func() time.Time { return now }}
	link := s.URL("abc", time.Minute)
	u, _ := url.Parse(link)
	id := strings.TrimPrefix(u.Path, FilePath)
	q := u.Query()
	if err := s.Verify(id, q.Get("exp"), q.Get("sig")); err != nil {
		t.Fatalf("fresh link refused: %v", err)
	}
	if err := s.Verify("abd", q.Get("exp"), q.Get("sig")); err == nil {
		t.Fatal("link for another id accepted")
	}
	if err := s.Verify(id, "9999999999", q.Get("sig")); err == nil {
		t.Fatal("extended expiry accepted")
	}
	now = now.Add(2 * time.Minute)
	if err := s.Verify(id, q.Get("exp"), q.Get("sig")); err == nil {
		t.Fatal("expired link accepted")
	}
}
