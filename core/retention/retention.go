// Package retention purges what has passed its retention (docs/compliance.md, "Records for 5
// years"): a closed buyer's account is anonymised when it closes (user.Service.Delete); its
// purchases, KYC record and audit entries are kept 5 years, then this job purges their personal
// data — the KYC record and documents, the purchases' payment references and proofs, the audit
// entries' personal keys, and every file the buyer uploaded. Each table is changed by its owner's
// function (kyc.PurgeRecords, purchase.PurgePersonal, audit.RedactFor, media.ForgetOwned,
// user.MarkPurged) in one transaction per batch; a dry run does the same and rolls it back, so
// its report is exactly what a purge would do.
package retention

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/user"
)

// Years is how long the records of a closed account are kept.
const Years = 5

// Cutoff is the latest closing time whose records are purged at now.
func Cutoff(now time.Time) time.Time { return now.AddDate(-Years, 0, 0) }

// batch is how many accounts one transaction purges.
const batch = 100

// Report is what a purge did, or a dry run would do.
type Report struct {
	DryRun       bool      `json:"dryRun"`
	Cutoff       time.Time `json:"cutoff"`
	Accounts     int       `json:"accounts"`
	KYCRecords   int       `json:"kycRecords"`
	KYCDocuments int       `json:"kycDocuments"`
	Purchases    int       `json:"purchases"`
	AuditEntries int       `json:"auditEntries"`
	Files        int       `json:"files"`
}

func (r Report) String() string {
	verb := "purged"
	if r.DryRun {
		verb = "would purge (dry run)"
	}
	return fmt.Sprintf("retention: accounts closed on or before %s: %s %d accounts: %d KYC records, %d KYC documents, "+
		"%d purchases' payment details, %d audit entries' personal data, %d files",
		r.Cutoff.UTC().Format(time.RFC3339), verb, r.Accounts, r.KYCRecords, r.KYCDocuments, r.Purchases, r.AuditEntries, r.Files)
}

// Service runs the purge.
type Service struct {
	DB    *bun.DB
	Files *media.Store
	Clock clock.Clock
	Log   *slog.Logger
}

var errDryRun = errors.New("dry run")

// Run purges (or, dryRun, reports without changing anything) the records of the buyers whose
// account closed 5 years or more before now.
func (s *Service) Run(ctx context.Context, dryRun bool) (Report, error) {
	now := s.Clock.Now()
	r := Report{DryRun: dryRun, Cutoff: Cutoff(now)}
	for {
		var blobs []string
		var n int
		err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			limit := batch
			if dryRun {
				limit = 1 << 30 // everything at once: a dry run's batches would all see the same rows
			}
			ids, err := user.ClosedBefore(ctx, tx, r.Cutoff, limit)
			if err != nil {
				return err
			}
			n = len(ids)
			if n == 0 {
				return nil
			}
			k, err := kyc.PurgeRecords(ctx, tx, ids)
			if err != nil {
				return err
			}
			p, _, err := purchase.PurgePersonal(ctx, tx, ids)
			if err != nil {
				return err
			}
			a, err := audit.RedactFor(ctx, tx, ids)
			if err != nil {
				return err
			}
			if blobs, err = media.ForgetOwned(ctx, tx, "user", ids); err != nil {
				return err
			}
			if err := user.MarkPurged(ctx, tx, ids, now); err != nil {
				return err
			}
			r.Accounts += n
			r.KYCRecords += k.Records
			r.KYCDocuments += k.Documents
			r.Purchases += p
			r.AuditEntries += a
			r.Files += len(blobs)
			if dryRun {
				return errDryRun
			}
			return nil
		})
		if dryRun && errors.Is(err, errDryRun) {
			return r, nil
		}
		if err != nil {
			return r, fmt.Errorf("retention: %w", err)
		}
		if n == 0 {
			return r, nil
		}
		if err := s.Files.RemoveBlobs(ctx, blobs); err != nil && s.Log != nil {
			// The rows are gone; a file left behind is logged for the operator.
			s.Log.Error("retention: files not removed", "err", err)
		}
		if n < batch {
			return r, nil
		}
	}
}
