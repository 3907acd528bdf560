package company

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/fields"
)

// FuzzAddInput: the company validator (PAN, Aadhaar, PIN, symbol, price) never panics and what
// it accepts has the documented shapes. Long run: go test -fuzz=FuzzAddInput -fuzztime=60s ./core/company/
func FuzzAddInput(f *testing.F) {
	f.Add("ABCDE1234F", "2341 2341 2346", "110001", "gmx", "2.5")
	f.Add("abcde1234f", "12345", "1100", "", "0")
	f.Add("ABCD1234F", "１２３４５６７８９０１２", "٣٣٣٣٣٣", "<b>", "1e308")
	f.Add("' OR 1=1", "\x00", "-1", "ÄÖ", "-0.00001")
	f.Fuzz(func(t *testing.T, pan, aadhaar, pin, symbol, price string) {
		p, err := decimal.NewFromString(price)
		if err != nil {
			return
		}
		in := AddInput{CompanyName: "C", Email: "c@c.test", Mobile: "9000000001", CompanyAadhaarCard: aadhaar, CompanyPan: pan,
			CompanyAddress: "A", CompanyPincode: pin, TokenName: "T", TokenSymbol: symbol, TokenPrice: p, AdminPassword: "Passw0rd!"}
		in.normalise()
		if in.validate("") != nil {
			return
		}
		if !fields.PAN(in.CompanyPan) || !fields.Aadhaar(in.CompanyAadhaarCard) || len(in.CompanyPincode) != 6 ||
			!symbolRE.MatchString(in.TokenSymbol) || !in.TokenPrice.IsPositive() || strings.ContainsAny(in.TokenSymbol, "<>'\"") {
			t.Fatalf("accepted %+v", in)
		}
	})
}
