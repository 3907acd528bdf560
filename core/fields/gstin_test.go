package fields

import "testing"

func TestGSTIN(t *testing.T) {
	if p := GSTINProblem("27AAPFU0939F1ZV"); p != "" {
		t.Fatalf("valid GSTIN refused: %s", p)
	}
	// Every other last character fails the check.
	for _, c := range gstAlphabet {
		if byte(c) == 'V' {
			continue
		}
		if GSTINProblem("27AAPFU0939F1Z"+string(c)) == "" {
			t.Fatalf("check character %c accepted", c)
		}
	}
	// A valid number made for each state code is accepted; codes outside the list are refused.
	for _, st := range []string{"01", "07", "29", "38", "97", "99"} {
		n := st + "AAPFU0939F1Z"
		c, _ := GSTINCheck(n)
		if p := GSTINProblem(n + string(c)); p != "" {
			t.Fatalf("state %s: %s", st, p)
		}
	}
	for _, st := range []string{"00", "39", "40", "96", "98", "AB"} {
		n := st + "AAPFU0939F1Z"
		c, _ := GSTINCheck(n)
		if GSTINProblem(n+string(c)) == "" {
			t.Fatalf("state %s accepted", st)
		}
	}
	for _, bad := range []string{"", "27AAPFU0939F1Z", "27AAPFU0939F1ZVX", "27AAPF10939F1ZV", "27AAPFU093XF1ZV",
		"27AAPFU09391F1Z", "27AAPFU0939F0ZV", "27aapfu0939f1zv", "27AAPFU0939F1Z-"} {
		if GSTINProblem(bad) == "" {
			t.Fatalf("%q accepted", bad)
		}
	}
	// The 14th character need not be Z.
	n := "27AAPFU0939F1A"
	c, _ := GSTINCheck(n)
	if p := GSTINProblem(n + string(c)); p != "" {
		t.Fatalf("14th not Z: %s", p)
	}
}

func TestStateOfPincode(t *testing.T) {
	for pin, want := range map[string]string{"400001": "27", "110001": "07", "560001": "29", "403001": "30",
		"248001": "05", "226001": "09", "834001": "20", "600001": "33", "000000": "", "12345": ""} {
		if got := StateOfPincode(pin); got != want {
			t.Errorf("%s: %q, want %q", pin, got, want)
		}
	}
}
