package fields

import (
	"strings"
	"unicode"
)

// NormalUTR is a payment reference (a UTR, an RRN, a transaction number) in the form two
// references are compared in: without case, spaces, dashes, slashes, underscores or leading
// zeros (banks pad references: 0000412345678901 is the RRN 412345678901), so 578816794120,
// 5788-1679-4120, 0578816794120, 578816794120/ and _578816794120 are one. The SQL function
// ref_norm (migration …0300_refund_receipt_claims) is the same rule; the database's unique
// index of claims is built on it.
func NormalUTR(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) || r == '-' || r == '/' || r == '_' {
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return strings.TrimLeft(b.String(), "0")
}
