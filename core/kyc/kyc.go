// Package kyc owns a buyer's identity verification: the buyer submits their PAN, the name on it,
// and UIDAI's Paperless Offline e-KYC zip with its share code (core/kyc/ekyc: signed by UIDAI,
// it gives the name, date of birth, gender, photo and the Aadhaar number's last 4 digits); an
// admin of their company approves — which verifies the account (users.is_approved) — or rejects
// with a reason, and the buyer may submit again after a rejection. Submissions made before the
// offline e-KYC carry card images instead (kyc_documents, source CARDS), still shown. Orders above the token's kycRequiredAbove need an
// APPROVED KYC (purchase asks Approved).
package kyc

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/kyc/ekyc"
	"prelaunch/core/sale"
)

// Statuses. NONE is never stored: it is a buyer without a submission.
const (
	StatusNone     = "NONE"
	StatusPending  = "PENDING"
	StatusApproved = "APPROVED"
	StatusRejected = "REJECTED"
	// StatusExpired is never stored either: an APPROVED submission whose expires_at has passed,
	// as the screens that show a buyer say it (StatusSQL; the KYC review keeps APPROVED with its
	// expired flag, and its list filters EXPIRED).
	StatusExpired = "EXPIRED"
)

// Document kinds of the submissions made before the offline e-KYC (source CARDS): no longer
// asked for, still shown to the reviewer.
const (
	KindPAN          = "PAN"
	KindAadhaarFront = "AADHAAR_FRONT"
	KindAadhaarBack  = "AADHAAR_BACK"
	KindSelfie       = "SELFIE"
)

// Sources of a submission.
const (
	SourceCards = "CARDS"        // card images (before the offline e-KYC)
	SourceEKYC  = "OFFLINE_EKYC" // UIDAI's Paperless Offline e-KYC
)

// MaxReason is the longest rejection reason, in characters.
const MaxReason = fields.MaxReason

// StatusSQL is the KYC status of the user aliased u, for queries that show a buyer: NONE,
// PENDING, APPROVED, REJECTED, or EXPIRED for an approval that no longer holds (Current: its
// expires_at is not after now). Its one placeholder is now (the service's clock).
const StatusSQL = "COALESCE((SELECT CASE WHEN ks.status = '" + StatusApproved + "' AND " +
	"(ks.expires_at IS NULL OR ks.expires_at <= ?) THEN '" + StatusExpired + "' ELSE ks.status END " +
	"FROM kyc_submissions AS ks WHERE ks.user_id = u.id), '" + StatusNone + "')"

// Submission is a buyer's latest KYC submission (one row per buyer).
type Submission struct {
	bun.BaseModel `bun:"table:kyc_submissions,alias:k"`

	UserID    string `bun:"user_id,pk,type:uuid"`
	CompanyID string `bun:"company_id,type:uuid,notnull"`
	Status    string `bun:"status,notnull"`
	PanNumber string `bun:"pan_number,notnull"`
	// The Aadhaar number is never kept whole (docs/security.md, issue 27 finding 1): its last 4
	// digits for the masked display and its HMAC under PII_KEY to find it on another account.
	AadhaarLast4 string    `bun:"aadhaar_last4,notnull"`
	AadhaarHash  string    `bun:"aadhaar_hash,notnull"`
	Reason       string    `bun:"reason,notnull"`
	SubmittedAt  time.Time `bun:"submitted_at,notnull"`
	// Resubmitted: this submission follows a rejection (its replaced documents are marked).
	Resubmitted bool `bun:"resubmitted,notnull"`
	// Source: SourceEKYC, or SourceCards for a submission of card images.
	Source string `bun:"source,notnull"`
	// What UIDAI's signed file said (SourceEKYC): name, date of birth (YYYY-MM-DD, or YYYY),
	// gender, the photo (a sealed media file) and when UIDAI made the file.
	EKYCName        string     `bun:"ekyc_name,notnull"`
	EKYCDOB         string     `bun:"ekyc_dob,notnull"`
	EKYCGender      string     `bun:"ekyc_gender,notnull"`
	EKYCPhotoID     *string    `bun:"ekyc_photo_id,type:uuid"`
	EKYCGeneratedAt *time.Time `bun:"ekyc_generated_at"`
	// PanName is the name on the PAN as the buyer typed it; NameScore is fields.NameScore of it
	// and EKYCName (nil for SourceCards).
	PanName   string     `bun:"pan_name,notnull"`
	NameScore *int       `bun:"name_score"`
	DecidedAt *time.Time `bun:"decided_at"`
	DecidedBy *string    `bun:"decided_by,type:uuid"`
	// DecisionNotifiedAt: when the decision's email was queued (nil: not yet; the sweep retries).
	DecisionNotifiedAt *time.Time `bun:"decision_notified_at"`
	// ApprovedAt and ExpiresAt: the current approval and when it ends (ValidMonths later,
	// HighRiskValidMonths for a HighRisk buyer); an expired approval counts as none.
	ApprovedAt *time.Time `bun:"approved_at"`
	ExpiresAt  *time.Time `bun:"expires_at"`
	// HighRisk is the admin's audited flag (SetRisk).
	HighRisk bool `bun:"high_risk,notnull"`
	// Reminded30At and Reminded7At: when the expiry reminders were queued (each once).
	Reminded30At *time.Time `bun:"reminded_30_at"`
	Reminded7At  *time.Time `bun:"reminded_7_at"`
	UpdatedAt    time.Time  `bun:"updated_at,notnull,default:current_timestamp"`
}

