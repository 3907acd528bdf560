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

func TestOneLineRefusesControlCharacters(t *testing.T) {
	for _, s := range []string{"a\nb", "a\rb", "a\x00b", "a\tb", "a\x7fb", "a\u0085b", "a\u2028b"} {
		if OneLine(s) {
			t.Errorf("OneLine(%q) = true", s)
		}
	}
	for _, s := range []string{"", "Payment not received", "₹ 1,000 — UTR 5788/1679"} {
		if !OneLine(s) {
			t.Errorf("OneLine(%q) = false", s)
		}
	}
}
