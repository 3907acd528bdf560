package fields

import (
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
		if Mobile(s) {
			digits := 0
			for _, r := range s {
				if r >= '0' && r <= '9' {
					digits++
				} else if r != '+' && r != ' ' && r != '-' && r != '(' && r != ')' {
					t.Fatalf("mobile %q", s)
				}
			}
			if digits < 7 || digits > 15 {
				t.Fatalf("mobile %q", s)
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
