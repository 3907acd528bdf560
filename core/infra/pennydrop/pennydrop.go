// Package pennydrop asks a bank who holds an account: a provider's account verification (a
// penny drop or an account lookup on IMPS) answers whether the account exists and the holder's
// name as the bank keeps it. Cashfree's Bank Account Verification in production
// (BANK_VERIFY_PROVIDER=cashfree); a deterministic Simulator in development and tests.
package pennydrop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"prelaunch/core/infra/config"
)

// Request is the account to check; Name and Phone are the buyer's, which some providers use for
// their own name match (we match the name ourselves, fields.NameScore).
type Request struct {
	AccountNumber string
	IFSC          string
	Name          string
	Phone         string
}

// Result is the bank's answer. Found false: no such account (or closed, blocked, not an Indian
// savings/current account), with Reason saying which as the provider put it.
type Result struct {
	Found      bool
	HolderName string
	Reference  string
	Reason     string
}

// Verifier checks one account.
type Verifier interface {
	Verify(ctx context.Context, r Request) (Result, error)
	// Name is the provider's name as stored with the account ("simulator", "cashfree").
	Name() string
}

// New picks the verifier of the settings: Cashfree when configured, the simulator outside
// production, nil (no verification: accounts cannot be saved) in production without a provider.
func New(v config.Verification, env string) Verifier {
	switch {
	case v.BankProvider == "cashfree":
		return &Cashfree{ClientID: v.CashfreeClientID, ClientSecret: v.CashfreeClientSecret, BaseURL: v.CashfreeBaseURL,
			Client: &http.Client{Timeout: 30 * time.Second}}
	case env == config.EnvProduction:
		return nil
	default:
		return Simulator{}
	}
}

// SimulatedOtherHolder is the holder the Simulator answers for an account number ending in 0000.
const SimulatedOtherHolder = "RAMESH KUMAR VERMA"

// Simulator answers without a bank, deterministically, so development and tests can reach every
// case: an account number ending in 9999 does not exist; one ending in 0000 is held by
// SimulatedOtherHolder (a name mismatch); any other is held by the name asked about, in capitals
// as banks answer it.
type Simulator struct{}

func (Simulator) Name() string { return "simulator" }

func (Simulator) Verify(_ context.Context, r Request) (Result, error) {
	ref := "SIM-" + r.IFSC[:4] + "-" + r.AccountNumber[len(r.AccountNumber)-4:]
	switch {
	case strings.HasSuffix(r.AccountNumber, "9999"):
		return Result{Found: false, Reference: ref, Reason: "INVALID_BANK_ACCOUNT"}, nil
	case strings.HasSuffix(r.AccountNumber, "0000"):
		return Result{Found: true, HolderName: SimulatedOtherHolder, Reference: ref}, nil
	default:
		return Result{Found: true, HolderName: strings.ToUpper(strings.TrimSpace(r.Name)), Reference: ref}, nil
	}
}

// Cashfree is Cashfree's Bank Account Verification Sync V2 (POST
// {base}/verification/bank-account/sync with x-client-id and x-client-secret): account_status
// VALID with name_at_bank, or INVALID with account_status_code saying why.
type Cashfree struct {
	ClientID, ClientSecret, BaseURL string
	Client                          *http.Client
}

func (c *Cashfree) Name() string { return "cashfree" }

// ErrUnavailable is a provider failure (network, 5xx, 429, an answer it could not give): the
// buyer may try again later.
var ErrUnavailable = errors.New("bank account verification unavailable")

func (c *Cashfree) Verify(ctx context.Context, r Request) (Result, error) {
	phone := strings.TrimPrefix(r.Phone, "+91")
	body, _ := json.Marshal(map[string]string{"bank_account": r.AccountNumber, "ifsc": r.IFSC, "name": r.Name, "phone": phone})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.BaseURL, "/")+"/verification/bank-account/sync", bytes.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-client-id", c.ClientID)
	req.Header.Set("x-client-secret", c.ClientSecret)
	resp, err := c.Client.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("%w: cashfree: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var a struct {
		Reference   json.Number `json:"reference_id"`
		NameAtBank  string      `json:"name_at_bank"`
		Status      string      `json:"account_status"`
		StatusCode  string      `json:"account_status_code"`
		Message     string      `json:"message"`
		ErrorCode   string      `json:"code"`
		ErrorReason string      `json:"type"`
	}
	_ = json.Unmarshal(raw, &a)
	if resp.StatusCode/100 != 2 {
		return Result{}, fmt.Errorf("%w: cashfree status %d %s %s", ErrUnavailable, resp.StatusCode, a.ErrorCode, a.Message)
	}
	switch a.Status {
	case "VALID":
		return Result{Found: true, HolderName: strings.TrimSpace(a.NameAtBank), Reference: a.Reference.String()}, nil
	case "INVALID":
		return Result{Found: false, Reference: a.Reference.String(), Reason: a.StatusCode}, nil
	default: // RECEIVED, IN_PROCESS, FAILED …: no answer from the bank now
		return Result{}, fmt.Errorf("%w: cashfree account_status %s %s", ErrUnavailable, a.Status, a.StatusCode)
	}
}
