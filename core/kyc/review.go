package kyc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// AdminRecord is a buyer's submission as the admin's KYC review shows it.
type AdminRecord struct {
	UserID        string     `json:"userId"`
	Name          string     `json:"name"`
	Email         string     `json:"email"`
	Mobile        string     `json:"mobile"`
	MemberID      string     `json:"memberId"`
	IsApproved    bool       `json:"isApproved"`
	Status        string     `json:"status"`
	PanNumber     string     `json:"panNumber"`
	AadhaarNumber string     `json:"aadhaarNumber"`
	Documents     []Document `json:"documents"`
	// Resubmitted: the submission follows a rejection; ChangedDocuments are the kinds of the
	// documents the buyer replaced or added since the rejected one.
	Resubmitted      bool       `json:"resubmitted"`
	ChangedDocuments []string   `json:"changedDocuments"`
	Reason           string     `json:"reason"`
	SubmittedAt      time.Time  `json:"submittedAt"`
	DecidedAt        *time.Time `json:"decidedAt"`
	// ExpiresAt is when the current approval ends (nil unless APPROVED); Expired says it has.
	ExpiresAt *time.Time `json:"expiresAt"`
	Expired   bool       `json:"expired"`
	// HighRisk: the admin marked the buyer high-risk (approvals last HighRiskValidMonths).
	HighRisk bool `json:"highRisk"`
	// SharedWith are the other accounts of the company that carry the same Aadhaar number (in
	// their KYC or their profile), for the reviewer to compare (issue 27 finding 7).
	SharedWith []SharedAccount `json:"sharedWith"`
	// Source is OFFLINE_EKYC, or CARDS for a submission of card images (Documents).
	Source string `json:"source"`
	// EKYC is what UIDAI's signed file said (nil for CARDS).
	EKYC *EKYCView `json:"ekyc"`
	// PanName is the name on the PAN as the buyer typed it; NameScore (0-100, nil for CARDS) is
	// how surely it names the e-KYC's person (fields.NameScore); NameMatchMin is the company's
	// threshold, below which NameMismatch warns the reviewer.
	PanName      string `json:"panName"`
	NameScore    *int   `json:"nameScore"`
	NameMatchMin int    `json:"nameMatchMin"`
	NameMismatch bool   `json:"nameMismatch"`
	// The submission's evidence, the buyer's mobile verification and bank account (evidence.go).
	ReviewExtras
}

// EKYCView is an offline e-KYC as the reviewer sees it: the Aadhaar number's last 4 digits are
// the record's AadhaarNumber.
type EKYCView struct {
	Name   string `json:"name"`
	DOB    string `json:"dob"` // YYYY-MM-DD, or YYYY when UIDAI holds only the year
	Gender string `json:"gender"`
	// PhotoURL is a signed link to the photo ("" when the file had none).
	PhotoURL    string    `json:"photoUrl"`
	GeneratedAt time.Time `json:"generatedAt"`
}

// SharedAccount is another account of the company with the same Aadhaar number.
type SharedAccount struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
	Email  string `json:"email"`
}

// sharedAadhaar lists the other live accounts of the company whose KYC submission or profile
// carries the Aadhaar number of hash, oldest first.
func sharedAadhaar(ctx context.Context, db bun.IDB, companyID, userID, hash string) ([]SharedAccount, error) {
	out := []SharedAccount{}
	if hash == "" {
		return out, nil
	}
	var kycs []string
	if err := db.NewSelect().Model((*Submission)(nil)).Column("user_id").Where("company_id = ?", companyID).
		Where("aadhaar_hash = ?", hash).Where("user_id <> ?", userID).Scan(ctx, &kycs); err != nil {
		return nil, fmt.Errorf("kyc shared aadhaar: %w", err)
	}
	accounts, err := user.SharingAadhaar(ctx, db, companyID, userID, hash, kycs)
	if err != nil {
		return nil, fmt.Errorf("kyc shared aadhaar: %w", err)
	}
	for _, a := range accounts {
		out = append(out, SharedAccount{UserID: a.UserID, Name: a.Name, Email: a.Email})
	}
	return out, nil
}

