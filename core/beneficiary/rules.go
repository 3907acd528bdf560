package beneficiary

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"prelaunch/core/infra/mail"
	"regexp"
	"strings"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
)

var (
	ifscRE    = regexp.MustCompile(`^[A-Z]{4}0[A-Z0-9]{6}$`)
	upiRE     = regexp.MustCompile(`^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$`)
	accountRE = regexp.MustCompile(`^[0-9]{6,20}$`)
)

// Service holds each company's payment details: the admin's view and edit, the buyer's
// payment page and the super admin's list.
type Service struct {
	DB *bun.DB
	// Confirm checks the acting admin's password and two-factor code before a change.
	Confirm Confirmer
	// Tasks queues the notice of a change to every admin of the company.
	Tasks tasks.Enqueuer
	Clock clock.Clock
	Log   *slog.Logger
	// Audience answers who is told of a payout change — the company's admins' emails, the acting
	// admin as "Name (email)" and the company and token the notice is sent under — wired by runtime
	// to readmodel.PayoutAudience (users, companies and tokens are other nouns' tables).
	Audience func(ctx context.Context, db bun.IDB, companyID, actorID string) (admins []string, who string, from mail.From, err error)
}

// View is a company's beneficiary as the admin screens and buyers see it.
type View struct {
	HolderName    string `json:"holderName" form:"holderName"`
	BankName      string `json:"bankName" form:"bankName"`
	Branch        string `json:"branch" form:"branch"`
	AccountNumber string `json:"accountNumber" form:"accountNumber"`
	IFSCCode      string `json:"ifscCode" form:"ifscCode"`
	UPI           string `json:"upi" form:"upi"`
}

func viewOf(b *Beneficiary) View {
	return View{HolderName: b.HolderName, BankName: b.BankName, Branch: b.Branch,
		AccountNumber: b.AccountNumber, IFSCCode: b.IFSCCode, UPI: b.UPI}
}

// ForCompany returns the company's beneficiary, or nil when none is set.
func (s *Service) ForCompany(ctx context.Context, companyID string) (*View, error) {
	var b Beneficiary
	err := s.DB.NewSelect().Model(&b).Where("company_id = ?", companyID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	v := viewOf(&b)
	return &v, nil
}

// Normalise trims every field and upper-cases the IFSC code; Validate then checks it.
func (v *View) Normalise() {
	v.HolderName = strings.TrimSpace(v.HolderName)
	v.BankName = strings.TrimSpace(v.BankName)
	v.Branch = strings.TrimSpace(v.Branch)
	v.AccountNumber = strings.ReplaceAll(strings.TrimSpace(v.AccountNumber), " ", "")
	v.IFSCCode = strings.ToUpper(strings.TrimSpace(v.IFSCCode))
	v.UPI = strings.TrimSpace(v.UPI)
}

// Validate requires all six fields and checks the IFSC, UPI id and account number.
func (v *View) Validate() error {
	var val apperr.Validation
	v.check(&val)
	return val.Err()
}

func (v *View) check(val *apperr.Validation) {
	req := func(s, label string) bool {
		if s == "" {
			val.Add(label + " is required.")
			return false
		}
		if len(s) > 120 {
			val.Add(label + " must be at most 120 characters.")
			return false
		}
		if !fields.OneLine(s) {
			val.Add(fields.MsgControl(label))
			return false
		}
		return true
	}
	req(v.HolderName, "Holder name")
	req(v.BankName, "Bank name")
	req(v.Branch, "Branch")
	if req(v.AccountNumber, "Account number") {
		val.Check(accountRE.MatchString(v.AccountNumber), "Account number must be 6 to 20 digits.")
	}
	if req(v.IFSCCode, "IFSC code") {
		val.Check(ifscRE.MatchString(v.IFSCCode), "Please enter a valid IFSC code (e.g. SBIN0001234).")
	}
	if v.UPI == "" {
		val.Add("UPI id is required.")
	} else {
		val.Check(upiRE.MatchString(v.UPI), "Please enter a valid UPI id (name@handle).")
	}
}
