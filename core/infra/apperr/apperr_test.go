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

// Issue 29 item 5: a 422 names the field of each sentence that has one.
func TestValidationNamesFields(t *testing.T) {
	var v Validation
	v.CheckField(false, "supply.totalSupply", "Total supply is required.")
	v.CheckField(true, "price", "never")
	v.Add("Round positions must be distinct.")
	v.Field("Please fill in all fields.", "name", "email")
	e, _ := As(v.Err())
	if e.Message != "Total supply is required." || len(e.Messages) != 3 {
		t.Fatalf("messages changed: %+v", e)
	}
	want := []FieldError{{"supply.totalSupply", "Total supply is required."},
		{"name", "Please fill in all fields."}, {"email", "Please fill in all fields."}}
	if fmt.Sprint(e.Fields) != fmt.Sprint(want) {
		t.Fatalf("fields %+v, want %+v", e.Fields, want)
	}
	one := InvalidField("x", "aadhaarNumber", "This Aadhaar number is not valid.")
	if one.Kind != KindInvalid || len(one.Fields) != 1 || one.Fields[0].Field != "aadhaarNumber" || one.Fields[0].Message != one.Message {
		t.Fatalf("InvalidField: %+v", one)
	}
}
