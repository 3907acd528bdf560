// Package fields holds the rule of every field that more than one path accepts (email, password,
// mobile, PAN, PIN code, Aadhaar, ids). Each rule exists here once; callers keep their own
// user-facing messages, since the same rule is worded differently on different screens.
package fields

import (
	"net/mail"
	"strings"
	"unicode/utf8"
)

// NormEmail is the form an email is stored and compared in: trimmed, lower case.
func NormEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Email reports whether s is a bare address (no display name, quotes or brackets) of at most 254
// bytes whose domain has a dot.
func Email(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".")
}

// Password lengths: at least PasswordMin characters, and at most PasswordMax characters and
// PasswordMax bytes (bcrypt reads no further than 72 bytes, so a longer password would be
// silently cut).
const (
	PasswordMin = 8
	PasswordMax = 72
)

// Password reports whether pw has an acceptable length, counted in characters, within bcrypt's
// 72 bytes.
func Password(pw string) bool {
	n := utf8.RuneCountInString(pw)
	return n >= PasswordMin && n <= PasswordMax && len(pw) <= PasswordMax
}

// MaskPAN shows only the last 4 characters of a PAN, as an Aadhaar number is shown: XXXXXX234F.
func MaskPAN(p string) string {
	if p == "" {
		return ""
	}
	if len(p) <= 4 {
		return strings.Repeat("X", 10)
	}
	return strings.Repeat("X", len(p)-4) + p[len(p)-4:]
}

// PAN is an Indian Permanent Account Number: five letters, four digits, a letter (upper case).
func PAN(s string) bool {
	if len(s) != 10 {
		return false
	}
	for i := 0; i < 10; i++ {
		c := s[i]
		letter := c >= 'A' && c <= 'Z'
		digit := c >= '0' && c <= '9'
		if (i < 5 || i == 9) && !letter || i >= 5 && i < 9 && !digit {
			return false
		}
	}
	return true
}

// Pincode is an Indian PIN code: six digits, the first not 0.
func Pincode(s string) bool {
	return len(s) == 6 && s[0] != '0' && Digits(s)
}

// Digits reports whether s is one or more ASCII digits.
func Digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// UUID reports whether s is a canonical UUID (8-4-4-4-12 hex). Ids from clients are checked with
// it before querying, so a malformed id is a clean 404/422 and never a database error.
func UUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// NormMobile is the form two mobile numbers are compared in: the digits only, without India's
// country code (91) or a trunk 0 in front of a 10-digit number.
func NormMobile(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	d := b.String()
	switch {
	case len(d) == 12 && strings.HasPrefix(d, "91"):
		d = d[2:]
	case len(d) == 11 && d[0] == '0':
		d = d[1:]
	}
	return d
}

// OneLine reports whether s holds no control character: no C0 (NUL, TAB, CR, LF …), no DEL, no
// C1, and no Unicode line or paragraph separator. Every one-line text field (names, address
// lines, bank details, token name and symbol …) is checked with it, so such text cannot break a
// header, an email subject or a CSV row.
func OneLine(s string) bool {
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// MsgControl is the message of a one-line field holding a control character.
func MsgControl(field string) string { return field + " must not contain control characters." }
