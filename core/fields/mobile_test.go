package fields

import "testing"

// Issue 27 finding 12: one mobile rule (E.164; +91 numbers 10 digits starting 6–9). Before it, an
// 11-digit Indian mobile and any 7 to 15 digits were accepted.
func TestMobileRuleIsE164WithIndianNumbers(t *testing.T) {
	for in, want := range map[string]string{
		"9876543210": "+919876543210", "+91 98765 43210": "+919876543210", "+91-98765-43210": "+919876543210",
		"09876543210": "+919876543210", "919876543210": "+919876543210", "(987) 654-3210": "+919876543210",
		"6000000000": "+916000000000", "+1 415 555 0100": "+14155550100", "+44 7911 123456": "+447911123456",
		"+971 50 123 4567": "+971501234567",
	} {
		if got, ok := E164(in); !ok || got != want {
			t.Errorf("E164(%q) = %q, %v; want %q", in, got, ok, want)
		}
		if !Mobile(in) {
			t.Errorf("Mobile(%q) refused", in)
		}
	}
	for _, bad := range []string{
		"98765432101", "+91 98765432101", "+91 5876543210", "5876543210", "+91 987654321", "987654321",
		"1234567", "12345678", "+0 1234 5678", "+1234567", "+1234567890123456", "+91 98765 4321x",
		"", "+", "++919876543210", "+91 98765\u00a043210",
	} {
		if Mobile(bad) {
			t.Errorf("Mobile(%q) accepted", bad)
		}
	}
}
