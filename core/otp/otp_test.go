package otp_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/otp"
)

func TestIssueVerifyExpiryAttemptsAndVoiding(t *testing.T) {
	d := testkit.Deps(t, "otp", 7)
	cid := testkit.Seed(t, d, "Admin@12345")
	now := time.Now()
	s := &otp.Service{Pepper: []byte("p"), Now: func() time.Time { return now }}
	ctx := context.Background()

	code, err := s.Issue(ctx, d.DB, otp.PurposeRegister, "A@x.test ", &cid)
	if err != nil || len(code) != 6 {
		t.Fatalf("issue %q %v", code, err)
	}
	var stored string
	_ = d.DB.QueryRowContext(ctx, "SELECT code_hash FROM otps LIMIT 1").Scan(&stored)
	if stored == code || len(stored) != 64 {
		t.Fatalf("code stored in clear or unhashed: %q", stored)
	}
	// Another purpose or company does not accept it.
	if err := s.Verify(ctx, d.DB, otp.PurposeResetPassword, "a@x.test", &cid, code); !apperr.Is(err, apperr.KindInvalid) {
		t.Fatalf("other purpose: %v", err)
	}
	if err := s.Verify(ctx, d.DB, otp.PurposeRegister, "a@x.test", nil, code); !apperr.Is(err, apperr.KindInvalid) {
		t.Fatalf("other company: %v", err)
	}
	if err := s.Verify(ctx, d.DB, otp.PurposeRegister, "a@x.test", &cid, code); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if err := s.Verify(ctx, d.DB, otp.PurposeRegister, "a@x.test", &cid, code); !errors.Is(err, otp.ErrInvalid()) {
		t.Fatalf("reuse: %v", err)
	}

	// A second request within a minute re-sends the same code, still stored
	// hashed; a request after the minute makes a new code that voids the old one.
	c0, _ := s.Issue(ctx, d.DB, otp.PurposeRegister, "b@x.test", &cid)
	now = now.Add(50 * time.Second)
	c1, _ := s.Issue(ctx, d.DB, otp.PurposeRegister, "b@x.test", &cid)
	if c0 != c1 {
		t.Fatalf("re-sent within a minute: %s then %s", c0, c1)
	}
	var live int
	_ = d.DB.QueryRowContext(ctx, "SELECT count(*) FROM otps WHERE subject = 'b@x.test' AND consumed_at IS NULL").Scan(&live)
	if live != 1 {
		t.Fatalf("%d live codes, want 1", live)
	}
	now = now.Add(otp.ResendWindow)
	c2, _ := s.Issue(ctx, d.DB, otp.PurposeRegister, "b@x.test", &cid)
	if c1 != c2 {
		if err := s.Verify(ctx, d.DB, otp.PurposeRegister, "b@x.test", &cid, c1); err == nil {
			t.Fatal("voided code accepted")
		}
	}
	if err := s.Verify(ctx, d.DB, otp.PurposeRegister, "b@x.test", &cid, c2); err != nil {
		t.Fatalf("new code: %v", err)
	}

	// Five wrong tries burn the code.
	c3, _ := s.Issue(ctx, d.DB, otp.PurposeResetPassword, "c@x.test", &cid)
	wrong := "000000"
	if c3 == wrong {
		wrong = "111111"
	}
	for i := 0; i < otp.MaxAttempts; i++ {
		if err := s.Verify(ctx, d.DB, otp.PurposeResetPassword, "c@x.test", &cid, wrong); err == nil {
			t.Fatal("wrong code accepted")
		}
	}
	if err := s.Verify(ctx, d.DB, otp.PurposeResetPassword, "c@x.test", &cid, c3); err == nil {
		t.Fatal("burnt code accepted")
	}

	// Codes expire (super admin codes sooner).
	c4, _ := s.Issue(ctx, d.DB, otp.PurposeSuperAdminLogin, "sa@x.test", nil)
	now = now.Add(otp.SuperAdminTTL + time.Second)
	if err := s.Verify(ctx, d.DB, otp.PurposeSuperAdminLogin, "sa@x.test", nil, c4); err == nil {
		t.Fatal("expired code accepted")
	}
	c5, _ := s.Issue(ctx, d.DB, otp.PurposeRegister, "e@x.test", &cid)
	now = now.Add(otp.SuperAdminTTL + time.Second)
	if err := s.Verify(ctx, d.DB, otp.PurposeRegister, "e@x.test", &cid, c5); err != nil {
		t.Fatalf("10-minute code refused after 3 min: %v", err)
	}
}
