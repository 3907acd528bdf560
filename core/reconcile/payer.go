package reconcile

import (
	"crypto/hmac"
	"fmt"
	"regexp"
	"strings"

	"prelaunch/core/bank"
	"prelaunch/core/fields"
)

// The payer checks of a matched line against the buyer's verified bank account (core/bank):
// statements carry the payer only inside the description (NEFT-<UTR>-<NAME>-<ACCOUNT>-<IFSC>,
// UPI/<RRN>/<NAME>/<VPA>/<BANK>, …), so the description is read for an account number (whole, or
// masked to its last digits: XXXXXX1234) and for the payer's name. A difference is a warning on
// the line for the admin, never a refusal: family members pay for each other, and banks shorten
// names.

var (
	// maskedRE is an account masked but for its last digits: XXXXXX1234, ****1234, xx1234.
	maskedRE = regexp.MustCompile(`^(?i)[x*]{2,}([0-9]{3,6})$`)
	// wholeRE is an account number written whole.
	wholeRE = regexp.MustCompile(`^[0-9]{9,18}$`)
	// splitRE separates a description's parts.
	splitRE = regexp.MustCompile(`[/|:_\-]+`)
	// wordRE is a part made of letters (and spaces, dots) only: a name candidate.
	wordRE = regexp.MustCompile(`^[A-Za-z][A-Za-z. ]*[A-Za-z]$`)
)

// notNames are the words of a description that are never a payer's name.
var notNames = map[string]bool{
	"neft": true, "rtgs": true, "imps": true, "upi": true, "cr": true, "dr": true, "trf": true, "inb": true,
	"by": true, "to": true, "from": true, "transfer": true, "credit": true, "payment": true, "pay": true,
	"mob": true, "ref": true, "bank": true, "ltd": true, "limited": true, "of": true, "india": true,
	"the": true, "fund": true, "funds": true, "ac": true, "a": true, "c": true, "acct": true, "account": true,
	"net": true, "banking": true, "online": true, "mobile": true, "deposit": true, "cash": true, "cheque": true,
	"clg": true, "inward": true, "outward": true, "remittance": true, "sent": true, "using": true, "via": true,
}

// nameCandidates are the description's parts that may be a person's name: letters only, with at
// least one word that is not a banking word.
func nameCandidates(desc string) []string {
	var out []string
	for _, part := range splitRE.Split(desc, -1) {
		part = strings.TrimSpace(part)
		if !wordRE.MatchString(part) {
			continue
		}
		words := fields.NameTokens(part)
		real := 0
		for _, w := range words {
			if !notNames[w] && len(w) > 1 {
				real++
			}
		}
		if real >= 1 && !strings.Contains(strings.ToLower(part), "bank") {
			out = append(out, part)
		}
	}
	return out
}

// payerWarnings compares a line's description with the buyer's verified account; utr is the
// line's reference (a run of digits that is the reference is not an account).
func payerWarnings(desc, utr string, a *bank.Account, piiKey []byte) []string {
	out := []string{}
	if a == nil {
		return out
	}
	seenAccount, sameAccount := "", false
	for _, tok := range regexp.MustCompile(`[^0-9A-Za-z*]+`).Split(desc, -1) {
		if m := maskedRE.FindStringSubmatch(tok); m != nil {
			digits := m[1]
			if strings.HasSuffix(digits, a.AccountLast4) || strings.HasSuffix(a.AccountLast4, digits) {
				sameAccount = true
			} else if seenAccount == "" {
				seenAccount = digits
			}
			continue
		}
		if wholeRE.MatchString(tok) && strings.TrimLeft(tok, "0") != strings.TrimLeft(utr, "0") {
			if len(piiKey) > 0 && hmac.Equal([]byte(bank.Hash(piiKey, tok)), []byte(a.AccountHash)) {
				sameAccount = true
			} else if strings.HasSuffix(tok, a.AccountLast4) {
				// The same last 4 digits: not told apart from the verified one without the key.
				sameAccount = true
			} else if seenAccount == "" && len(tok) != 12 { // 12 digits alone is an IMPS/UPI reference
				seenAccount = tok[len(tok)-4:]
			}
		}
	}
	if seenAccount != "" && !sameAccount {
		out = append(out, fmt.Sprintf("The payer's account (ending %s) is not the buyer's verified account (%s, %s).",
			lastFour(seenAccount), bank.Mask(a.AccountLast4), a.BankName))
	}
	if cands := nameCandidates(desc); len(cands) > 0 {
		best, bestName := -1, ""
		for _, c := range cands {
			if sc := fields.NameScore(c, a.HolderName); sc > best {
				best, bestName = sc, c
			}
		}
		if best < fields.NameMatchThreshold {
			out = append(out, fmt.Sprintf("The payer's name (%s) is not the holder of the buyer's verified account (%s).",
				strings.TrimSpace(bestName), a.HolderName))
		}
	}
	return out
}

func lastFour(s string) string {
	if len(s) <= 4 {
		return s
	}
	return s[len(s)-4:]
}
