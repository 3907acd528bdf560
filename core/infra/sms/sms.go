// Package sms sends text messages: the outbox file in development and tests (one JSON line per
// message, like the mail outbox), Twilio's Messages API in production (SMS_PROVIDER=twilio).
// The buyer's mobile verification codes are its only messages (core/user, mobile.go).
package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"prelaunch/core/infra/config"
	"prelaunch/core/infra/outbox"
)

// Message is one SMS: the recipient in E.164 (+919876543210) and the text.
type Message struct {
	To   string
	Text string
}

// Sender delivers one message, or says why not.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New picks Twilio when SMS_PROVIDER=twilio, else the outbox file; the string describes it for
// the start-up log.
func New(v config.Verification) (Sender, string) {
	if v.SMSProvider == "twilio" {
		return &Twilio{AccountSID: v.TwilioAccountSID, AuthToken: v.TwilioAuthToken, From: v.TwilioFrom,
			BaseURL: v.TwilioBaseURL, Client: &http.Client{Timeout: 15 * time.Second}}, "twilio"
	}
	return &Outbox{Path: v.SMSOutbox}, "outbox file " + v.SMSOutbox
}

// Outbox appends each message as one JSON line {to,text,sentAt} to Path. Each line is one write
// to a file opened with O_APPEND, so concurrent writers never interleave lines.
type Outbox struct {
	Path string
	Now  func() time.Time
}

type outboxLine struct {
	To     string `json:"to"`
	Text   string `json:"text"`
	SentAt string `json:"sentAt"`
}

func (o *Outbox) Send(_ context.Context, m Message) error {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	return outbox.Append(o.Path, outboxLine{To: m.To, Text: m.Text, SentAt: now().UTC().Format(time.RFC3339Nano)})
}

// Twilio sends through Twilio's Programmable Messaging API (POST
// /2010-04-01/Accounts/{sid}/Messages.json, basic auth with the account SID and auth token).
// From is a sender number in E.164 or a Messaging Service SID (MG…).
type Twilio struct {
	AccountSID, AuthToken, From, BaseURL string
	Client                               *http.Client
}

// ErrRefused wraps an answer of the provider that retrying will not change (a bad number, a bad
// key): 4xx other than 429.
var ErrRefused = errors.New("sms provider refused the message")

func (t *Twilio) Send(ctx context.Context, m Message) error {
	form := url.Values{"To": {m.To}, "Body": {m.Text}}
	if strings.HasPrefix(t.From, "MG") {
		form.Set("MessagingServiceSid", t.From)
	} else {
		form.Set("From", t.From)
	}
	endpoint := strings.TrimRight(t.BaseURL, "/") + "/2010-04-01/Accounts/" + url.PathEscape(t.AccountSID) + "/Messages.json"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.SetBasicAuth(t.AccountSID, t.AuthToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := t.Client.Do(req)
	if err != nil {
		return fmt.Errorf("twilio: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode/100 == 2 {
		return nil
	}
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	_ = json.Unmarshal(body, &e)
	if resp.StatusCode/100 == 4 && resp.StatusCode != http.StatusTooManyRequests {
		return fmt.Errorf("%w: twilio status %d code %d: %s", ErrRefused, resp.StatusCode, e.Code, e.Message)
	}
	return fmt.Errorf("twilio status %d code %d: %s", resp.StatusCode, e.Code, e.Message)
}
