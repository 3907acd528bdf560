package apperr

import (
	"fmt"
	"net/http"
	"testing"
)

func TestKindsMapToStatuses(t *testing.T) {
	cases := map[Kind]int{KindInvalid: 422, KindConflict: 409, KindGone: 410, KindRateLimited: 429,
		KindUnavailable: 503, KindTooLarge: 413, KindUnsupported: 415, KindInternal: http.StatusInternalServerError}
	for k, want := range cases {
		if k.Status() != want {
			t.Errorf("kind %d: status %d, want %d", k, k.Status(), want)
		}
	}
}

func TestValidationCollectsMessages(t *testing.T) {
	var v Validation
	if v.Err() != nil {
		t.Fatal("empty validation must be nil")
	}
	v.Check(false, "Name is required.")
	v.Check(true, "never")
	v.Check(false, "Email is required.")
	e, ok := As(fmt.Errorf("wrapped: %w", v.Err()))
	if !ok || e.Kind != KindInvalid || len(e.Messages) != 2 || e.Messages[1] != "Email is required." {
		t.Fatalf("got %+v", e)
	}
}
