package otp

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
)

const (
	// TTL is how long a code lives; the super admin's lives 3 minutes.
	TTL           = 10 * time.Minute
	SuperAdminTTL = 3 * time.Minute
	// MaxAttempts wrong tries burn a code.
	MaxAttempts = 5
	// ResendWindow: a second request within it of the first re-sends the same code instead of
	// voiding it.
	ResendWindow = time.Minute
)

// TTLFor is the life of a code of this purpose.
func TTLFor(purpose string) time.Duration {
	if purpose == PurposeSuperAdminLogin {
		return SuperAdminTTL
	}
	return TTL
}

// Service issues and checks codes. Pepper is mixed into the hash so a leaked table of hashes of
// six-digit codes cannot be reversed offline without the server secret.
type Service struct {
	Pepper []byte
	Now    func() time.Time
}

var errInvalid = apperr.Invalid("otp_invalid", "The code is invalid or has expired. Please request a new one.")

// ErrInvalid is the single answer for a wrong, expired, used or burnt code.
func ErrInvalid() error { return errInvalid }

// Issue returns the code to email for (purpose, subject, company). Within ResendWindow of the
// live code's creation it returns that same code again (a second request re-sends it);
// otherwise it creates a new code, voiding any earlier live one. Codes are stored hashed; the
// plain code is kept only sealed under a key derived from the pepper, to be re-sent. It runs on
// db, which may be a transaction.
func (s *Service) Issue(ctx context.Context, db bun.IDB, purpose, subject string, companyID *string) (string, error) {
	subject = normalise(subject)
	now := s.Now()
	var recent []OTP
	sel := db.NewSelect().Model(&recent).Column("id", "code_hash", "code_sealed").
		Where("purpose = ?", purpose).Where("subject = ?", subject).Where("consumed_at IS NULL").
		Where("expires_at > ?", now).Where("created_at > ?", now.Add(-ResendWindow)).
		Where("code_sealed IS NOT NULL").OrderExpr("created_at DESC").Limit(1)
	if err := whereCompanySel(sel, companyID).Scan(ctx); err != nil {
		return "", fmt.Errorf("read recent code: %w", err)
	}
	if len(recent) == 1 {
		if code, ok := s.open(purpose, subject, recent[0].CodeSealed); ok &&
			hmac.Equal([]byte(recent[0].CodeHash), []byte(s.hash(purpose, subject, code))) {
			return code, nil
		}
	}
	code, err := newCode()
	if err != nil {
		return "", err
	}
	sealed, err := s.seal(purpose, subject, code)
	if err != nil {
		return "", err
	}
	q := db.NewUpdate().Model((*OTP)(nil)).Set("consumed_at = ?", now).Set("code_sealed = NULL").
		Where("purpose = ?", purpose).Where("subject = ?", subject).Where("consumed_at IS NULL")
	q = whereCompany(q, companyID)
	if _, err := q.Exec(ctx); err != nil {
		return "", fmt.Errorf("void old codes: %w", err)
	}
	o := &OTP{Purpose: purpose, Subject: subject, CompanyID: companyID, CodeHash: s.hash(purpose, subject, code),
		CodeSealed: sealed, ExpiresAt: now.Add(TTLFor(purpose)), CreatedAt: now}
	if _, err := db.NewInsert().Model(o).Exec(ctx); err != nil {
		return "", fmt.Errorf("insert code: %w", err)
	}
	return code, nil
}

// sealKey derives the AES-256 key that seals codes for re-sending from the pepper.
func (s *Service) sealKey() []byte {
	m := hmac.New(sha256.New, s.Pepper)
	m.Write([]byte("prelaunch otp resend v1"))
	return m.Sum(nil)
}

func (s *Service) aead() (cipher.AEAD, error) {
	block, err := aes.NewCipher(s.sealKey())
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// seal encrypts code bound to its purpose and subject: nonce || ciphertext.
func (s *Service) seal(purpose, subject, code string) ([]byte, error) {
	g, err := s.aead()
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, g.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return g.Seal(nonce, nonce, []byte(code), []byte(purpose+"\x00"+subject)), nil
}

func (s *Service) open(purpose, subject string, sealed []byte) (string, bool) {
	g, err := s.aead()
	if err != nil || len(sealed) < g.NonceSize() {
		return "", false
	}
	n := g.NonceSize()
	code, err := g.Open(nil, sealed[:n], sealed[n:], []byte(purpose+"\x00"+subject))
	if err != nil {
		return "", false
	}
	return string(code), true
}

// Verify consumes the live code if it matches. A wrong code counts an attempt; the fifth wrong
// attempt burns the code. Every failure is the same 422, so the answer tells an attacker nothing.
func (s *Service) Verify(ctx context.Context, db bun.IDB, purpose, subject string, companyID *string, code string) error {
	subject = normalise(subject)
	code = strings.TrimSpace(code)
	now := s.Now()
	var o OTP
	q := db.NewSelect().Model(&o).Where("purpose = ?", purpose).Where("subject = ?", subject).
		Where("consumed_at IS NULL").Where("expires_at > ?", now).OrderExpr("created_at DESC").Limit(1).For("UPDATE")
	q = whereCompanySel(q, companyID)
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return errInvalid
		}
		return err
	}
	if len(code) != 6 || !hmac.Equal([]byte(o.CodeHash), []byte(s.hash(purpose, subject, code))) {
		upd := db.NewUpdate().Model((*OTP)(nil)).Set("attempts = attempts + 1").
			Set("consumed_at = CASE WHEN attempts + 1 >= ? THEN ?::timestamptz ELSE consumed_at END", MaxAttempts, now).
			Set("code_sealed = CASE WHEN attempts + 1 >= ? THEN NULL ELSE code_sealed END", MaxAttempts).
			Where("id = ?", o.ID)
		if _, err := upd.Exec(ctx); err != nil {
			return err
		}
		return errInvalid
	}
	res, err := db.NewUpdate().Model((*OTP)(nil)).Set("consumed_at = ?", now).Set("code_sealed = NULL").
		Where("id = ?", o.ID).Where("consumed_at IS NULL").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errInvalid
	}
	return nil
}

func (s *Service) hash(purpose, subject, code string) string {
	m := hmac.New(sha256.New, s.Pepper)
	m.Write([]byte(purpose + "\x00" + subject + "\x00" + code))
	return hex.EncodeToString(m.Sum(nil))
}

func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func normalise(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func whereCompany(q *bun.UpdateQuery, companyID *string) *bun.UpdateQuery {
	if companyID == nil {
		return q.Where("company_id IS NULL")
	}
	return q.Where("company_id = ?", *companyID)
}

func whereCompanySel(q *bun.SelectQuery, companyID *string) *bun.SelectQuery {
	if companyID == nil {
		return q.Where("company_id IS NULL")
	}
	return q.Where("company_id = ?", *companyID)
}
