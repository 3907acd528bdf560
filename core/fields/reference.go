package fields

import (
	"strings"
	"unicode"
)

// NormalUTR is a payment reference (a UTR, an RRN, a transaction number) in the form two
// references are compared in: without case, spaces, dashes, slashes, underscores or leading
// zeros (banks pad references: 0000412345678901 is the RRN 412345678901), so 578816794120,
// 5788-1679-4120, 0578816794120, 578816794120/ and _578816794120 are one. Look-alikes are
// folded after upper-casing (O→0, L→1, I→1), so 57881679412o is 578816794120 too: a reference
// read off a screenshot or typed from one cannot claim the same payment twice. The SQL
// function ref_norm (migration …20261280000100_utr_fold) is the same rule; the database's
// unique index of claims is built on it.
func NormalUTR(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) || r == '-' || r == '/' || r == '_' {
			continue
		}
		switch r = unicode.ToUpper(r); r {
		case 'O':
			r = '0'
		case 'L', 'I':
			r = '1'
		}
		b.WriteRune(r)
	}
	return strings.TrimLeft(b.String(), "0")
}

// PlausibleUTR reports whether a reference in normal form (NormalUTR) can be a bank's
// reference for a UPI or bank payment: a UPI RRN or an IMPS reference (12 digits) or a NEFT or
// RTGS UTR (16 to 22 letters and digits).
func PlausibleUTR(norm string) bool {
	n := len(norm)
	if n != 12 && (n < 16 || n > 22) {
		return false
	}
	digits := true
	for _, r := range norm {
		switch {
		case r >= '0' && r <= '9':
		case r >= 'A' && r <= 'Z':
			digits = false
		default:
			return false
		}
	}
	return n != 12 || digits
}
