package fields

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Verhoeff tables (dihedral group D5), used by Aadhaar numbers' last digit.
var (
	verhoeffD = [10][10]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5}, {2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
		{3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3}, {8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
		{9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	verhoeffP = [8][10]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4}, {5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
		{8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
)

// VerhoeffValid reports whether the digit string passes the Verhoeff checksum.
func VerhoeffValid(num string) bool {
	c := 0
	n := len(num)
	for i := 0; i < n; i++ {
		ch := num[n-1-i]
		if ch < '0' || ch > '9' {
			return false
		}
		c = verhoeffD[c][verhoeffP[i%8][ch-'0']]
	}
	return c == 0
}

// NormalizeAadhaar strips spaces and dashes; Aadhaar wants 12 digits, not starting with 0
// or 1, passing the Verhoeff checksum.
func NormalizeAadhaar(s string) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(s))
}

func Aadhaar(s string) bool { return AadhaarShape(s) && VerhoeffValid(s) }

// AadhaarShape is the form of an Aadhaar number without its checksum: 12 digits, not starting
// with 0 or 1. A number of this shape that fails VerhoeffValid is "not valid" rather than of the
// wrong length.
func AadhaarShape(s string) bool {
	if len(s) != 12 || s[0] == '0' || s[0] == '1' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// MsgAadhaarChecksum is the answer for 12 digits that fail the Verhoeff checksum.
const MsgAadhaarChecksum = "This Aadhaar number is not valid."

// MaskAadhaar shows only the last 4 digits: "XXXX XXXX 1234".
func MaskAadhaar(s string) string {
	s = NormalizeAadhaar(s)
	if s == "" {
		return ""
	}
	if len(s) <= 4 {
		return "XXXX XXXX XXXX"
	}
	return "XXXX XXXX " + s[len(s)-4:]
}

// Aadhaar numbers are never kept whole (issue 27 finding 1; docs/security.md): what is stored
// is the last 4 digits, for the masked display, and AadhaarHash, to find one number on two
// accounts.

// AadhaarLast4 is the last 4 digits of a normalised number ("" for "").
func AadhaarLast4(n string) string {
	if len(n) < 4 {
		return ""
	}
	return n[len(n)-4:]
}

// MaskLast4 is the masked display of a stored number from its last 4 digits: "XXXX XXXX 1234".
func MaskLast4(last4 string) string {
	if last4 == "" {
		return ""
	}
	return "XXXX XXXX " + last4
}

// AadhaarHash is the keyed hash of a normalised number (HMAC-SHA256 under PII_KEY, 64 hex
// digits). Without the key it cannot be checked against the 10^11 possible numbers.
func AadhaarHash(key []byte, n string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("aadhaar:"))
	m.Write([]byte(n))
	return hex.EncodeToString(m.Sum(nil))
}
