package fields

import (
	"strings"
	"testing"
)

func TestReasonProblem(t *testing.T) {
	for _, tc := range []struct {
		in       string
		required bool
		want     string
	}{
		{"", true, MsgReasonRequired},
		{"", false, ""},
		{"Blurred\r\nBcc: x@y", false, "The reason must be one line."},
		{strings.Repeat("é", 500), true, ""},
		{strings.Repeat("é", 501), false, "The reason must be at most 500 characters."},
		{"Payment not received", true, ""},
	} {
		if got := ReasonProblem(tc.in, tc.required); got != tc.want {
			t.Errorf("ReasonProblem(%q, %v) = %q, want %q", tc.in, tc.required, got, tc.want)
		}
	}
}
