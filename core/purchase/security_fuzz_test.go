package purchase

import (
	"encoding/json"
	"testing"

	"github.com/shopspring/decimal"
)

// FuzzParseAmount: any amount text (JSON or form) is a positive amount of at most two decimals
// and at most MaxAmount, or a 422 — never a panic — and its quote never costs more tokens than
// the money pays for. Long run: go test -fuzz=FuzzParseAmount -fuzztime=60s ./core/purchase/
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"100", "105.5", "0.01", "-1", "1e308", "NaN", "Infinity", "1000000000", "1000000000.01",
		"0", "00010", ".5", "5.", "1.234", "１００", " 7 ", `"12"`, "null", "true", "[1]", "{}", "1e-400", "0x10"} {
		f.Add(s)
	}
	price := decimal.RequireFromString("10")
	pct := decimal.RequireFromString("2")
	f.Fuzz(func(t *testing.T, s string) {
		var a Amount
		if err := json.Unmarshal([]byte(s), &a); err != nil {
			_ = a.UnmarshalText([]byte(s))
		}
		d, err := ParseAmount(a)
		if err != nil {
			if !d.IsZero() {
				t.Fatalf("error with a value: %q -> %s", s, d)
			}
			return
		}
		if !d.IsPositive() || d.GreaterThan(MaxAmount) || d.Exponent() < -2 && !d.Equal(d.Round(2)) {
			t.Fatalf("accepted %q as %s", s, d)
		}
		qty, charged, fee, final := Quote(d, price, pct)
		if qty.IsNegative() || !charged.Equal(qty.Mul(price)) || charged.GreaterThan(d) || !qty.Equal(qty.Floor()) ||
			fee.IsNegative() || !final.Equal(charged.Add(fee)) {
			t.Fatalf("quote of %s: qty %s amount %s fee %s final %s", d, qty, charged, fee, final)
		}
	})
}
