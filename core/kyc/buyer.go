package kyc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/user"
)

// View is the buyer's KYC as GET /user/kyc/get answers it; the numbers masked but for their
// last 4 characters, except the PAN of a REJECTED submission, answered whole to its buyer so the
// form to submit again starts with it (docs/security.md, "KYC documents and numbers"). The
// Aadhaar number is never kept whole, so never answered whole.
type View struct {
	Status        string     `json:"status"`
	PanNumber     string     `json:"panNumber"`
	AadhaarNumber string     `json:"aadhaarNumber"`
	Documents     []Document `json:"documents"`
	Reason        string     `json:"reason"`
	SubmittedAt   *time.Time `json:"submittedAt"`
	DecidedAt     *time.Time `json:"decidedAt"`
	// ExpiresAt is when an APPROVED verification ends; Expired says it has (the buyer then
	// submits again: Submit accepts an expired approval like a rejection).
	ExpiresAt *time.Time `json:"expiresAt"`
	Expired   bool       `json:"expired"`
}

// Get is the buyer's KYC: NONE with empty fields before a first submission.
func (s *Service) Get(ctx context.Context, b user.Buyer) (*View, error) {
	return s.view(ctx, s.DB, b.UserID)
}

func (s *Service) view(ctx context.Context, db bun.IDB, userID string) (*View, error) {
	var k Submission
	err := db.NewSelect().Model(&k).Where("user_id = ?", userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return &View{Status: StatusNone, Documents: []Document{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("kyc get: %w", err)
	}
	docs, err := s.documents(ctx, db, []string{userID})
	if err != nil {
		return nil, err
	}
	submitted := k.SubmittedAt
	pan := MaskPAN(k.PanNumber)
	if k.Status == StatusRejected {
		pan = k.PanNumber
	}
	v := &View{Status: k.Status, PanNumber: pan, AadhaarNumber: fields.MaskLast4(k.AadhaarLast4),
		Documents: nonNil(docs[userID]), Reason: k.Reason, SubmittedAt: &submitted, DecidedAt: k.DecidedAt}
	if k.Status == StatusApproved {
		v.ExpiresAt, v.Expired = k.ExpiresAt, !Current(k.Status, k.ExpiresAt, s.Clock.Now())
	}
	return v, nil
}

// DocumentInput names one uploaded file of a submission.
type DocumentInput struct {
	Kind    string `json:"kind" form:"kind"`
	MediaID string `json:"mediaId" form:"mediaId"`
}

// SubmitInput is the body of POST /user/kyc/submit.
type SubmitInput struct {
	PanNumber     string          `json:"panNumber" form:"panNumber"`
	AadhaarNumber string          `json:"aadhaarNumber" form:"aadhaarNumber"`
	Documents     []DocumentInput `json:"documents" form:"documents"`
}

// docField names the document of a kind in a 422's errors: "documents.PAN", "documents.SELFIE".
func docField(kind string) string { return "documents." + kind }

const msgNotOwned = "The file was not found. Please upload it again."

// check validates a submission and returns it normalised: every failing field is named.
func check(in SubmitInput) (pan, aadhaar string, docs map[string]string, err error) {
	var v apperr.Validation
	pan = normPAN(in.PanNumber)
	v.CheckField(validPAN(pan), "panNumber", "Please enter a valid PAN (e.g. ABCDE1234F).")
	aadhaar = fields.NormalizeAadhaar(in.AadhaarNumber)
	if !fields.AadhaarShape(aadhaar) {
		v.Field("Please enter a valid 12-digit Aadhaar number.", "aadhaarNumber")
	} else {
		v.CheckField(fields.VerhoeffValid(aadhaar), "aadhaarNumber", fields.MsgAadhaarChecksum)
	}
	docs = map[string]string{}
	files := map[string]bool{}
	badKind, twice := false, false
	for _, d := range in.Documents {
		kind, id := strings.ToUpper(strings.TrimSpace(d.Kind)), strings.ToLower(strings.TrimSpace(d.MediaID))
		if !knownKind(kind) {
			badKind = true
			continue
		}
		if _, ok := docs[kind]; ok || files[id] {
			twice = true
			continue
		}
		docs[kind], files[id] = id, true
	}
	v.CheckField(!badKind, "documents", "Document kind must be PAN, AADHAAR_FRONT, AADHAAR_BACK or SELFIE.")
	v.CheckField(!twice, "documents", "Upload each document once.")
	for _, r := range required {
		if _, ok := docs[r.kind]; !ok {
			v.Field(r.msg, docField(r.kind))
		}
	}
	return pan, aadhaar, docs, v.Err()
}

// checkFiles verifies that every file is the buyer's own upload (any failure is the same 422,
// so ids of others reveal nothing), an image or a PDF, and the selfie an image.
func checkFiles(ctx context.Context, db bun.IDB, userID string, docs map[string]string) error {
	ids := make([]string, 0, len(docs))
	for _, id := range docs {
		if !fields.UUID(id) {
			return apperr.InvalidField("media_not_owned", "documents", msgNotOwned)
		}
		ids = append(ids, id)
	}
	types, err := media.OwnedTypes(ctx, db, ids, "user", userID)
	if err != nil {
		return fmt.Errorf("kyc files: %w", err)
	}
	var v apperr.Validation
	for kind, id := range docs {
		ct, ok := types[id]
		if !ok {
			return apperr.InvalidField("media_not_owned", "documents", msgNotOwned)
		}
		if kind == KindSelfie {
			v.CheckField(media.IsImage(ct), docField(kind), "The selfie must be a JPG, PNG or WEBP image.")
		} else {
			v.CheckField(media.IsImage(ct) || ct == media.TypePDF, docField(kind), "KYC documents must be JPG, PNG, WEBP or PDF files.")
		}
	}
	return v.Err()
}

func errUnderReview() error {
	return apperr.Conflict("kyc_pending", "Your KYC is already under review.")
}
func errVerified() error { return apperr.Conflict("kyc_approved", "Your KYC is already verified.") }

// Submit records the buyer's submission as PENDING: from NONE (a new row), REJECTED or an
// APPROVED one that expired (the row replaced, the reason cleared). One conditional upsert, so two submissions racing have one
// effect and the other gets the 409 of a PENDING KYC.
func (s *Service) Submit(ctx context.Context, b user.Buyer, in SubmitInput) (*View, error) {
	pan, aadhaar, docs, err := check(in)
	if err != nil {
		return nil, err
	}
	if err := checkFiles(ctx, s.DB, b.UserID, docs); err != nil {
		return nil, err
	}
	// The documents are encrypted in the store before the submission is recorded; the plaintext
	// copies go once it is (issue 27 finding 1).
	ids := make([]string, 0, len(docs))
	for _, id := range docs {
		ids = append(ids, id)
	}
	seals, err := s.Files.SealBlobs(ctx, s.DB, ids)
	if err != nil {
		return nil, err
	}
	var out *View
	hash := fields.AadhaarHash(s.PIIKey, aadhaar)
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// One Aadhaar number, one account of a company (issue 27 finding 7): submissions of one
		// number queue on this lock, so two accounts racing cannot both pass the check.
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 27))", b.CompanyID+":"+hash); err != nil {
			return fmt.Errorf("kyc lock: %w", err)
		}
		other, err := sharedAadhaar(ctx, tx, b.CompanyID, b.UserID, hash)
		if err != nil {
			return err
		}
		if len(other) > 0 {
			return apperr.Conflict("aadhaar_taken",
				"This Aadhaar number is already registered with another account. Please contact support if this is your number.")
		}
		now := s.Clock.Now()
		var uid []string
		err = tx.NewRaw(`INSERT INTO kyc_submissions AS k
				(user_id, company_id, status, pan_number, aadhaar_last4, aadhaar_hash, reason, submitted_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, '', ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, pan_number = EXCLUDED.pan_number,
				aadhaar_last4 = EXCLUDED.aadhaar_last4, aadhaar_hash = EXCLUDED.aadhaar_hash, reason = '', submitted_at = EXCLUDED.submitted_at,
				decided_at = NULL, decided_by = NULL, decision_notified_at = NULL, updated_at = EXCLUDED.updated_at
			WHERE k.status = ? OR (k.status = ? AND k.expires_at <= ?)
			RETURNING k.user_id`, b.UserID, b.CompanyID, StatusPending, pan, fields.AadhaarLast4(aadhaar), hash, now, now, StatusRejected,
			StatusApproved, now).Scan(ctx, &uid)
		if err != nil {
			return fmt.Errorf("kyc submit: %w", err)
		}
		if len(uid) == 0 {
			var status string
			if err := tx.NewSelect().Model((*Submission)(nil)).Column("status").Where("user_id = ?", b.UserID).Scan(ctx, &status); err != nil {
				return fmt.Errorf("kyc status: %w", err)
			}
			if status == StatusApproved {
				return errVerified()
			}
			return errUnderReview()
		}
		// The rejected submission's documents, to mark the ones this one replaces or adds.
		var prev []struct {
			Kind    string `bun:"kind"`
			MediaID string `bun:"media_id"`
		}
		if err := tx.NewRaw("SELECT kind, media_id FROM kyc_documents WHERE user_id = ?", b.UserID).Scan(ctx, &prev); err != nil {
			return fmt.Errorf("kyc earlier documents: %w", err)
		}
		before := make(map[string]string, len(prev))
		for _, d := range prev {
			before[d.Kind] = d.MediaID
		}
		resubmitted := len(prev) > 0
		if _, err := tx.NewDelete().TableExpr("kyc_documents").Where("user_id = ?", b.UserID).Exec(ctx); err != nil {
			return fmt.Errorf("kyc documents: %w", err)
		}
		for kind, id := range docs {
			changed := resubmitted && before[kind] != id
			if _, err := tx.NewRaw("INSERT INTO kyc_documents (user_id, kind, media_id, changed) VALUES (?, ?, ?, ?)",
				b.UserID, kind, id, changed).Exec(ctx); err != nil {
				return fmt.Errorf("kyc document: %w", err)
			}
		}
		if err := media.CommitSealing(ctx, tx, seals); err != nil {
			return err
		}
		if _, err := tx.NewRaw("UPDATE kyc_submissions SET resubmitted = ? WHERE user_id = ?", resubmitted, b.UserID).Exec(ctx); err != nil {
			return fmt.Errorf("kyc resubmitted: %w", err)
		}
		out, err = s.view(ctx, tx, b.UserID)
		return err
	})
	if err != nil {
		s.Files.Abandon(ctx, seals)
		return nil, err
	}
	if err := s.Files.Finish(ctx, seals); err != nil {
		s.logError("kyc: plaintext copies of sealed documents not removed", "user", b.UserID, "err", err)
	}
	return out, nil
}

// SealStoredDocuments encrypts the files of every KYC submission made before documents were
// sealed (the worker runs it at start-up); it returns how many files it sealed.
func (s *Service) SealStoredDocuments(ctx context.Context) (int, error) {
	ids, err := media.Unsealed(ctx, s.DB, s.DB.NewSelect().TableExpr("kyc_documents").Column("media_id"))
	if err != nil {
		return 0, fmt.Errorf("kyc files to seal: %w", err)
	}
	n := 0
	for start := 0; start < len(ids); start += 50 {
		batch := ids[start:min(start+50, len(ids))]
		seals, err := s.Files.SealBlobs(ctx, s.DB, batch)
		if err != nil {
			return n, err
		}
		if err := media.CommitSealing(ctx, s.DB, seals); err != nil {
			s.Files.Abandon(ctx, seals)
			return n, err
		}
		if err := s.Files.Finish(ctx, seals); err != nil {
			s.logError("kyc: plaintext copies of sealed documents not removed", "err", err)
		}
		n += len(seals)
	}
	return n, nil
}
