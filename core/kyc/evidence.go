package kyc

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/bank"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/user"
)

// Location statuses of a submission's evidence: the buyer allowed the browser's location
// (GRANTED, with the coordinates), refused it (DECLINED), the browser could not tell
// (UNAVAILABLE), or the client sent none (NOT_SENT: an older app, a script).
const (
	LocationGranted     = "GRANTED"
	LocationDeclined    = "DECLINED"
	LocationUnavailable = "UNAVAILABLE"
	LocationNotSent     = "NOT_SENT"
)

// LocationInput is the browser's location as the buyer consented to share it (Geolocation API).
type LocationInput struct {
	Status    string   `json:"status" form:"status"`
	Latitude  *float64 `json:"latitude" form:"latitude"`
	Longitude *float64 `json:"longitude" form:"longitude"`
	Accuracy  *float64 `json:"accuracy" form:"accuracy"` // metres
}

// Evidence is what was recorded with a submission: where and how it was sent.
type Evidence struct {
	IP          string           `json:"ip"`
	UserAgent   string           `json:"userAgent"`
	SubmittedAt time.Time        `json:"submittedAt"`
	Location    string           `json:"locationStatus"`
	Latitude    *decimal.Decimal `json:"latitude"`
	Longitude   *decimal.Decimal `json:"longitude"`
	AccuracyM   *int             `json:"accuracyM"`
}

// evidenceRow is a kyc_evidence row.
type evidenceRow struct {
	bun.BaseModel `bun:"table:kyc_evidence,alias:ke"`

	UserID      string           `bun:"user_id,pk,type:uuid"`
	IP          string           `bun:"ip,notnull"`
	UserAgent   string           `bun:"user_agent,notnull"`
	SubmittedAt time.Time        `bun:"submitted_at,notnull"`
	Location    string           `bun:"location_status,notnull"`
	Latitude    *decimal.Decimal `bun:"latitude,type:numeric(9,6)"`
	Longitude   *decimal.Decimal `bun:"longitude,type:numeric(9,6)"`
	AccuracyM   *int             `bun:"accuracy_m"`
}

// maxUserAgent bounds the stored user agent (browsers send a few hundred characters).
const maxUserAgent = 512

// checkLocation validates the location of a submission: a GRANTED one carries coordinates on
// Earth, the others none.
func checkLocation(in *LocationInput) (*evidenceRow, error) {
	ev := &evidenceRow{Location: LocationNotSent}
	if in == nil {
		return ev, nil
	}
	status := strings.ToUpper(strings.TrimSpace(in.Status))
	switch status {
	case LocationGranted:
		lat, lng := in.Latitude, in.Longitude
		if lat == nil || lng == nil || math.IsNaN(*lat) || math.IsNaN(*lng) || *lat < -90 || *lat > 90 || *lng < -180 || *lng > 180 {
			return nil, apperr.InvalidField("bad_location", "location", "The location must have a latitude (-90 to 90) and a longitude (-180 to 180).")
		}
		la, lo := decimal.NewFromFloat(*lat).Round(6), decimal.NewFromFloat(*lng).Round(6)
		ev.Latitude, ev.Longitude = &la, &lo
		if in.Accuracy != nil && *in.Accuracy >= 0 && *in.Accuracy < 1e7 {
			m := int(math.Round(*in.Accuracy))
			ev.AccuracyM = &m
		}
	case LocationDeclined, LocationUnavailable, LocationNotSent:
		if in.Latitude != nil || in.Longitude != nil {
			return nil, apperr.InvalidField("bad_location", "location", "A location sent without consent is not accepted.")
		}
	case "":
	default:
		return nil, apperr.InvalidField("bad_location", "location", "location.status must be GRANTED, DECLINED or UNAVAILABLE.")
	}
	if status != "" {
		ev.Location = status
	}
	return ev, nil
}

// errMobileUnverified refuses a submission before the buyer proved their mobile.
func errMobileUnverified() error {
	return apperr.Conflict("mobile_unverified", "Please verify your mobile number by SMS before submitting your KYC.")
}

// requireMobile is the submission's first rule: the buyer's mobile is proved by an SMS code.
func requireMobile(ctx context.Context, db bun.IDB, userID string) error {
	ok, err := user.MobileVerified(ctx, db, userID)
	if err != nil {
		return err
	}
	if !ok {
		return errMobileUnverified()
	}
	return nil
}

// saveEvidence records the submission's evidence in its transaction (replacing a rejected
// submission's).
func saveEvidence(ctx context.Context, tx bun.Tx, userID string, in SubmitInput, ev *evidenceRow, now time.Time) error {
	ev.UserID, ev.SubmittedAt = userID, now
	ev.IP = strings.TrimSpace(in.IP)
	ua := strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, in.UserAgent))
	if len([]rune(ua)) > maxUserAgent {
		ua = string([]rune(ua)[:maxUserAgent])
	}
	ev.UserAgent = ua
	if _, err := tx.NewInsert().Model(ev).On("CONFLICT (user_id) DO UPDATE").
		Set("ip = EXCLUDED.ip, user_agent = EXCLUDED.user_agent, submitted_at = EXCLUDED.submitted_at").
		Set("location_status = EXCLUDED.location_status, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude").
		Set("accuracy_m = EXCLUDED.accuracy_m").Exec(ctx); err != nil {
		return fmt.Errorf("kyc evidence: %w", err)
	}
	return nil
}

// ReviewExtras is what the admin's review shows beside a submission: its evidence, the buyer's
// mobile verification and their verified bank account.
type ReviewExtras struct {
	Evidence         *Evidence  `json:"evidence"`
	MobileVerifiedAt *time.Time `json:"mobileVerifiedAt"`
	BankAccount      *bank.View `json:"bankAccount"`
}

// reviewExtras reads the extras of the rows' submissions: the evidence and the bank account; the
// mobile's verification comes with the row (AdminRow.MobileVerifiedAt).
func reviewExtras(ctx context.Context, db bun.IDB, rows []AdminRow) (map[string]ReviewExtras, error) {
	out := make(map[string]ReviewExtras, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	for i := range rows {
		ids[i] = rows[i].UserID
	}
	var evs []evidenceRow
	if err := db.NewSelect().Model(&evs).Where("user_id IN (?)", bun.List(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("kyc evidence: %w", err)
	}
	accounts, err := bank.ForUsers(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		x := ReviewExtras{MobileVerifiedAt: r.MobileVerifiedAt}
		if a, ok := accounts[r.UserID]; ok {
			x.BankAccount = a.View()
		}
		out[r.UserID] = x
	}
	for _, e := range evs {
		x := out[e.UserID]
		x.Evidence = &Evidence{IP: e.IP, UserAgent: e.UserAgent, SubmittedAt: e.SubmittedAt, Location: e.Location,
			Latitude: e.Latitude, Longitude: e.Longitude, AccuracyM: e.AccuracyM}
		out[e.UserID] = x
	}
	return out, nil
}
