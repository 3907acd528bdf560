package fields

import (
	"strings"
	"testing"
)

// FuzzAadhaar: the validator never panics, accepts only 12 digits not starting with 0 or 1, and
// (Verhoeff) refuses every single-digit change and every adjacent transposition of a valid
// number. Long run: go test -fuzz=FuzzAadhaar -fuzztime=60s ./core/fields/
func FuzzAadhaar(f *testing.F) {
	for _, s := range []string{"234123412346", "2341 2341 2346", "123412341234", "000000000000", "", "abcdefghijkl", "２３４１２３４１２３４６", "2341-2341-2346"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := NormalizeAadhaar(s)
		if !Aadhaar(n) {
			return
		}
		if len(n) != 12 || n[0] < '2' || n[0] > '9' {
			t.Fatalf("accepted %q", n)
		}
		b := []byte(n)
		for i := range b {
			if b[i] < '0' || b[i] > '9' {
				t.Fatalf("accepted non-digit %q", n)
			}
			orig := b[i]
			for d := byte('0'); d <= '9'; d++ {
				if d == orig {
					continue
				}
				b[i] = d
				if VerhoeffValid(string(b)) {
					t.Fatalf("single-digit change %q -> %q still valid", n, b)
				}
			}
			b[i] = orig
			if i+1 < len(b) && b[i] != b[i+1] {
				b[i], b[i+1] = b[i+1], b[i]
				if VerhoeffValid(string(b)) {
					t.Fatalf("transposition %q -> %q still valid", n, b)
				}
				b[i], b[i+1] = b[i+1], b[i]
			}
		}
	})
}

// FuzzContactFields: email, mobile and pincode validators never panic and accept only what the
// rules say.
func FuzzContactFields(f *testing.F) {
	for _, s := range []string{"a@b.co", "+91 98765 43210", "560001", "<a@b.co>", "a@b", "\x00", "é@é.é", "(0)-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if Email(s) && (len(s) > 254 || !containsAt(s)) {
			t.Fatalf("email %q", s)
		}
		if Pincode(s) && (len(s) != 6 || s[0] == '0') {
			t.Fatalf("pincode %q", s)
		}
		if n, ok := E164(s); ok {
			d := n[1:]
			if !Digits(d) || len(d) < 8 || len(d) > 15 || d[0] == '0' ||
				strings.HasPrefix(d, "91") && (len(d) != 12 || d[2] < '6' || d[2] > '9') {
				t.Fatalf("mobile %q stored as %q", s, n)
			}
			if again, ok := E164(n); !ok || again != n {
				t.Fatalf("mobile %q: its stored form %q is not stable", s, n)
			}
		}
	})
}

func containsAt(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '@' {
			return true
		}
	}
	return false
}

func TestOneLineRefusesControlCharacters(t *testing.T) {
	for _, bad := range []string{"Acme\r\nBcc: x@y.z", "a\nb", "a\rb", "a\x00b", "a\tb", "a\x1bb", "a\x7fb", "a\u0085b", "a\u009fb", "a\u2028b"} {
		if OneLine(bad) {
			t.Errorf("%q must be refused", bad)
		}
	}
	for _, ok := range []string{"", "Acme Pvt. Ltd.", "Flat 4, 2nd Cross – Indiranagar", "ACW", "Ünïcødé ₹ 🚀"} {
		if !OneLine(ok) {
			t.Errorf("%q must be accepted", ok)
		}
	}
}

func TestNormMobile(t *testing.T) {
	for in, want := range map[string]string{"+91 98765 43210": "9876543210", "09876543210": "9876543210",
		"98765-43210": "9876543210", "(044) 2345 6789": "4423456789", "+1 415 555 0100": "14155550100"} {
		if got := NormMobile(in); got != want {
			t.Errorf("NormMobile(%q) = %q, want %q", in, got, want)
		}
	}
}
