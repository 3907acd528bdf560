package fields

import (
	"strings"
	"unicode"
)

// NameMatchThreshold is the default score below which two names of one person (the PAN's and the
// e-KYC's, the bank account holder's and the e-KYC's) are shown to the reviewer as a mismatch.
const NameMatchThreshold = 80

// honorifics are dropped before names are compared: they are not part of a name on a PAN card,
// an Aadhaar record or a bank account.
var honorifics = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "miss": true, "dr": true, "prof": true, "shri": true,
	"sri": true, "smt": true, "kumari": true, "km": true, "kum": true, "late": true,
}

// NameTokens is a name normalised for comparison: lower case, letters only (dots, commas and
// hyphens split words), honorifics dropped. "Dr. R.K. Sharma" → [r k sharma].
func NameTokens(name string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			w := cur.String()
			if !honorifics[w] {
				words = append(words, w)
			}
			cur.Reset()
		}
	}
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) {
			cur.WriteRune(r)
		} else {
			flush()
		}
	}
	flush()
	return words
}

// NameScore says from 0 to 100 how surely two spellings name one person: 100 for the same words
// in any order once normalised (NameTokens), an initial counts for a word starting with it
// ("R K Sharma" ~ "Rajesh Kumar Sharma"), a word spelt slightly differently counts by how close
// it is (edit distance), words run together count as the same ("Rajkumar" ~ "Raj Kumar"), and a
// word only one side has lowers the score. Two empty names score 0.
func NameScore(a, b string) int {
	ta, tb := NameTokens(a), NameTokens(b)
	if len(ta) == 0 || len(tb) == 0 {
		return 0
	}
	if strings.Join(ta, "") == strings.Join(tb, "") {
		if len(ta) == len(tb) {
			return 100
		}
		return 95
	}
	if len(ta) > len(tb) {
		ta, tb = tb, ta
	}
	used := make([]bool, len(tb))
	var sum float64
	// Whole words first, so an initial cannot take a word another word matches exactly.
	matched := make([]bool, len(ta))
	for i, w := range ta {
		for j, v := range tb {
			if !used[j] && w == v {
				used[j], matched[i] = true, true
				sum++
				break
			}
		}
	}
	for i, w := range ta {
		if matched[i] {
			continue
		}
		best, bestJ := 0.0, -1
		for j, v := range tb {
			if used[j] {
				continue
			}
			if s := wordLikeness(w, v); s > best {
				best, bestJ = s, j
			}
		}
		if bestJ >= 0 {
			used[bestJ] = true
			sum += best
		}
	}
	score := 200 * sum / float64(len(ta)+len(tb))
	return int(score + 0.5)
}

// wordLikeness of two different words: 0.9 for an initial and a word it starts, 1 − distance ÷
// length when they differ by little (at least 0.75), else 0.
func wordLikeness(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 1 || len(rb) == 1 {
		if ra[0] == rb[0] {
			return 0.9
		}
		return 0
	}
	n := max(len(ra), len(rb))
	s := 1 - float64(editDistance(ra, rb))/float64(n)
	if s < 0.75 {
		return 0
	}
	return s
}

// editDistance is the Levenshtein distance of two words.
func editDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