// AdminRow is a submission with its buyer as the review shows them (the list in core/readmodel
// reads them joined; a decision reads its buyer through user.RevieweeOf).
type AdminRow struct {
	Submission `bun:",extend"`
	Name       string `bun:"user_name"`
	Email      string `bun:"user_email"`
	Mobile     string `bun:"user_mobile"`
	MemberID   string `bun:"user_referral_code"`
	IsApproved bool   `bun:"user_is_approved"`
	// MobileVerifiedAt: when the buyer's mobile number was verified (nil: not verified).
	MobileVerifiedAt *time.Time `bun:"user_mobile_verified_at"`
}

// fill sets the row's buyer from u (a decision's record reads its buyer through user.RevieweeOf).
func (r *AdminRow) fill(u user.Reviewee) {
	r.Name, r.Email, r.Mobile, r.MemberID, r.IsApproved, r.MobileVerifiedAt = u.Name, u.Email, u.Mobile, u.ReferralCode, u.IsApproved, u.MobileVerifiedAt
}

// Records makes the review's records of rows: their documents, the kinds changed since a
// rejection and the accounts sharing their Aadhaar number.
func (s *Service) Records(ctx context.Context, db bun.IDB, rows []AdminRow) ([]AdminRecord, error) {
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i] = rows[i].UserID
	}
	docs, changed, err := s.documents(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	extras, err := reviewExtras(ctx, db, rows)
	if err != nil {
		return nil, err
	}
	thresholds := map[string]int{}
	recs := make([]AdminRecord, len(rows))
	now := s.Clock.Now()
	for i := range rows {
		r := &rows[i]
		ch := changed[r.UserID]
		if ch == nil {
			ch = []string{}
		}
		// The reviewer compares the PAN with the card, so it is shown whole; the Aadhaar number
		// stays masked to its last 4 digits.
		recs[i] = AdminRecord{UserID: r.UserID, Name: r.Name, Email: r.Email, Mobile: r.Mobile, MemberID: r.MemberID,
			IsApproved: r.IsApproved, Status: r.Status, PanNumber: r.PanNumber,
			AadhaarNumber: fields.MaskLast4(r.AadhaarLast4), Documents: nonNil(docs[r.UserID]),
			Resubmitted: r.Resubmitted, ChangedDocuments: ch, Reason: r.Reason,
			SubmittedAt: r.SubmittedAt, DecidedAt: r.DecidedAt, Source: r.Source, PanName: r.PanName, NameScore: r.NameScore, ReviewExtras: extras[r.UserID],
			HighRisk: r.HighRisk}
		if r.Status == StatusApproved {
			recs[i].ExpiresAt = r.ExpiresAt
			recs[i].Expired = !Current(r.Status, r.ExpiresAt, now)
		}
		if _, ok := thresholds[r.CompanyID]; !ok {
			if thresholds[r.CompanyID], err = sale.NameMatchMin(ctx, db, r.CompanyID); err != nil {
				return nil, err
			}
		}
		recs[i].NameMatchMin = thresholds[r.CompanyID]
		recs[i].NameMismatch = r.NameScore != nil && *r.NameScore < recs[i].NameMatchMin
		if r.Source == SourceEKYC && r.EKYCGeneratedAt != nil {
			e := &EKYCView{Name: r.EKYCName, DOB: r.EKYCDOB, Gender: r.EKYCGender, GeneratedAt: r.EKYCGeneratedAt.UTC()}
			if r.EKYCPhotoID != nil {
				e.PhotoURL = s.Media.URL(*r.EKYCPhotoID, media.LinkTTL)
			}
			recs[i].EKYC = e
		}
	}
	shared, err := sharedAadhaars(ctx, db, rows)
	if err != nil {
		return nil, err
	}
	for i := range recs {
		recs[i].SharedWith = shared[i]
	}
	return recs, nil
}

