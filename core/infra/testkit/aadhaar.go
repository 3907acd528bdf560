package testkit

import (
	"regexp"

	"prelaunch/core/fields"
)

var digitRuns = regexp.MustCompile(`\+?\d+`)

// AadhaarIn returns the first whole Aadhaar number in b — a run of exactly 12 digits that
// passes the Aadhaar rule (Verhoeff included) — or "". A run after "+" is a phone number in its
// E.164 form (+91 and 10 digits) and is skipped.
func AadhaarIn(b []byte) string {
	for _, m := range digitRuns.FindAll(b, -1) {
		if m[0] == '+' || len(m) != 12 {
			continue
		}
		if fields.Aadhaar(string(m)) {
			return string(m)
		}
	}
	return ""
}
