package sms_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"prelaunch/core/infra/sms"
)

func TestOutboxWritesOneJSONLinePerMessage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sms", "outbox.jsonl")
	o := &sms.Outbox{Path: path}
	for _, to := range []string{"+919876543210", "+919876543211"} {
		if err := o.Send(context.Background(), sms.Message{To: to, Text: "123456 is your code"}); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), data)
	}
	var m struct{ To, Text, SentAt string }
	if err := json.Unmarshal([]byte(lines[1]), &m); err != nil || m.To != "+919876543211" || m.Text != "123456 is your code" || m.SentAt == "" {
		t.Fatalf("line %q: %+v %v", lines[1], m, err)
	}
}

// The Twilio adapter against a stub of its API (never the real one in tests).
func TestTwilioPostsTheFormAndTellsRefusalsApart(t *testing.T) {
	status := http.StatusCreated
	var got *http.Request
	var form map[string][]string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r
		_ = r.ParseForm()
		form = r.PostForm
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"code":21211,"message":"Invalid 'To' Phone Number"}`))
	}))
	defer srv.Close()
	tw := &sms.Twilio{AccountSID: "AC123", AuthToken: "tok", From: "+15005550006", BaseURL: srv.URL, Client: srv.Client()}
	if err := tw.Send(context.Background(), sms.Message{To: "+919876543210", Text: "hi"}); err != nil {
		t.Fatal(err)
	}
	user, pass, _ := got.BasicAuth()
	if got.URL.Path != "/2010-04-01/Accounts/AC123/Messages.json" || user != "AC123" || pass != "tok" ||
		form["To"][0] != "+919876543210" || form["From"][0] != "+15005550006" || form["Body"][0] != "hi" {
		t.Fatalf("request %s %v %v", got.URL.Path, user, form)
	}
	status = http.StatusBadRequest
	if err := tw.Send(context.Background(), sms.Message{To: "+1", Text: "hi"}); !errors.Is(err, sms.ErrRefused) {
		t.Fatalf("400: %v", err)
	}
	status = http.StatusServiceUnavailable
	if err := tw.Send(context.Background(), sms.Message{To: "+919876543210", Text: "hi"}); err == nil || errors.Is(err, sms.ErrRefused) {
		t.Fatalf("503: %v", err)
	}
}