// sharedAadhaars is sharedAadhaar for each of rows, in two statements per company (a page of the
// review list asked two per record).
func sharedAadhaars(ctx context.Context, db bun.IDB, rows []AdminRow) ([][]SharedAccount, error) {
	out := make([][]SharedAccount, len(rows))
	byCompany := map[string][]int{}
	for i := range rows {
		out[i] = []SharedAccount{}
		if rows[i].AadhaarHash != "" {
			byCompany[rows[i].CompanyID] = append(byCompany[rows[i].CompanyID], i)
		}
	}
	for companyID, at := range byCompany {
		hashes := make([]string, len(at))
		for j, i := range at {
			hashes[j] = rows[i].AadhaarHash
		}
		var kycs []struct {
			UserID string `bun:"user_id"`
			Hash   string `bun:"aadhaar_hash"`
		}
		if err := db.NewSelect().Model((*Submission)(nil)).Column("user_id", "aadhaar_hash").Where("company_id = ?", companyID).
			Where("aadhaar_hash IN (?)", bun.List(hashes)).Scan(ctx, &kycs); err != nil {
			return nil, fmt.Errorf("kyc shared aadhaar: %w", err)
		}
		qs := make([]user.AadhaarQuery, len(at))
		for j, i := range at {
			qs[j] = user.AadhaarQuery{ExceptID: rows[i].UserID, Hash: rows[i].AadhaarHash}
			for _, k := range kycs {
				if k.Hash == rows[i].AadhaarHash && k.UserID != rows[i].UserID {
					qs[j].Also = append(qs[j].Also, k.UserID)
				}
			}
		}
		accounts, err := user.SharingAadhaars(ctx, db, companyID, qs)
		if err != nil {
			return nil, fmt.Errorf("kyc shared aadhaar: %w", err)
		}
		for j, i := range at {
			for _, a := range accounts[j] {
				out[i] = append(out[i], SharedAccount{UserID: a.UserID, Name: a.Name, Email: a.Email})
			}
		}
	}
	return out, nil
}

func errNotFound() error { return apperr.NotFound("kyc_not_found", "KYC request not found.") }

// Approve moves the buyer's PENDING submission to APPROVED and verifies the account
// (is_approved), in one transaction, audited; the buyer is emailed after the commit.
func (s *Service) Approve(ctx context.Context, actor audit.Actor, companyID, userID string) (*AdminRecord, error) {
	return s.decide(ctx, actor, companyID, userID, StatusApproved, "")
}

// Reject moves the buyer's PENDING submission to REJECTED with the reason (required, one line,
// at most MaxReason characters), audited; the buyer is emailed the reason after the commit.
func (s *Service) Reject(ctx context.Context, actor audit.Actor, companyID, userID, reason string) (*AdminRecord, error) {
	return s.decide(ctx, actor, companyID, userID, StatusRejected, reason)
}

type decisionAudit struct {
	Status     string `json:"status"`
	Reason     string `json:"reason,omitempty"`
	IsApproved bool   `json:"isApproved"`
}

// notice is what a KYC decision's email needs: the buyer, the decision and the company.
type notice struct {
	UserID    string    `bun:"user_id"`
	Status    string    `bun:"status"`
	Reason    string    `bun:"reason"`
	DecidedAt time.Time `bun:"decided_at"`
	Email     string    `bun:"email"`
	Name      string    `bun:"name"`
	Deleted   bool      `bun:"deleted"`
	Brand     string    `bun:"brand"`
	Symbol    string    `bun:"symbol"`
	Company   string    `bun:"company"`
	Domain    string    `bun:"domain"`
}

