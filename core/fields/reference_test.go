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
