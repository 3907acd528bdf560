package reconcile

import (
	"strings"
	"testing"

	"prelaunch/core/bank"
)

// A matched line's payer is compared with the buyer's verified account: a warning when the
// description names another account or another name, none when they agree or it names neither.
func TestPayerWarningsFlagAnotherAccountOrName(t *testing.T) {
	key := []byte("test-pii-key-test-pii-key-test32")
	a := &bank.Account{AccountLast4: "8901", AccountHash: bank.Hash(key, "5010012345678901"), BankName: "HDFC Bank",
		HolderName: "ASHA RAO"}
	cases := []struct {
		desc, utr string
		want      []string // substrings, one per warning
	}{
		{"NEFT-HDFCN52022112345678-ASHA RAO-5010012345678901-HDFC0001234", "HDFCN52022112345678", nil},
		{"UPI/312345678901/ASHA RAO/asha@okhdfc/HDFC Bank", "312345678901", nil},
		{"NEFT-SBIN0000123-Asha K Rao-XXXXXXXX8901", "", nil},
		{"NEFT-HDFCN52022112345678-RAMESH KUMAR VERMA-5010012345670000-HDFC0001234", "HDFCN52022112345678",
			[]string{"account (ending 0000)", "payer's name (RAMESH KUMAR VERMA)"}},
		{"IMPS/P2A/312345678901/XXXXXX4321/ASHA RAO", "312345678901", []string{"account (ending 4321) is not the buyer's verified account (••••8901, HDFC Bank)"}},
		{"UPI/312345678901/VIKRAM SINGH/vik@oksbi", "312345678901", []string{"payer's name (VIKRAM SINGH)"}},
		{"By transfer 312345678901", "312345678901", nil}, // names neither
	}
	for _, c := range cases {
		got := payerWarnings(c.desc, c.utr, a, key)
		if len(got) != len(c.want) {
			t.Fatalf("%q: warnings %q, want %d", c.desc, got, len(c.want))
		}
		for i, w := range c.want {
			if !strings.Contains(got[i], w) {
				t.Fatalf("%q: warning %q lacks %q", c.desc, got[i], w)
			}
		}
	}
	if got := payerWarnings("NEFT-X-RAMESH-1234567890", "", nil, key); len(got) != 0 {
		t.Fatalf("no verified account: %q", got)
	}
}
