package kyc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/media"
	"prelaunch/core/kyc/ekyc"
	"prelaunch/core/user"
)

// View is the buyer's KYC as GET /user/kyc/get answers it; the PAN masked but for its last 4
// characters, except the PAN of a REJECTED submission, answered whole to its buyer so the form to
// submit again starts with it (docs/security.md, "KYC documents and numbers"). The Aadhaar number
// is never known whole (the e-KYC file carries its last 4 digits), so never answered whole.
type View struct {
	Status        string `json:"status"`
	PanNumber     string `json:"panNumber"`
	PanName       string `json:"panName"`
	AadhaarNumber string `json:"aadhaarNumber"`
	// EKYCName is the name in the buyer's e-KYC file ("" for a submission of card images).
	EKYCName    string     `json:"ekycName"`
	Documents   []Document `json:"documents"`
	Reason      string     `json:"reason"`
	SubmittedAt *time.Time `json:"submittedAt"`
	DecidedAt   *time.Time `json:"decidedAt"`
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
	docs, _, err := s.documents(ctx, db, []string{userID})
	if err != nil {
		return nil, err
	}
	submitted := k.SubmittedAt
	pan := MaskPAN(k.PanNumber)
	if k.Status == StatusRejected {
		pan = k.PanNumber
	}
	v := &View{Status: k.Status, PanNumber: pan, PanName: k.PanName, AadhaarNumber: fields.MaskLast4(k.AadhaarLast4),
		EKYCName: k.EKYCName, Documents: nonNil(docs[userID]), Reason: k.Reason, SubmittedAt: &submitted, DecidedAt: k.DecidedAt}
	if k.Status == StatusApproved {
		v.ExpiresAt, v.Expired = k.ExpiresAt, !Current(k.Status, k.ExpiresAt, s.Clock.Now())
	}
	return v, nil
}

// SubmitInput is the multipart body of POST /user/kyc/submit: the PAN, the name on it, and the
// offline e-KYC zip (part "file") with its share code.
type SubmitInput struct {
	PanNumber string `form:"panNumber"`
	PanName   string `form:"panName"`
	ShareCode string `form:"shareCode"`
	File      []byte `form:"-"`
	// Location is the browser's location when the buyer consented, else why not (evidence.go).
	Location *LocationInput `json:"location" form:"-"`
	// IP (through the trusted-proxy rule) and UserAgent are the request's, set by the handler.
	IP        string `json:"-" form:"-"`
	UserAgent string `json:"-" form:"-"`
}

// MaxPanName is the longest name on a PAN, in characters.
const MaxPanName = 100

// Answers to the e-KYC file's refusals (all 422 on the field "file" but a wrong share code, on
// "shareCode", and a file above ekyc.MaxZip, 413).
const (
	MsgNoFile     = "Please upload the e-KYC zip file you downloaded from UIDAI."
	MsgSignature  = "The e-KYC file's signature is not valid."
	MsgTooOld     = "The e-KYC file is older than 3 days. Download a new one from UIDAI."
	MsgFuture     = "The e-KYC file's date is in the future. Download a new one from UIDAI."
	MsgShareCode  = "The share code does not open this e-KYC file. Enter the 4-character share code you chose when downloading it."
	MsgNotZip     = "This is not the e-KYC zip file from UIDAI. Upload the .zip file as you downloaded it."
	MsgNoXML      = "The zip holds no e-KYC file. Upload the .zip file from UIDAI as you downloaded it."
	MsgHostile    = "This zip is not UIDAI's e-KYC file: it has extra files, folders or oversized content."
	MsgNotLocked  = "This zip is not protected by a share code, so it is not UIDAI's e-KYC file as downloaded."
	MsgDamaged    = "The e-KYC file is damaged. Download it again from UIDAI."
	MsgNotEKYC    = "This file is not a UIDAI offline e-KYC file."
	MsgTooLarge   = "The e-KYC file is larger than 512 KB; UIDAI's file is far smaller. Upload the .zip file from UIDAI."
	MsgBadPhoto   = "The photo in the e-KYC file could not be read. Download the file again from UIDAI."
	MsgCompanyPAN = "This PAN is not an individual's (its 4th letter must be P). Enter your personal PAN."
)

