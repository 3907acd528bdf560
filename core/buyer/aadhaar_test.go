package buyer

import "testing"

func TestAadhaarVerhoeff(t *testing.T) {
	for _, ok := range []string{"234123412346", "499118665246"} {
		if !ValidAadhaar(NormalizeAadhaar(ok)) {
			t.Errorf("%s refused", ok)
		}
	}
	for _, bad := range []string{"234123412345", "123412341234", "23412341234", "2341234123467", "23412341234a", "034123412346"} {
		if ValidAadhaar(bad) {
			t.Errorf("%s accepted", bad)
		}
	}
	if NormalizeAadhaar(" 2341 2341-2346 ") != "234123412346" {
		t.Error("normalize")
	}
	if MaskMemberID("PL-7K3M9Q2X") != "PL-7K****2X" || MaskMemberID("abc") != "****" {
		t.Error("mask")
	}
}
