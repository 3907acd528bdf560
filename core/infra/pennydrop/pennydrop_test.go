package pennydrop_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"prelaunch/core/infra/config"
	"prelaunch/core/infra/pennydrop"
)

func TestSimulatorIsDeterministic(t *testing.T) {
	s := pennydrop.Simulator{}
	ctx := context.Background()
	r, _ := s.Verify(ctx, pennydrop.Request{AccountNumber: "123456781234", IFSC: "HDFC0001234", Name: "Asha Rao"})
	if !r.Found || r.HolderName != "ASHA RAO" {
		t.Fatalf("own name: %+v", r)
	}
	r, _ = s.Verify(ctx, pennydrop.Request{AccountNumber: "123456780000", IFSC: "HDFC0001234", Name: "Asha Rao"})
	if !r.Found || r.HolderName != pennydrop.SimulatedOtherHolder {
		t.Fatalf("0000: %+v", r)
	}
	r, _ = s.Verify(ctx, pennydrop.Request{AccountNumber: "123456789999", IFSC: "HDFC0001234", Name: "Asha Rao"})
	if r.Found {
		t.Fatalf("9999: %+v", r)
	}
}

func TestNewNeverSimulatesInProduction(t *testing.T) {
	if v := pennydrop.New(config.Verification{}, config.EnvProduction); v != nil {
		t.Fatalf("production without a provider: %T", v)
	}
	if _, ok := pennydrop.New(config.Verification{}, config.EnvTest).(pennydrop.Simulator); !ok {
		t.Fatal("tests use the simulator")
	}
}

// The Cashfree adapter against a stub of its API (never the real one in tests).
func TestCashfreeReadsValidInvalidAndFailures(t *testing.T) {
	answer, status := `{"reference_id":23,"name_at_bank":"JOHN DOE","account_status":"VALID","account_status_code":"ACCOUNT_IS_VALID"}`, 200
	var sent map[string]string
	var hdr http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/verification/bank-account/sync" || r.Method != http.MethodPost {
			t.Errorf("request %s %s", r.Method, r.URL.Path)
		}
		hdr = r.Header
		_ = json.NewDecoder(r.Body).Decode(&sent)
		w.WriteHeader(status)
		_, _ = w.Write([]byte(answer))
	}))
	defer srv.Close()
	c := &pennydrop.Cashfree{ClientID: "id", ClientSecret: "secret", BaseURL: srv.URL, Client: srv.Client()}
	ctx := context.Background()
	req := pennydrop.Request{AccountNumber: "026291800001191", IFSC: "YESB0000262", Name: "John Doe", Phone: "+919876543210"}
	r, err := c.Verify(ctx, req)
	if err != nil || !r.Found || r.HolderName != "JOHN DOE" || r.Reference != "23" {
		t.Fatalf("valid: %+v %v", r, err)
	}
	if hdr.Get("x-client-id") != "id" || hdr.Get("x-client-secret") != "secret" || sent["bank_account"] != "026291800001191" ||
		sent["ifsc"] != "YESB0000262" || sent["phone"] != "9876543210" {
		t.Fatalf("sent %v %v", hdr, sent)
	}
	answer = `{"reference_id":24,"account_status":"INVALID","account_status_code":"INVALID_BANK_ACCOUNT"}`
	if r, err := c.Verify(ctx, req); err != nil || r.Found || r.Reason != "INVALID_BANK_ACCOUNT" {
		t.Fatalf("invalid: %+v %v", r, err)
	}
	answer, status = `{"code":"x","message":"down"}`, 502
	if _, err := c.Verify(ctx, req); !errors.Is(err, pennydrop.ErrUnavailable) {
		t.Fatalf("502: %v", err)
	}
	answer, status = `{"account_status":"RECEIVED"}`, 200
	if _, err := c.Verify(ctx, req); !errors.Is(err, pennydrop.ErrUnavailable) {
		t.Fatalf("received: %v", err)
	}
}