// check validates the typed fields and returns them normalised: every failing field is named.
func check(in SubmitInput) (pan, panName, code string, err error) {
	var v apperr.Validation
	pan = normPAN(in.PanNumber)
	if !validPAN(pan) {
		v.Field("Please enter a valid PAN (e.g. ABCDE1234F).", "panNumber")
	} else {
		v.CheckField(individualPAN(pan), "panNumber", MsgCompanyPAN)
	}
	panName = strings.Join(strings.Fields(in.PanName), " ")
	switch {
	case panName == "":
		v.Field("Please enter your name as printed on your PAN card.", "panName")
	case !utf8.ValidString(panName) || strings.ContainsRune(panName, 0) || utf8.RuneCountInString(panName) > MaxPanName || len(fields.NameTokens(panName)) == 0 || strings.ContainsAny(panName, "0123456789"):
		v.Field(fmt.Sprintf("Please enter your name as printed on your PAN card (letters, at most %d characters).", MaxPanName), "panName")
	}
	code = strings.TrimSpace(in.ShareCode)
	v.CheckField(shareCodeRe.MatchString(code), "shareCode", "Please enter the 4-character share code you chose on the UIDAI site.")
	v.CheckField(len(in.File) > 0, "file", MsgNoFile)
	return pan, panName, code, v.Err()
}

var shareCodeRe = regexp.MustCompile(`^[A-Za-z0-9]{4}$`)

// ekycError is the answer to a file ekyc refused.
func ekycError(err error) error {
	field := func(slug, msg string) error { return apperr.InvalidField(slug, "file", msg) }
	switch {
	case errors.Is(err, ekyc.ErrTooLarge):
		return apperr.TooLarge("ekyc_too_large", MsgTooLarge).On("file")
	case errors.Is(err, ekyc.ErrShareCode):
		return apperr.InvalidField("ekyc_share_code", "shareCode", MsgShareCode)
	case errors.Is(err, ekyc.ErrSignature):
		return field("ekyc_signature", MsgSignature)
	case errors.Is(err, ekyc.ErrNotZip):
		return field("ekyc_not_zip", MsgNotZip)
	case errors.Is(err, ekyc.ErrNoXML):
		return field("ekyc_no_xml", MsgNoXML)
	case errors.Is(err, ekyc.ErrHostileZip):
		return field("ekyc_hostile_zip", MsgHostile)
	case errors.Is(err, ekyc.ErrNotLocked):
		return field("ekyc_not_locked", MsgNotLocked)
	case errors.Is(err, ekyc.ErrNotEKYC):
		return field("ekyc_not_ekyc", MsgNotEKYC)
	default: // damaged, or an encryption UIDAI does not use
		return field("ekyc_damaged", MsgDamaged)
	}
}

// MaxClockSkew is how far in the future a file's timestamp may be (clocks differ).
const MaxClockSkew = time.Hour

// readEKYC opens and verifies the file and checks its age.
func (s *Service) readEKYC(file []byte, code string) (*ekyc.Record, error) {
	if s.EKYC == nil {
		return nil, errors.New("kyc: no e-KYC verifier (AADHAAR_CERT) configured")
	}
	rec, err := s.EKYC.Read(file, code)
	if err != nil {
		return nil, ekycError(err)
	}
	now := s.Clock.Now()
	if now.Sub(rec.Generated) > ekyc.MaxAge {
		return nil, apperr.InvalidField("ekyc_too_old", "file", MsgTooOld)
	}
	if rec.Generated.Sub(now) > MaxClockSkew {
		return nil, apperr.InvalidField("ekyc_future", "file", MsgFuture)
	}
	return rec, nil
}

// IdentityHash is the keyed hash (HMAC-SHA256 under PII_KEY) that finds one person on two
// accounts of a company: the e-KYC file carries the Aadhaar number's last 4 digits only, so it
// is taken over them with the date of birth, gender and name UIDAI holds.
func IdentityHash(key []byte, rec *ekyc.Record) string {
	name := strings.ToLower(strings.Join(strings.Fields(rec.Name), " "))
	return fields.AadhaarHash(key, "ekyc|"+rec.Last4+"|"+rec.DOB+"|"+rec.Gender+"|"+name)
}

func errUnderReview() error {
	return apperr.Conflict("kyc_pending", "Your KYC is already under review.")
}
func errVerified() error { return apperr.Conflict("kyc_approved", "Your KYC is already verified.") }