// Document is one file of a submission as the screens show it: a signed link and its type (an
// image is shown, a PDF opened).
type Document struct {
	Kind        string `json:"kind"`
	MediaID     string `json:"mediaId"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
}

// Service is the KYC use cases: the buyer's view and submission, the admin's list and decisions.
type Service struct {
	DB    *bun.DB
	Tasks tasks.Enqueuer // queues the decision emails (the worker sends them)
	Media *media.Signer
	Clock clock.Clock
	Log   *slog.Logger
	// Revoker is told whose account an approval verified, after the commit, so this process's
	// cached user rows see it at once.
	Revoker auth.Revoker
	// Links says where each company's buyer site is, for the emails' link.
	Links company.Links
	// PIIKey (PII_KEY) keys the Aadhaar numbers' hash.
	PIIKey []byte
	// Files seals the documents of a submission (encrypted in the store, media/seal.go).
	Files *media.Store
	// EKYC verifies the offline e-KYC files against UIDAI's certificate (AADHAAR_CERT).
	EKYC *ekyc.Verifier
}

func (s *Service) revoke(ids ...string) {
	if s.Revoker != nil {
		s.Revoker.Revoke(ids...)
	}
}

func (s *Service) logError(msg string, args ...any) {
	if s.Log != nil {
		s.Log.Error(msg, args...)
	}
}

// MaskPAN shows only the last 4 characters of a PAN: XXXXXX234F.
func MaskPAN(p string) string { return fields.MaskPAN(p) }

// ErrRequired is the refusal of an order that takes the buyer above the token's
// kycRequiredAbove without an APPROVED KYC.
func ErrRequired(threshold decimal.Decimal) error {
	return apperr.Forbidden("kyc_required", fmt.Sprintf(
		"Complete your KYC verification to buy more than %s.", sale.Rupees(threshold)))
}

// documents reads the documents of the given users, each user's in kind order, with signed links,
// and from the same rows the kinds changed since a rejection (the review's changedDocuments).
func (s *Service) documents(ctx context.Context, db bun.IDB, userIDs []string) (map[string][]Document, map[string][]string, error) {
	out := make(map[string][]Document, len(userIDs))
	changed := make(map[string][]string, len(userIDs))
	if len(userIDs) == 0 {
		return out, changed, nil
	}
	var rows []struct {
		UserID  string `bun:"user_id"`
		Kind    string `bun:"kind"`
		MediaID string `bun:"media_id"`
		Changed bool   `bun:"changed"`
	}
	err := db.NewSelect().TableExpr("kyc_documents AS d").
		ColumnExpr("d.user_id, d.kind, d.media_id, d.changed").
		Where("d.user_id IN (?)", bun.List(userIDs)).
		OrderExpr("d.user_id, array_position(ARRAY['PAN','AADHAAR_FRONT','AADHAAR_BACK','SELFIE'], d.kind)").
		Scan(ctx, &rows)
	if err != nil {
		return nil, nil, fmt.Errorf("kyc documents: %w", err)
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.MediaID
		if r.Changed { // listed whether or not its file is still there
			changed[r.UserID] = append(changed[r.UserID], r.Kind)
		}
	}
	types, err := media.ContentTypes(ctx, db, ids)
	if err != nil {
		return nil, nil, fmt.Errorf("kyc documents: %w", err)
	}
	for _, r := range rows {
		ct, ok := types[r.MediaID]
		if !ok { // the join dropped a document whose file is gone
			continue
		}
		out[r.UserID] = append(out[r.UserID], Document{Kind: r.Kind, MediaID: r.MediaID,
			URL: s.Media.URL(r.MediaID, media.LinkTTL), ContentType: ct})
	}
	return out, changed, nil
}

func nonNil(d []Document) []Document {
	if d == nil {
		return []Document{}
	}
	return d
}

// normPAN is the PAN as stored: no spaces, upper case.
func normPAN(p string) string { return strings.ToUpper(strings.Join(strings.Fields(p), "")) }

func validPAN(p string) bool { return fields.PAN(p) }

// individualPAN: the 4th character of a PAN says who holds it; P is a person (C a company, H a
// Hindu undivided family, F a firm, T a trust…).
func individualPAN(p string) bool { return len(p) == 10 && p[3] == 'P' }
