package fields

import (
	"strings"
	"testing"
)

func TestAadhaarVerhoeff(t *testing.T) {
	for _, ok := range []string{"234123412346", "499118665246"} {
		if !Aadhaar(NormalizeAadhaar(ok)) {
			t.Errorf("%s refused", ok)
		}
	}
	for _, bad := range []string{"234123412345", "123412341234", "23412341234", "2341234123467", "23412341234a", "034123412346"} {
		if Aadhaar(bad) {
			t.Errorf("%s accepted", bad)
		}
	}
	if NormalizeAadhaar(" 2341 2341-2346 ") != "234123412346" {
		t.Error("normalize")
	}
}

func TestPasswordLengthCountsCharacters(t *testing.T) {
	for pw, ok := range map[string]bool{
		"Passw0rd":              true,
		"Pass0rd":               false,
		"äöüäöü1!":              true,  // 8 characters, 14 bytes
		"äöüäöü1":               false, // 7 characters, 13 bytes
		strings.Repeat("a", 72): true,
		strings.Repeat("a", 73): false,
		strings.Repeat("ä", 40): false, // 40 characters but 80 bytes: beyond bcrypt
	} {
		if Password(pw) != ok {
			t.Errorf("Password(%q) = %v, want %v", pw, !ok, ok)
		}
	}
}

func TestPANAndPincodeAndUUID(t *testing.T) {
	for s, ok := range map[string]bool{"ABCDE1234F": true, "abcde1234f": false, "ABCD1234F": false, "ABCDE12345": false} {
		if PAN(s) != ok {
			t.Errorf("PAN(%q) = %v", s, !ok)
		}
	}
	for s, ok := range map[string]bool{"560001": true, "060001": false, "56000": false, "56000a": false} {
		if Pincode(s) != ok {
			t.Errorf("Pincode(%q) = %v", s, !ok)
		}
	}
	if !UUID("00000000-0000-4000-8000-000000000001") || UUID("x") || UUID("00000000-0000-4000-8000-00000000000g") {
		t.Error("UUID")
	}
	if !Email("a@b.co") || Email("A <a@b.co>") || Email("a@b") || Email(`"a b"@b.co`) {
		t.Error("Email")
	}
}

func TestAadhaarShapeAndMask(t *testing.T) {
	if !AadhaarShape("234123412345") || VerhoeffValid("234123412345") || AadhaarShape("2341234123") || AadhaarShape("23412341234x") {
		t.Fatal("shape vs checksum")
	}
	if got := MaskAadhaar("2341 2341 2346"); got != "XXXX XXXX 2346" {
		t.Fatalf("mask %q", got)
	}
	if MaskAadhaar("") != "" || MaskAadhaar("12") != "XXXX XXXX XXXX" {
		t.Fatal("mask of short values")
	}
}

// Issue 27 finding 1: only the last 4 digits and a keyed hash of a number are kept.
func TestAadhaarKeptAsLast4AndKeyedHash(t *testing.T) {
	n := NormalizeAadhaar("2341 2341 2346")
	if AadhaarLast4(n) != "2346" || MaskLast4(AadhaarLast4(n)) != "XXXX XXXX 2346" || MaskLast4("") != "" {
		t.Fatal("last 4 / mask")
	}
	k1, k2 := []byte("k1-k1-k1-k1-k1-k1-k1-k1-k1-k1-k1"), []byte("k2-k2-k2-k2-k2-k2-k2-k2-k2-k2-k2")
	h := AadhaarHash(k1, n)
	if len(h) != 64 || h != AadhaarHash(k1, n) || h == AadhaarHash(k2, n) || h == AadhaarHash(k1, "499118665246") {
		t.Fatalf("hash %q must be 64 hex digits, stable under one key and differ across keys and numbers", h)
	}
	if strings.Contains(h, n) {
		t.Fatal("the hash carries the number")
	}
}
