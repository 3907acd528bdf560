package config

import (
	"fmt"
	"os"
	"strings"
)

// Verification is the settings of the buyer's mobile and bank account checks (core/infra/sms,
// core/infra/pennydrop; docs/deploy.md "SMS and bank account verification").
type Verification struct {
	// SMSProvider (SMS_PROVIDER): "" (the outbox file) or "twilio".
	SMSProvider string
	// SMSOutbox (SMS_OUTBOX, default var/sms/outbox.jsonl): every SMS as one JSON line when no
	// provider is set (development and tests read the codes from it).
	SMSOutbox string
	// Twilio's account (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN) and sender (TWILIO_FROM: a number
	// in E.164 or a Messaging Service SID MG…); TWILIO_BASE_URL points it elsewhere (a test stub).
	TwilioAccountSID, TwilioAuthToken, TwilioFrom, TwilioBaseURL string
	// BankProvider (BANK_VERIFY_PROVIDER): "" (the simulator outside production; in production
	// no verification, so a bank account cannot be saved) or "cashfree".
	BankProvider string
	// Cashfree's Verification API keys (CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET) and base URL
	// (CASHFREE_BASE_URL, default https://api.cashfree.com; the sandbox is
	// https://sandbox.cashfree.com).
	CashfreeClientID, CashfreeClientSecret, CashfreeBaseURL string
}

func loadVerification(env string) (Verification, error) {
	v := Verification{
		SMSProvider:          strings.ToLower(strings.TrimSpace(os.Getenv("SMS_PROVIDER"))),
		SMSOutbox:            getenv("SMS_OUTBOX", "var/sms/outbox.jsonl"),
		TwilioAccountSID:     strings.TrimSpace(os.Getenv("TWILIO_ACCOUNT_SID")),
		TwilioAuthToken:      strings.TrimSpace(os.Getenv("TWILIO_AUTH_TOKEN")),
		TwilioFrom:           strings.TrimSpace(os.Getenv("TWILIO_FROM")),
		TwilioBaseURL:        getenv("TWILIO_BASE_URL", "https://api.twilio.com"),
		BankProvider:         strings.ToLower(strings.TrimSpace(os.Getenv("BANK_VERIFY_PROVIDER"))),
		CashfreeClientID:     strings.TrimSpace(os.Getenv("CASHFREE_CLIENT_ID")),
		CashfreeClientSecret: strings.TrimSpace(os.Getenv("CASHFREE_CLIENT_SECRET")),
		CashfreeBaseURL:      getenv("CASHFREE_BASE_URL", "https://api.cashfree.com"),
	}
	switch v.SMSProvider {
	case "":
	case "twilio":
		if v.TwilioAccountSID == "" || v.TwilioAuthToken == "" || v.TwilioFrom == "" {
			return v, fmt.Errorf("config: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM")
		}
	default:
		return v, fmt.Errorf("config: SMS_PROVIDER must be empty or twilio, got %q", v.SMSProvider)
	}
	switch v.BankProvider {
	case "":
	case "cashfree":
		if v.CashfreeClientID == "" || v.CashfreeClientSecret == "" {
			return v, fmt.Errorf("config: BANK_VERIFY_PROVIDER=cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET")
		}
	case "simulator":
		if env == EnvProduction {
			return v, fmt.Errorf("config: BANK_VERIFY_PROVIDER=simulator is not allowed in production")
		}
	default:
		return v, fmt.Errorf("config: BANK_VERIFY_PROVIDER must be empty, simulator or cashfree, got %q", v.BankProvider)
	}
	return v, nil
}
