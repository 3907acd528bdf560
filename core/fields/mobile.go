package fields

import "strings"

// E164 is the one rule of a mobile number, for buyers, admins and companies alike (issue 27
// finding 12): the international form "+<country code><number>", 8 to 15 digits in all, the
// first not 0; an Indian number (+91) is 10 digits after the country code, the first 6 to 9.
// Written without "+", a number is Indian: 10 digits (6–9 first), or those 10 after a trunk 0
// or after 91. Spaces, dashes, dots and brackets are ignored. It returns the number as stored
// ("+919876543210") and whether it follows the rule; "" and false when it does not.
func E164(s string) (string, bool) {
	s = strings.TrimSpace(s)
	plus := strings.HasPrefix(s, "+")
	if plus {
		s = s[1:]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			b.WriteByte(c)
		case c == ' ' || c == '-' || c == '.' || c == '(' || c == ')':
		default:
			return "", false
		}
	}
	d := b.String()
	if plus {
		if strings.HasPrefix(d, "91") {
			return indian(d[2:])
		}
		if len(d) < 8 || len(d) > 15 || d[0] == '0' {
			return "", false
		}
		return "+" + d, true
	}
	switch {
	case len(d) == 11 && d[0] == '0':
		d = d[1:]
	case len(d) == 12 && strings.HasPrefix(d, "91"):
		d = d[2:]
	}
	return indian(d)
}

// indian is the national part of a +91 mobile: 10 digits, the first 6 to 9.
func indian(d string) (string, bool) {
	if len(d) != 10 || d[0] < '6' || d[0] > '9' || !Digits(d) {
		return "", false
	}
	return "+91" + d, true
}

// Mobile reports whether s is a mobile number by the E164 rule.
func Mobile(s string) bool {
	_, ok := E164(s)
	return ok
}

// MsgMobile is the answer for a mobile number that breaks the rule.
const MsgMobile = "Please enter a valid mobile number: 10 digits starting with 6–9 for India, or +country code and number."
