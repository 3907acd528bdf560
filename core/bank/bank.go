// Package bank owns the buyer's bank account, where refunds go: the buyer gives the account
// number and IFSC, a provider's account check (core/infra/pennydrop) answers whether it exists and
// who holds it, and the holder's name is matched with the buyer's (fields.NameScore). The
// account number is never kept whole: its last 4 digits for display and its HMAC-SHA256 under
// PII_KEY to compare a statement's payer account (docs/security.md, "Bank accounts").
package bank

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/pennydrop"
	"prelaunch/core/user"
)

// Account is a buyer's bank account row.
type Account struct {
	bun.BaseModel `bun:"table:bank_accounts,alias:ba"`

	UserID       string `bun:"user_id,pk,type:uuid"`
	CompanyID    string `bun:"company_id,type:uuid,notnull"`
	AccountLast4 string `bun:"account_last4,notnull"`
	AccountHash  string `bun:"account_hash,notnull"`
	IFSC         string `bun:"ifsc,notnull"`
	BankName     string `bun:"bank_name,notnull"`
	HolderName   string `bun:"holder_name,notnull"`
	// ComparedName is the buyer's name the holder's was matched with, NameScore their score.
	ComparedName string    `bun:"compared_name,notnull"`
	NameScore    int       `bun:"name_score,notnull"`
	NameMatches  bool      `bun:"name_matches,notnull"`
	Provider     string    `bun:"provider,notnull"`
	ProviderRef  string    `bun:"provider_ref,notnull"`
	VerifiedAt   time.Time `bun:"verified_at,notnull"`
	CreatedAt    time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt    time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}

// View is the account as every screen shows it: only the last 4 digits of the number.
type View struct {
	BankName      string    `json:"bankName"`
	IFSC          string    `json:"ifsc"`
	AccountLast4  string    `json:"accountLast4"`
	AccountMasked string    `json:"accountMasked"`
	HolderName    string    `json:"holderName"`
	ComparedName  string    `json:"comparedName"`
	NameScore     int       `json:"nameScore"`
	NameMatches   bool      `json:"nameMatches"`
	VerifiedAt    time.Time `json:"verifiedAt"`
}

// Mask is the account number as shown: ••••1234.
func Mask(last4 string) string { return "••••" + last4 }

func (a *Account) View() *View {
	return &View{BankName: a.BankName, IFSC: a.IFSC, AccountLast4: a.AccountLast4, AccountMasked: Mask(a.AccountLast4),
		HolderName: a.HolderName, ComparedName: a.ComparedName, NameScore: a.NameScore, NameMatches: a.NameMatches,
		VerifiedAt: a.VerifiedAt}
}

// Service is the buyer's bank account use cases.
type Service struct {
	DB    *bun.DB
	Clock clock.Clock
	// Verifier asks the bank; nil (production without BANK_VERIFY_PROVIDER) refuses to save.
	Verifier pennydrop.Verifier
	// PIIKey (PII_KEY) keys the account numbers' HMAC.
	PIIKey []byte
	// BuyerName is the name the holder's is matched with: the identity the buyer proved once
	// the KYC holds one, the profile's name until then. Nil: the profile's name.
	BuyerName func(ctx context.Context, db bun.IDB, userID string) (string, error)
}

// Input is POST /user/bank-account.
type Input struct {
	AccountNumber        string `json:"accountNumber" form:"accountNumber"`
	ConfirmAccountNumber string `json:"confirmAccountNumber" form:"confirmAccountNumber"`
	IFSC                 string `json:"ifsc" form:"ifsc"`
}

var digitsRE = regexp.MustCompile(`^[0-9]{9,18}$`)

// NormAccount is an account number as compared: digits only (spaces and dashes dropped).
func NormAccount(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
}

// Hash is the HMAC-SHA256 of an account number under key: the only whole form ever kept.
func Hash(key []byte, account string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("bank-account:"))
	m.Write([]byte(account))
	return hex.EncodeToString(m.Sum(nil))
}

func check(in Input) (account, ifsc string, err error) {
	var v apperr.Validation
	account = NormAccount(in.AccountNumber)
	ifsc = NormIFSC(in.IFSC)
	v.CheckField(digitsRE.MatchString(account), "accountNumber", "Please enter your account number: 9 to 18 digits.")
	if in.ConfirmAccountNumber != "" {
		v.CheckField(NormAccount(in.ConfirmAccountNumber) == account, "confirmAccountNumber", "The account numbers do not match.")
	}
	v.CheckField(ValidIFSC(ifsc), "ifsc", "Please enter a valid IFSC: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234).")
	return account, ifsc, v.Err()
}

func errNotFound() error {
	return apperr.InvalidField("bank_account_not_found", "accountNumber",
		"The bank found no account with this number and IFSC. Please check both and try again.")
}

