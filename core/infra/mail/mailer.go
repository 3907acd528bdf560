package mail

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/resend/resend-go/v2"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/outbox"
	"prelaunch/core/infra/tasks"
)

// Message is one email: recipient, subject, plain-text and HTML bodies.
type Message = tasks.EmailSendPayload

// Mailer delivers one message. Only the worker calls it (task email:send).
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// New picks the delivery of Resend when an API key is set, else the outbox file.
// It also returns a short description for the start-up log.
func New(cfg config.Config) (Mailer, string, error) {
	if cfg.ResendAPIKey != "" {
		r, err := NewResend(cfg.ResendAPIKey, cfg.ResendBaseURL, cfg.MailFrom)
		if err != nil {
			return nil, "", err
		}
		return r, "resend", nil
	}
	return &Outbox{Path: cfg.MailOutbox}, "outbox file " + cfg.MailOutbox, nil
}

// Outbox appends each message as one JSON line {to,subject,text,html,sentAt} to Path
// (development and tests; tests read OTPs from it). Each line is one write to a file opened
// with O_APPEND, so concurrent writers — goroutines or processes — never interleave lines.
type Outbox struct {
	Path string
	Now  func() time.Time
}

type outboxLine struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
	ReplyTo string `json:"replyTo,omitempty"`
	SentAt  string `json:"sentAt"`
}

func (o *Outbox) Send(_ context.Context, m Message) error {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	return outbox.Append(o.Path, outboxLine{To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, ReplyTo: m.ReplyTo,
		SentAt: now().UTC().Format(time.RFC3339Nano)})
}

// Resend sends through Resend's API with resend-go.
type Resend struct {
	Client *resend.Client
	From   string
}

// NewResend builds a Resend mailer; baseURL (optional) points it elsewhere, e.g. a test stub.
func NewResend(apiKey, baseURL, from string) (*Resend, error) {
	c := resend.NewCustomClient(&http.Client{Timeout: 20 * time.Second, Transport: statusRecorder{http.DefaultTransport}}, apiKey)
	if baseURL != "" {
		if !strings.HasSuffix(baseURL, "/") {
			baseURL += "/"
		}
		u, err := url.Parse(baseURL)
		if err != nil {
			return nil, fmt.Errorf("RESEND_BASE_URL: %w", err)
		}
		c.BaseURL = u
	}
	return &Resend{Client: c, From: from}, nil
}

func (r *Resend) Send(ctx context.Context, m Message) error {
	var status int
	ctx = context.WithValue(ctx, statusKey{}, &status)
	_, err := r.Client.Emails.SendWithContext(ctx, &resend.SendEmailRequest{
		From: r.From, To: []string{m.To}, Subject: m.Subject, Text: m.Text, Html: m.HTML, ReplyTo: m.ReplyTo,
	})
	if err == nil {
		return nil
	}
	// A refused message (400/422: bad address or sender; 401/403: bad key) will not get better by
	// retrying; a rate limit, a 5xx or a network error will.
	var missing *resend.MissingRequiredFieldsError
	if errors.As(err, &missing) || status == 400 || status == 401 || status == 403 || status == 422 {
		return fmt.Errorf("resend refused the message (status %d): %v: %w", status, err, asynq.SkipRetry)
	}
	return fmt.Errorf("resend: %w", err)
}

type statusKey struct{}

// statusRecorder notes the HTTP status of Resend's answer, which resend-go's errors do not carry.
type statusRecorder struct{ next http.RoundTripper }

func (s statusRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := s.next.RoundTrip(req)
	if p, ok := req.Context().Value(statusKey{}).(*int); ok && resp != nil {
		*p = resp.StatusCode
	}
	return resp, err
}

// Enqueue hands a message to the worker (task email:send). When Redis is down the caller gets a
// clear 503 instead of a silent loss.
func Enqueue(ctx context.Context, q tasks.Enqueuer, m Message) error {
	task, err := tasks.NewEmailSendTask(m)
	if err != nil {
		return err
	}
	if _, err := q.EnqueueContext(ctx, task); err != nil {
		return apperr.Unavailable("mail_unavailable",
			"We could not send the email right now. Please try again in a moment.", err)
	}
	return nil
}
