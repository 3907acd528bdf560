package bank

import "testing"

func TestIFSCRuleAndBankNames(t *testing.T) {
	for _, ok := range []string{"SBIN0001234", "HDFC0ABC123", "UTIB0000001"} {
		if !ValidIFSC(ok) {
			t.Fatalf("%s refused", ok)
		}
	}
	for _, bad := range []string{"", "SBIN1001234", "SBI00012345", "SBIN000123", "SBIN00012345", "sbin0001234", "1BIN0001234"} {
		if ValidIFSC(bad) {
			t.Fatalf("%s accepted", bad)
		}
	}
	if NormIFSC(" sbin 0001234 ") != "SBIN0001234" {
		t.Fatal("normal form")
	}
	for ifsc, name := range map[string]string{"SBIN0001234": "State Bank of India", "UTIB0000001": "Axis Bank",
		"KKBK0000958": "Kotak Mahindra Bank", "ABCD0123456": "Bank (IFSC ABCD)"} {
		if got := BankName(ifsc); got != name {
			t.Fatalf("%s: %q, want %q", ifsc, got, name)
		}
	}
	if Mask("1234") != "••••1234" {
		t.Fatal("mask")
	}
}
