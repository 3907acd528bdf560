package beneficiary

import (
	"strings"
	"testing"
)

// FuzzValidate: the beneficiary validator (IFSC, UPI id, account number) never panics, and what
// it accepts has the documented shapes. Long run: go test -fuzz=FuzzValidate -fuzztime=60s ./core/beneficiary/
func FuzzValidate(f *testing.F) {
	f.Add("SBIN0001234", "name@okaxis", "1234567890")
	f.Add("sbin0001234", "a.b-c_d@ybl", "000000")
	f.Add("SBIN1001234", "@x", "12345")
	f.Add("ＳＢＩＮ0001234", "a@b\x00", "１２３４５６")
	f.Add("' OR 1=1 --", "<script>@x", "-1")
	f.Fuzz(func(t *testing.T, ifsc, upi, account string) {
		v := View{HolderName: "H", BankName: "B", Branch: "Br", IFSCCode: ifsc, UPI: upi, AccountNumber: account}
		v.Normalise()
		if v.Validate() != nil {
			return
		}
		if len(v.IFSCCode) != 11 || v.IFSCCode[4] != '0' || strings.ToUpper(v.IFSCCode) != v.IFSCCode {
			t.Fatalf("IFSC %q", v.IFSCCode)
		}
		if strings.Count(v.UPI, "@") != 1 || strings.ContainsAny(v.UPI, "<>\"' \x00") {
			t.Fatalf("UPI %q", v.UPI)
		}
		for _, r := range v.AccountNumber {
			if r < '0' || r > '9' {
				t.Fatalf("account %q", v.AccountNumber)
			}
		}
		if len(v.AccountNumber) < 6 || len(v.AccountNumber) > 20 {
			t.Fatalf("account %q", v.AccountNumber)
		}
	})
}
