package fields

import (
	"fmt"
	"unicode/utf8"
)

// MaxReason is the longest reason an admin gives for a rejection (a purchase's or a KYC's), in
// characters.
const MaxReason = 500

// MsgReasonRequired is the refusal of an empty reason where one is required (a KYC rejection).
const MsgReasonRequired = "Please enter a reason for the rejection."

// ReasonProblem is the rule of a rejection's reason, trimmed by the caller, for the purchase and
// KYC reviews alike: one line and at most MaxReason characters, required when required is set.
// It returns the message of the first rule broken, or "" when the reason is fine.
func ReasonProblem(reason string, required bool) string {
	switch {
	case reason == "" && required:
		return MsgReasonRequired
	case !OneLine(reason):
		return "The reason must be one line."
	case utf8.RuneCountInString(reason) > MaxReason:
		return fmt.Sprintf("The reason must be at most %d characters.", MaxReason)
	}
	return ""
}
