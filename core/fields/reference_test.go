package fields

import "testing"

func TestNormalUTROneFormForEveryWrittenForm(t *testing.T) {
	for _, s := range []string{"578816794120", "5788-1679-4120", "0578816794120", "578816794120/", "_578816794120", " 5788 1679 4120 "} {
		if got := NormalUTR(s); got != "578816794120" {
			t.Errorf("NormalUTR(%q) = %q, want 578816794120", s, got)
		}
	}
	if got := NormalUTR(" 00ab-12 c/_d"); got != "AB12CD" {
		t.Errorf("NormalUTR = %q", got)
	}
}

// Look-alikes read off a screenshot are one reference: O is 0, L and I are 1.
func TestNormalUTRFoldsLookAlikes(t *testing.T) {
	for s, want := range map[string]string{
		"57881679412o":           "578816794120",
		"57881679412O":           "578816794120",
		"5788l679412O":           "578816794120",
		"5788I679412o":           "578816794120",
		"o578816794120":          "578816794120", // a leading O is a padding zero
		"sbinr52026112700000042": "SB1NR52026112700000042",
	} {
		if got := NormalUTR(s); got != want {
			t.Errorf("NormalUTR(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestPlausibleUTR(t *testing.T) {
	for _, s := range []string{"578816794120", "5788-1679-4120", "57881679412o", "SBINR52026112700000042", "HDFCN52026112712345678", "ICICR12345678901"} {
		if !PlausibleUTR(NormalUTR(s)) {
			t.Errorf("%q refused", s)
		}
	}
	for _, s := range []string{"0000", "----", "UTR1001", "12345", "57881679412", "5788167941201", "ABCD16794120", "AB12345678901234567890123", "000012345678"} {
		if PlausibleUTR(NormalUTR(s)) {
			t.Errorf("%q accepted", s)
		}
	}
}
