package delivery

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"math/big"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/merkle.json")

func TestChecksum(t *testing.T) {
	// EIP-55's own examples.
	for _, a := range []string{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
		"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"} {
		got, ok := Checksum(a)
		if !ok || got != a {
			t.Errorf("%s: %s %v", a, got, ok)
		}
		if got, ok := Checksum("0x" + lowerHex(a[2:])); !ok || got != a {
			t.Errorf("lower %s: %s", a, got)
		}
	}
	for _, bad := range []string{"", "0x", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
		"5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00", "0xzzaeb6053f3e94c9b9a09f33669435e7ef1beaed"} {
		if _, ok := Checksum(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

func lowerHex(s string) string { return string(bytes.ToLower([]byte(s))) }

// goldenClaims are the leaves of testdata/merkle.json: 18-decimal amounts, 1 wei, and the largest
// uint256.
func goldenClaims() []Claim {
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	return []Claim{
		{"0x1111111111111111111111111111111111111111", bi("5000000000000000000")},
		{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", bi("1")},
		{"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", bi("123456789012345678901234567")},
		{"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", max},
		{"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb", bi("2500000000000000000")},
	}
}

func TestMerkleGolden(t *testing.T) {
	d, err := BuildMerkle(goldenClaims())
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.MarshalIndent(d, "", "  ")
	got = append(got, '\n')
	const path = "testdata/merkle.json"
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the tree differs from %s (go test -run TestMerkleGolden -update rewrites it):\n%s", path, got)
	}
}

// Every proof leads from its leaf to the root by OpenZeppelin's MerkleProof rule (sorted pairs).
func TestMerkleProofs(t *testing.T) {
	for n := 1; n <= 9; n++ {
		claims := goldenClaims()
		for len(claims) < n {
			claims = append(claims, Claim{"0x2222222222222222222222222222222222222222", big.NewInt(int64(len(claims)))})
		}
		claims = claims[:n]
		d, err := BuildMerkle(claims)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Tree) != 2*n-1 {
			t.Fatalf("n=%d: %d nodes", n, len(d.Tree))
		}
		for i, v := range d.Values {
			h, _ := leafHash(claims[i])
			if hexOf(h) != d.Tree[v.TreeIndex] {
				t.Fatalf("n=%d value %d: leaf not at its index", n, i)
			}
			for _, sib := range d.Proof(v.TreeIndex) {
				s := mustHex(sib)
				a, b := h, s
				if bytes.Compare(a, b) > 0 {
					a, b = b, a
				}
				h = keccak(a, b)
			}
			if hexOf(h) != d.Tree[0] {
				t.Errorf("n=%d value %d: proof does not reach the root", n, i)
			}
		}
	}
	if _, err := BuildMerkle(nil); err != ErrNoClaims {
		t.Errorf("empty: %v", err)
	}
	if _, err := BuildMerkle([]Claim{{"0x12", big.NewInt(1)}}); err == nil {
		t.Error("a bad address is accepted")
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		panic(err)
	}
	return b
}
