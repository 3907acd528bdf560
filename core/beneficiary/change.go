package beneficiary

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/mail"
)

// Changing the payout details (docs/security.md, "Payout details"): every buyer pays into them,
// so a change needs the acting admin's password (and two-factor code when they have it on), the
// account number typed twice, and it is audited and told to every admin of the company.

// Confirmer checks a signed-in admin's password and, when they have two-factor on, their code
// (user.Service.ConfirmAdmin).
type Confirmer interface {
	ConfirmAdmin(ctx context.Context, userID, companyID, password, code string) error
}

// UpdateInput is admin/beneficiary/update: the six fields, the account number again, and the
// acting admin's proof.
type UpdateInput struct {
	HolderName           string `json:"holderName" form:"holderName"`
	BankName             string `json:"bankName" form:"bankName"`
	Branch               string `json:"branch" form:"branch"`
	AccountNumber        string `json:"accountNumber" form:"accountNumber"`
	ConfirmAccountNumber string `json:"confirmAccountNumber" form:"confirmAccountNumber"`
	IFSCCode             string `json:"ifscCode" form:"ifscCode"`
	UPI                  string `json:"upi" form:"upi"`
	CurrentPassword      string `json:"currentPassword" form:"currentPassword"`
	Code                 string `json:"code" form:"code"`
}

func (in UpdateInput) view() View {
	return View{HolderName: in.HolderName, BankName: in.BankName, Branch: in.Branch,
		AccountNumber: in.AccountNumber, IFSCCode: in.IFSCCode, UPI: in.UPI}
}

// UpdateResult says which fields changed (their JSON names, in the form's order); none when the
// details sent are the ones in place.
type UpdateResult struct {
	Changed []string `json:"changed"`
}

// Messages of the update.
const (
	MsgUpdated   = "Beneficiary updated successfully"
	MsgUnchanged = "Nothing changed: these are already the payout details."
	msgConfirm   = "Please type the account number again in Confirm account number."
	msgMismatch  = "Confirm account number does not match Account number. Please type the same number in both."
)

// fieldNames are the fields in the form's order, with the names the emails give them.
var fieldNames = []struct{ key, label string }{
	{"holderName", "Holder name"},
	{"bankName", "Bank name"},
	{"branch", "Branch"},
	{"accountNumber", "Account number"},
	{"ifscCode", "IFSC code"},
	{"upi", "UPI id"},
}

func (v View) field(key string) string {
	switch key {
	case "holderName":
		return v.HolderName
	case "bankName":
		return v.BankName
	case "branch":
		return v.Branch
	case "accountNumber":
		return v.AccountNumber
	case "ifscCode":
		return v.IFSCCode
	default:
		return v.UPI
	}
}

// MaskAccount shows an account number's last four digits only ("••••5678"): enough to tell two
// apart, not enough to pay into.
func MaskAccount(n string) string {
	if n == "" {
		return ""
	}
	if len(n) <= 4 {
		return "••••"
	}
	return "••••" + n[len(n)-4:]
}

// shown is a field's value as the audit log and the emails carry it (account numbers masked).
func shown(key, value string) string {
	if key == "accountNumber" {
		return MaskAccount(value)
	}
	return value
}

// diff lists the fields of next that differ from old (every field when there is no old).
func diff(old *View, next View) []string {
	out := []string{}
	for _, f := range fieldNames {
		if old == nil || old.field(f.key) != next.field(f.key) {
			out = append(out, f.key)
		}
	}
	return out
}

// loadView reads the company's details (locked FOR UPDATE in a transaction when lock); nil when
// none are set.
func loadView(ctx context.Context, db bun.IDB, companyID string, lock bool) (*View, string, error) {
	var b Beneficiary
	q := db.NewSelect().Model(&b).Where("company_id = ?", companyID).Limit(1)
	if lock {
		q = q.For("UPDATE")
	}
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	v := viewOf(&b)
	return &v, b.ID, nil
}

