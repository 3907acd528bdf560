package mail

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hibiken/asynq"

	"prelaunch/core/otp"
)

func TestOutboxAppendsOneJSONLinePerMessageConcurrently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deep", "dir", "outbox.jsonl")
	o := &Outbox{Path: path}
	var wg sync.WaitGroup
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			m := OTPMessage(fmt.Sprintf("u%d@x.test", i), otp.PurposeRegister, "123456", From{Brand: "ACW"}, otp.TTL)
			if err := o.Send(context.Background(), m); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		var l map[string]string
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %d not JSON: %v", n, err)
		}
		for _, k := range []string{"to", "subject", "text", "html", "sentAt"} {
			if l[k] == "" {
				t.Fatalf("line %d lacks %s", n, k)
			}
		}
		if !strings.Contains(l["subject"], "ACW") || !strings.Contains(l["text"], "123456") {
			t.Fatalf("line %d: %v", n, l)
		}
		n++
	}
	if n != 40 {
		t.Fatalf("%d lines", n)
	}
}

func TestResendSendsThroughBaseURL(t *testing.T) {
	var got map[string]any
	var auth string
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/emails" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		auth = r.Header.Get("Authorization")
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &got)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status == http.StatusOK {
			_, _ = w.Write([]byte(`{"id":"email_123"}`))
		} else {
			_, _ = w.Write([]byte(`{"statusCode":422,"name":"validation_error","message":"Invalid to field"}`))
		}
	}))
	defer srv.Close()
	r, err := NewResend("re_test_key", srv.URL, "ACW <no-reply@acw.test>")
	if err != nil {
		t.Fatal(err)
	}
	m := OTPMessage("buyer@x.test", otp.PurposeResetPassword, "654321", From{Brand: "ACW"}, otp.TTL)
	if err := r.Send(context.Background(), m); err != nil {
		t.Fatalf("send: %v", err)
	}
	if auth != "Bearer re_test_key" || got["from"] != "ACW <no-reply@acw.test>" || got["subject"] != m.Subject ||
		!strings.Contains(got["text"].(string), "654321") || !strings.Contains(got["html"].(string), "654321") {
		t.Fatalf("request %v auth %q", got, auth)
	}
	if to, _ := got["to"].([]any); len(to) != 1 || to[0] != "buyer@x.test" {
		t.Fatalf("to %v", got["to"])
	}
	// A refused message is not retried; a server error is.
	status = http.StatusUnprocessableEntity
	if err := r.Send(context.Background(), m); !errors.Is(err, asynq.SkipRetry) {
		t.Fatalf("422 should skip retry: %v", err)
	}
	status = http.StatusInternalServerError
	if err := r.Send(context.Background(), m); err == nil || errors.Is(err, asynq.SkipRetry) {
		t.Fatalf("500 should be retried: %v", err)
	}
}
