package auth_test

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

	"prelaunch/core/auth"
)

type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

// The verified-token memory never outlives a token's expiry, never crosses audiences and never
// admits what did not verify.
func TestVerifiedTokensStillExpireAndKeepTheirAudience(t *testing.T) {
	clk := &fakeClock{now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	toks := auth.NewTokens("secret-secret-secret-secret-secret-0123", time.Hour, clk)
	tok, err := toks.Issue("u1", "c1", "USER", auth.AudienceUser, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ { // first call verifies, the others are remembered
		c, err := toks.Parse("Bearer "+tok, auth.AudienceUser)
		if err != nil || c.Subject != "u1" || c.Version != 3 || c.Company != "c1" {
			t.Fatalf("call %d: %+v %v", i, c, err)
		}
	}
	if _, err := toks.Parse(tok, auth.AudienceAdmin); err == nil {
		t.Fatal("a remembered user token was accepted for the admin audience")
	}
	other := auth.NewTokens("another-secret-another-secret-0123456", time.Hour, clk)
	if _, err := other.Parse(tok, auth.AudienceUser); err == nil {
		t.Fatal("a token signed with another secret was accepted")
	}
	if _, err := toks.Parse(tok[:len(tok)-2]+"xx", auth.AudienceUser); err == nil {
		t.Fatal("a tampered signature was accepted")
	}
	clk.now = clk.now.Add(time.Hour + time.Second)
	if _, err := toks.Parse(tok, auth.AudienceUser); err == nil {
		t.Fatal("a remembered token was accepted after its expiry")
	}
	clk.now = clk.now.Add(-2 * time.Hour) // before its not-before (issued at − 5 s)
	if _, err := toks.Parse(tok, auth.AudienceUser); err == nil {
		t.Fatal("a token was accepted before its not-before")
	}
}

// Fiber hands out the Authorization header as a string over its reusable request buffer; the
// verified-token memory must not keep such a string as its key (it would change under it and
// answer one token with another's claims).
func TestVerifiedTokensOwnTheirKeys(t *testing.T) {
	toks := auth.NewTokens("secret-secret-secret-secret-secret-0123", time.Hour, &fakeClock{now: time.Now()})
	a, _ := toks.Issue("user-a", "c1", "USER", auth.AudienceUser, 0)
	b, _ := toks.Issue("user-b", "c1", "USER", auth.AudienceUser, 0)
	if len(a) != len(b) {
		t.Skip("tokens of different lengths")
	}
	buf := []byte(a)
	if c, err := toks.Parse(unsafe.String(&buf[0], len(buf)), auth.AudienceUser); err != nil || c.Subject != "user-a" {
		t.Fatalf("a: %+v %v", c, err)
	}
	copy(buf, b)               // the server reuses its buffer for the next request
	for i := 0; i < 300; i++ { // more tokens: the memory grows and rehashes its keys
		tok, _ := toks.Issue(fmt.Sprintf("user-%03d", i), "c1", "USER", auth.AudienceUser, 0)
		if _, err := toks.Parse(tok, auth.AudienceUser); err != nil {
			t.Fatal(err)
		}
	}
	if c, err := toks.Parse(b, auth.AudienceUser); err != nil || c.Subject != "user-b" {
		t.Fatalf("b answered as %+v %v", c, err)
	}
	if c, err := toks.Parse(a, auth.AudienceUser); err != nil || c.Subject != "user-a" {
		t.Fatalf("a answered as %+v %v", c, err)
	}
}
