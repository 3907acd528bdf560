package wallet

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

func TestNormalizeChecksOnlyMixedCase(t *testing.T) {
	const sum = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" // EIP-55's own example
	for _, in := range []string{sum, strings.ToLower(sum), "0x" + strings.ToUpper(sum[2:]), " " + sum + " ", "0X" + sum[2:]} {
		if got, err := Normalize(in, "address"); err != nil || got != sum {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	bad := "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" // one letter's case flipped
	if _, err := Normalize(bad, "address"); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("bad checksum: %v", err)
	}
	for _, in := range []string{"", "0x", sum[2:], sum + "0", "0x" + strings.Repeat("z", 40), "1x" + sum[2:]} {
		if _, err := Normalize(in, "address"); err == nil || !strings.Contains(err.Error(), "40 hexadecimal") {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestMask(t *testing.T) {
	if got := Mask("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"); got != "0x5aAe…eAed" {
		t.Errorf("mask: %q", got)
	}
	if Mask("") != "" || Mask("0x12") != "" {
		t.Error("short values mask to nothing")
	}
}

func TestRecoverPersonalSign(t *testing.T) {
	k, _ := crypto.GenerateKey()
	want := crypto.PubkeyToAddress(k.PublicKey).Hex()
	msg := "Demo (demo.example.com) asks you to prove that this wallet is yours."
	sig, _ := crypto.Sign(accounts.TextHash([]byte(msg)), k)
	for _, v := range []byte{0, 27} { // wallets answer v as 27/28; some signers as 0/1
		s := append([]byte(nil), sig...)
		s[64] += v
		if got, err := Recover(msg, hexutil.Encode(s)); err != nil || got != want {
			t.Errorf("v+%d: %s %v", v, got, err)
		}
	}
	if got, _ := Recover(msg+".", hexutil.Encode(sig)); got == want {
		t.Error("another message recovered the same signer")
	}
	for _, s := range []string{"", "0x00", hexutil.Encode(sig)[:130], "0x" + strings.Repeat("g", 130), "0x" + strings.Repeat("0", 128) + "05"} {
		if _, err := Recover(msg, s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