// Submit records the buyer's submission as PENDING: from NONE (a new row), REJECTED or an
// APPROVED one that expired (the row replaced, the reason cleared). The e-KYC file is verified
// first (signature, share code, age); its photo is stored sealed, the zip itself is not kept. One
// conditional upsert, so two submissions racing have one effect and the other gets the 409 of a
// PENDING KYC.
func (s *Service) Submit(ctx context.Context, b user.Buyer, in SubmitInput) (*View, error) {
	if err := requireMobile(ctx, s.DB, b.UserID); err != nil {
		return nil, err
	}
	ev, err := checkLocation(in.Location)
	if err != nil {
		return nil, err
	}
	pan, panName, code, err := check(in)
	if err != nil {
		return nil, err
	}
	rec, err := s.readEKYC(in.File, code)
	if err != nil {
		return nil, err
	}
	score := fields.NameScore(panName, rec.Name)
	hash := IdentityHash(s.PIIKey, rec)
	var out *View
	var photo *media.Media
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// One person, one account of a company (issue 27 finding 7): submissions of one identity
		// queue on this lock, so two accounts racing cannot both pass the check.
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended(?, 27))", b.CompanyID+":"+hash); err != nil {
			return fmt.Errorf("kyc lock: %w", err)
		}
		other, err := sharedAadhaar(ctx, tx, b.CompanyID, b.UserID, hash)
		if err != nil {
			return err
		}
		if len(other) > 0 {
			return apperr.Conflict("aadhaar_taken",
				"This Aadhaar is already registered with another account. Please contact support if this is your Aadhaar.")
		}
		var prev []Submission
		if err := tx.NewSelect().Model(&prev).Column("status", "expires_at").Where("user_id = ?", b.UserID).Scan(ctx); err != nil {
			return fmt.Errorf("kyc status: %w", err)
		}
		// An approval that expired is submitted again like a rejection.
		if len(prev) > 0 && prev[0].Status == StatusApproved && Current(prev[0].Status, prev[0].ExpiresAt, s.Clock.Now()) {
			return errVerified()
		}
		if len(prev) > 0 && prev[0].Status == StatusPending {
			return errUnderReview()
		}
		var photoID *string
		if len(rec.Photo) > 0 {
			photo, err = s.Files.SaveSealed(ctx, tx, media.Owner{Kind: "user", ID: b.UserID, CompanyID: b.CompanyID},
				media.File{Name: "ekyc-photo.jpg", Data: rec.Photo})
			if apperr.Is(err, apperr.KindUnsupported) || apperr.Is(err, apperr.KindInvalid) || apperr.Is(err, apperr.KindTooLarge) {
				return apperr.InvalidField("ekyc_photo", "file", MsgBadPhoto)
			}
			if err != nil {
				return err
			}
			photoID = &photo.ID
		}
		now := s.Clock.Now()
		generated := rec.Generated.UTC()
		var uid []string
		err = tx.NewRaw(`INSERT INTO kyc_submissions AS k
				(user_id, company_id, status, pan_number, aadhaar_last4, aadhaar_hash, reason, submitted_at, updated_at,
				 source, ekyc_name, ekyc_dob, ekyc_gender, ekyc_photo_id, ekyc_generated_at, pan_name, name_score, resubmitted)
			VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false)
			ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, pan_number = EXCLUDED.pan_number,
				aadhaar_last4 = EXCLUDED.aadhaar_last4, aadhaar_hash = EXCLUDED.aadhaar_hash, reason = '', submitted_at = EXCLUDED.submitted_at,
				decided_at = NULL, decided_by = NULL, decision_notified_at = NULL, updated_at = EXCLUDED.updated_at,
				source = EXCLUDED.source, ekyc_name = EXCLUDED.ekyc_name, ekyc_dob = EXCLUDED.ekyc_dob, ekyc_gender = EXCLUDED.ekyc_gender,
				ekyc_photo_id = EXCLUDED.ekyc_photo_id, ekyc_generated_at = EXCLUDED.ekyc_generated_at, pan_name = EXCLUDED.pan_name,
				name_score = EXCLUDED.name_score, resubmitted = true
			WHERE k.status = ? OR (k.status = ? AND k.expires_at <= ?)
			RETURNING k.user_id`, b.UserID, b.CompanyID, StatusPending, pan, rec.Last4, hash, now, now,
			SourceEKYC, rec.Name, rec.DOB, rec.Gender, photoID, generated, panName, score, StatusRejected,
			StatusApproved, now).Scan(ctx, &uid)
		if err != nil {
			return fmt.Errorf("kyc submit: %w", err)
		}
		if len(uid) == 0 { // another submission of this buyer got there first
			return errUnderReview()
		}
		// The card images of a submission made before the offline e-KYC are not part of this one.
		if _, err := tx.NewDelete().TableExpr("kyc_documents").Where("user_id = ?", b.UserID).Exec(ctx); err != nil {
			return fmt.Errorf("kyc documents: %w", err)
		}
		if err := saveEvidence(ctx, tx, b.UserID, in, ev, now); err != nil {
			return err
		}
		out, err = s.view(ctx, tx, b.UserID)
		return err
	})
	if err != nil {
		s.Files.Discard(ctx, photo)
		return nil, err
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