// noticeSQL selects the decisions of the submissions k; withSenders completes them.
const noticeSQL = `SELECT k.user_id, k.status, k.reason, k.decided_at FROM kyc_submissions AS k`

// withSenders fills the notices' buyer, token and company (user.Parties); a notice whose buyer,
// company or token is not found is left out.
func withSenders(ctx context.Context, db bun.IDB, ns []notice) ([]notice, error) {
	ids := make([]string, len(ns))
	for i := range ns {
		ids[i] = ns[i].UserID
	}
	parties, err := user.Parties(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	out := ns[:0]
	for _, n := range ns {
		p, ok := parties[n.UserID]
		if !ok {
			continue
		}
		n.Email, n.Name, n.Deleted = p.Buyer.Email, p.Buyer.Name, p.Buyer.Deleted
		n.Brand, n.Symbol, n.Company, n.Domain = p.Brand.Name, p.Brand.Symbol, p.Sender.Name, p.Sender.Domain
		out = append(out, n)
	}
	return out, nil
}

func (s *Service) decide(ctx context.Context, actor audit.Actor, companyID, userID, to, reason string) (*AdminRecord, error) {
	userID = strings.TrimSpace(userID)
	reason = strings.TrimSpace(reason)
	var v apperr.Validation
	v.Check(userID != "", "userId is required.")
	if to == StatusRejected {
		if msg := fields.ReasonProblem(reason, true); msg != "" {
			v.Add(msg)
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !fields.UUID(userID) {
		return nil, errNotFound()
	}
	var rec *AdminRecord
	var n notice
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		wasApproved, found, err := user.LockApproval(ctx, tx, companyID, userID)
		if err != nil {
			return err
		}
		if !found {
			return errNotFound()
		}
		now := s.Clock.Now()
		q := tx.NewUpdate().Model((*Submission)(nil)).
			Set("status = ?", to).Set("reason = ?", reason).Set("decided_at = ?", now).Set("decision_notified_at = NULL").Set("updated_at = now()").
			Where("user_id = ?", userID).Where("company_id = ?", companyID).Where("status = ?", StatusPending)
		if to == StatusApproved { // the approval lasts 12 months, 6 for a high-risk buyer
			q = q.Set("approved_at = ?", now).
				Set("expires_at = CAST(? AS timestamptz) + make_interval(months => CASE WHEN high_risk THEN ? ELSE ? END)", now, HighRiskValidMonths, ValidMonths).
				Set("reminded_30_at = NULL").Set("reminded_7_at = NULL")
		}
		if actor.ID != "" {
			q = q.Set("decided_by = ?", actor.ID)
		}
		res, err := q.Exec(ctx)
		if err != nil {
			return fmt.Errorf("decide kyc: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			var status string
			err := tx.NewSelect().Model((*Submission)(nil)).Column("status").
				Where("user_id = ?", userID).Where("company_id = ?", companyID).Scan(ctx, &status)
			if errors.Is(err, sql.ErrNoRows) {
				return errNotFound()
			}
			if err != nil {
				return err
			}
			return apperr.Conflict("kyc_processed", "This KYC request has already been processed.")
		}
		if to == StatusApproved {
			if err := user.Verify(ctx, tx, userID); err != nil {
				return err
			}
		}
		action := "kyc.approve"
		if to == StatusRejected {
			action = "kyc.reject"
		}
		if err := audit.Write(ctx, tx, actor, action, "user", userID,
			decisionAudit{Status: StatusPending, IsApproved: wasApproved},
			decisionAudit{Status: to, Reason: reason, IsApproved: wasApproved || to == StatusApproved}); err != nil {
			return err
		}
		if err := tx.NewRaw(noticeSQL+` WHERE k.user_id = ? LIMIT 1`, userID).Scan(ctx, &n); err != nil {
			return fmt.Errorf("load notice: %w", err)
		}
		ns, err := withSenders(ctx, tx, []notice{n})
		if err != nil {
			return fmt.Errorf("load notice: %w", err)
		}
		if len(ns) != 1 {
			return fmt.Errorf("load notice: %w", sql.ErrNoRows)
		}
		n = ns[0]
		var row AdminRow
		if err := tx.NewSelect().Model(&row.Submission).Where("k.user_id = ?", userID).Where("k.company_id = ?", companyID).
			Scan(ctx); err != nil {
			return fmt.Errorf("kyc record of %s: %w", userID, err)
		}
		u, err := user.RevieweeOf(ctx, tx, userID)
		if err != nil {
			return fmt.Errorf("kyc record of %s: %w", userID, err)
		}
		var rows []AdminRow
		if !u.Deleted {
			row.fill(u)
			rows = append(rows, row)
		}
		recs, err := s.Records(ctx, tx, rows)
		if err != nil {
			return err
		}
		if len(recs) != 1 {
			return fmt.Errorf("kyc record of %s not found after the decision", userID)
		}
		rec = &recs[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	if to == StatusApproved {
		s.revoke(userID)
	}
	if err := s.sendNotice(ctx, n); err != nil {
		// The decision stands; the admin sees it and the buyer sees it on the Verification screen;
		// the worker's sweep queues the email later (SendPendingNotices).
		s.logError("kyc decision mail not queued; the sweep will retry", "user", userID, "err", err)
	}
	return rec, nil
}

// sendNotice queues the decision email (the worker sends it) and records that it was queued. Its
// task id names the decision, so one decision is mailed once whoever queues it. A deleted buyer
// gets no mail, but the notice is settled.
func (s *Service) sendNotice(ctx context.Context, n notice) error {
	if !n.Deleted && n.Email != "" {
		var domains []string
		if n.Domain != "" {
			domains = []string{n.Domain}
		}
		from := mail.From{Brand: n.Brand, Company: n.Company, URL: s.Links.SiteURL(n.Symbol, domains)}
		task, err := tasks.NewEmailSendTask(mail.KYCDecisionMessage(n.Email, n.Name, from, n.Status, n.Reason))
		if err != nil {
			return err
		}
		id := fmt.Sprintf("kyc:%s:%d", n.UserID, n.DecidedAt.UnixNano())
		_, err = s.Tasks.EnqueueContext(ctx, task, asynq.TaskID(id), asynq.Retention(24*time.Hour))
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
			return fmt.Errorf("queue kyc mail: %w", err)
		}
	}
	_, err := s.DB.NewUpdate().Table("kyc_submissions").Set("decision_notified_at = now()").
		Where("user_id = ?", n.UserID).Where("decided_at = ?", n.DecidedAt).Where("decision_notified_at IS NULL").Exec(ctx)
	return err
}

// NoticeLookback is how far back the sweep looks for decisions whose email was not queued.
const NoticeLookback = 24 * time.Hour

// SendPendingNotices queues the emails of KYC decisions made at least a minute ago (so the
// review's own attempt goes first) and not yet queued, at most 200 a call. It returns how many.
func (s *Service) SendPendingNotices(ctx context.Context, now time.Time) (int, error) {
	var rows []notice
	err := s.DB.NewRaw(noticeSQL+` WHERE k.decided_at IS NOT NULL AND k.decision_notified_at IS NULL
		AND k.decided_at > ? AND k.decided_at <= ? ORDER BY k.decided_at LIMIT 200`,
		now.Add(-NoticeLookback), now.Add(-time.Minute)).Scan(ctx, &rows)
	if err != nil {
		return 0, fmt.Errorf("pending kyc notices: %w", err)
	}
	if rows, err = withSenders(ctx, s.DB, rows); err != nil {
		return 0, fmt.Errorf("pending kyc notices: %w", err)
	}
	for i, n := range rows {
		if err := s.sendNotice(ctx, n); err != nil {
			return i, err
		}
	}
	return len(rows), nil
}