func (s *Service) buyerName(ctx context.Context, userID string) (string, error) {
	if s.BuyerName != nil {
		return s.BuyerName(ctx, s.DB, userID)
	}
	names, err := user.Names(ctx, s.DB, []string{userID})
	if err != nil {
		return "", err
	}
	return names[userID].Name, nil
}

// Save verifies the account with the bank and makes it the buyer's (replacing an earlier one).
// An account the bank does not find is a 422; a holder's name unlike the buyer's is saved with
// the mismatch marked, for the reviewer and the refunding admin to see.
func (s *Service) Save(ctx context.Context, actor audit.Actor, b user.Buyer, in Input) (*View, error) {
	account, ifsc, err := check(in)
	if err != nil {
		return nil, err
	}
	if s.Verifier == nil {
		return nil, apperr.Unavailable("bank_verify_unavailable",
			"Bank account verification is not available right now. Please try again later.", errors.New("no BANK_VERIFY_PROVIDER"))
	}
	name, err := s.buyerName(ctx, b.UserID)
	if err != nil {
		return nil, err
	}
	var phone string
	if ms, err := user.MobileStates(ctx, s.DB, []string{b.UserID}); err == nil {
		phone = ms[b.UserID].Mobile
	}
	res, err := s.Verifier.Verify(ctx, pennydrop.Request{AccountNumber: account, IFSC: ifsc, Name: name, Phone: phone})
	if err != nil {
		return nil, apperr.Unavailable("bank_verify_unavailable",
			"The bank did not answer. Please try again in a few minutes.", err)
	}
	if !res.Found {
		return nil, errNotFound()
	}
	score := fields.NameScore(res.HolderName, name)
	now := s.Clock.Now()
	a := &Account{UserID: b.UserID, CompanyID: b.CompanyID, AccountLast4: account[len(account)-4:],
		AccountHash: Hash(s.PIIKey, account), IFSC: ifsc, BankName: BankName(ifsc), HolderName: res.HolderName,
		ComparedName: name, NameScore: score, NameMatches: score >= fields.NameMatchThreshold,
		Provider: s.Verifier.Name(), ProviderRef: res.Reference, VerifiedAt: now, CreatedAt: now, UpdatedAt: now}
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var before *View
		var old Account
		if err := tx.NewSelect().Model(&old).Where("user_id = ?", b.UserID).For("UPDATE").Scan(ctx); err == nil {
			before = old.View()
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.NewInsert().Model(a).On("CONFLICT (user_id) DO UPDATE").
			Set("account_last4 = EXCLUDED.account_last4, account_hash = EXCLUDED.account_hash, ifsc = EXCLUDED.ifsc").
			Set("bank_name = EXCLUDED.bank_name, holder_name = EXCLUDED.holder_name, compared_name = EXCLUDED.compared_name").
			Set("name_score = EXCLUDED.name_score, name_matches = EXCLUDED.name_matches, provider = EXCLUDED.provider").
			Set("provider_ref = EXCLUDED.provider_ref, verified_at = EXCLUDED.verified_at, updated_at = EXCLUDED.updated_at").
			Exec(ctx); err != nil {
			return fmt.Errorf("save bank account: %w", err)
		}
		return audit.Write(ctx, tx, actor, "bank.verify", "user", b.UserID, before, a.View())
	})
	if err != nil {
		return nil, err
	}
	return a.View(), nil
}

// Get is the buyer's account, nil when they have none.
func (s *Service) Get(ctx context.Context, b user.Buyer) (*View, error) {
	return s.ForUser(ctx, b.CompanyID, b.UserID)
}

// ForUser is a buyer's account as their company's admin sees it (the refund dialog), nil when
// none; a buyer of another company is none.
func (s *Service) ForUser(ctx context.Context, companyID, userID string) (*View, error) {
	userID = strings.TrimSpace(userID)
	if !fields.UUID(userID) {
		return nil, apperr.Invalid("bad_user_id", "userId must be a user's id.")
	}
	var a Account
	err := s.DB.NewSelect().Model(&a).Where("user_id = ?", userID).Where("company_id = ?", companyID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("bank account: %w", err)
	}
	return a.View(), nil
}

// ForUsers reads the accounts of users, keyed by user id (a user without one is left out); db
// may be the caller's transaction. Reconciliation and the KYC review read them here.
func ForUsers(ctx context.Context, db bun.IDB, userIDs []string) (map[string]Account, error) {
	out := make(map[string]Account, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []Account
	if err := db.NewSelect().Model(&rows).Where("user_id IN (?)", bun.List(userIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("bank accounts: %w", err)
	}
	for _, r := range rows {
		out[r.UserID] = r
	}
	return out, nil
}