// Update sets the company's beneficiary (inserting it when none exists). The fields are checked
// first (422 each), then, when they differ from the details in place, the account number typed
// twice (when it changes) and the acting admin's password and two-factor code; the change and its
// audit row (before → after of the changed fields, account numbers masked) land in one
// transaction, then every admin of the company is emailed. Details equal to those in place change
// nothing, ask for no password and send no email (Changed empty). Buyers read the details live.
func (s *Service) Update(ctx context.Context, actor audit.Actor, companyID string, in UpdateInput) (*UpdateResult, error) {
	next := in.view()
	next.Normalise()
	confirm := strings.ReplaceAll(strings.TrimSpace(in.ConfirmAccountNumber), " ", "")
	old, _, err := loadView(ctx, s.DB, companyID, false)
	if err != nil {
		return nil, err
	}
	var val apperr.Validation
	next.check(&val)
	accountChanges := old == nil || old.AccountNumber != next.AccountNumber
	switch {
	case next.AccountNumber == "":
	case confirm == "" && accountChanges:
		val.Add(msgConfirm)
	case confirm != "" && confirm != next.AccountNumber:
		val.Add(msgMismatch)
	}
	if err := val.Err(); err != nil {
		return nil, err
	}
	if len(diff(old, next)) == 0 {
		return &UpdateResult{Changed: []string{}}, nil
	}
	if err := s.Confirm.ConfirmAdmin(ctx, actor.ID, companyID, in.CurrentPassword, in.Code); err != nil {
		return nil, err
	}
	var before *View
	var changed []string
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if before, _, err = loadView(ctx, tx, companyID, true); err != nil {
			return err
		}
		if changed = diff(before, next); len(changed) == 0 {
			return nil // the same change landed meanwhile
		}
		b := &Beneficiary{CompanyID: companyID, HolderName: next.HolderName, BankName: next.BankName, Branch: next.Branch,
			AccountNumber: next.AccountNumber, IFSCCode: next.IFSCCode, UPI: next.UPI}
		if _, err := tx.NewInsert().Model(b).
			On("CONFLICT (company_id) DO UPDATE").
			Set("holder_name = EXCLUDED.holder_name, bank_name = EXCLUDED.bank_name, branch = EXCLUDED.branch").
			Set("account_number = EXCLUDED.account_number, ifsc_code = EXCLUDED.ifsc_code, upi = EXCLUDED.upi").
			Set("updated_at = now()").
			Returning("id").Exec(ctx); err != nil {
			return err
		}
		var auditBefore any
		if before != nil {
			auditBefore = masked(*before, changed)
		}
		return audit.Write(ctx, tx, actor, "beneficiary.update", "beneficiary", b.ID, auditBefore, masked(next, changed))
	})
	if err != nil {
		return nil, err
	}
	if len(changed) > 0 {
		s.notifyAdmins(ctx, actor, companyID, before, next, changed)
	}
	return &UpdateResult{Changed: changed}, nil
}

// masked is the changed fields of v as the audit log keeps them.
func masked(v View, changed []string) map[string]string {
	out := make(map[string]string, len(changed))
	for _, k := range changed {
		out[k] = shown(k, v.field(k))
	}
	return out
}

// notifyAdmins emails every admin of the company what changed, when and by whom (after the
// commit: a failure to queue is logged, the change stands).
func (s *Service) notifyAdmins(ctx context.Context, actor audit.Actor, companyID string, before *View, next View, changed []string) {
	ctx = context.WithoutCancel(ctx)
	if s.Audience == nil {
		s.logErr("tell the admins of a payout change", errors.New("beneficiary: Audience is not wired"))
		return
	}
	admins, who, from, err := s.Audience(ctx, s.DB, companyID, actor.ID)
	if err != nil {
		s.logErr("list the admins to tell of a payout change", err)
		return
	}
	var lines []string
	for _, f := range fieldNames {
		for _, k := range changed {
			if k != f.key {
				continue
			}
			was := "(none)"
			if before != nil {
				was = shown(k, before.field(k))
			}
			lines = append(lines, fmt.Sprintf("%s: %s → %s", f.label, was, shown(k, next.field(k))))
		}
	}
	now := s.now().In(clock.IST).Format("2 Jan 2006, 15:04 MST")
	body := fmt.Sprintf("%s changed the payout details buyers pay into on %s. %s. "+
		"If this was not expected, sign in to the admin site at once, check Beneficiary Manage and change your password.",
		who, now, strings.Join(lines, "; "))
	for _, a := range admins {
		if err := mail.Enqueue(ctx, s.Tasks, mail.SecurityMessage(a, "The payout details of %s were changed", body, from)); err != nil {
			s.logErr("queue a payout change notice", err)
		}
	}
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) logErr(what string, err error) {
	if s.Log != nil {
		s.Log.Error(what, "err", err)
	}
}
