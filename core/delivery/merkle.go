package delivery

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"sort"
	"strings"

	"golang.org/x/crypto/sha3"
)

// The Merkle tree of the claims, laid out exactly as @openzeppelin/merkle-tree's
// StandardMerkleTree (format "standard-v1") lays it out, so its dump loads in that library and a
// claim contract built with OpenZeppelin's MerkleProof verifies its proofs:
//
//   - a leaf is keccak256(keccak256(abi.encode(address, uint256)));
//   - the leaves are sorted by their hash and stored from the end of the array (leaf i at
//     len−1−i), the inner node i is the hash of its children 2i+1 and 2i+2, sorted as bytes
//     before concatenation; the root is tree[0].
//
// The node test apps/admin/src/features/distribution/merkle.test.ts loads testdata/merkle.json
// (written by this package's tests) with the library and verifies every leaf.

// Claim is one leaf: a proved wallet and its unlocked amount in the token's smallest unit.
type Claim struct {
	Address string   // EIP-55 checksummed
	Amount  *big.Int // > 0, below 2^256
}

// MerkleDump is StandardMerkleTree.dump()'s JSON.
type MerkleDump struct {
	Format       string        `json:"format"`
	LeafEncoding []string      `json:"leafEncoding"`
	Tree         []string      `json:"tree"`
	Values       []MerkleValue `json:"values"`
}

// MerkleValue is one value of the dump: [address, amount as a decimal string] and its node.
type MerkleValue struct {
	Value     [2]string `json:"value"`
	TreeIndex int       `json:"treeIndex"`
}

func keccak(parts ...[]byte) []byte {
	h := sha3.NewLegacyKeccak256()
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// ErrNoClaims: a tree needs at least one leaf.
var ErrNoClaims = errors.New("no claims")

var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// leafHash is keccak256(keccak256(abi.encode(address, uint256))).
func leafHash(c Claim) ([]byte, error) {
	addr, err := hex.DecodeString(strings.TrimPrefix(strings.ToLower(c.Address), "0x"))
	if err != nil || len(addr) != 20 {
		return nil, errors.New("merkle: bad address " + c.Address)
	}
	if c.Amount == nil || c.Amount.Sign() < 0 || c.Amount.Cmp(maxUint256) > 0 {
		return nil, errors.New("merkle: amount out of uint256 range")
	}
	enc := make([]byte, 64)
	copy(enc[12:32], addr)
	c.Amount.FillBytes(enc[32:64])
	return keccak(keccak(enc)), nil
}

func hexOf(b []byte) string { return "0x" + hex.EncodeToString(b) }

// BuildMerkle is the dump of the tree of claims, the values in the order given.
func BuildMerkle(claims []Claim) (*MerkleDump, error) {
	if len(claims) == 0 {
		return nil, ErrNoClaims
	}
	type hashed struct {
		hash []byte
		idx  int
	}
	hs := make([]hashed, len(claims))
	for i, c := range claims {
		h, err := leafHash(c)
		if err != nil {
			return nil, err
		}
		hs[i] = hashed{h, i}
	}
	sort.SliceStable(hs, func(a, b int) bool { return bytes.Compare(hs[a].hash, hs[b].hash) < 0 })
	n := len(hs)
	tree := make([][]byte, 2*n-1)
	for i, h := range hs {
		tree[len(tree)-1-i] = h.hash
	}
	for i := len(tree) - 1 - n; i >= 0; i-- {
		a, b := tree[2*i+1], tree[2*i+2]
		if bytes.Compare(a, b) > 0 {
			a, b = b, a
		}
		tree[i] = keccak(a, b)
	}
	out := &MerkleDump{Format: "standard-v1", LeafEncoding: []string{"address", "uint256"},
		Tree: make([]string, len(tree)), Values: make([]MerkleValue, n)}
	for i, node := range tree {
		out.Tree[i] = hexOf(node)
	}
	for leaf, h := range hs {
		c := claims[h.idx]
		out.Values[h.idx] = MerkleValue{Value: [2]string{c.Address, c.Amount.String()}, TreeIndex: len(tree) - 1 - leaf}
	}
	return out, nil
}

// Proof is the sibling hashes from a value's leaf to the root (StandardMerkleTree.getProof).
func (d *MerkleDump) Proof(treeIndex int) []string {
	var p []string
	for i := treeIndex; i > 0; i = (i - 1) / 2 {
		sib := i + 1
		if i%2 == 0 {
			sib = i - 1
		}
		p = append(p, d.Tree[sib])
	}
	return p
}

// Checksum is the EIP-55 form of a 0x-prefixed 40-hex-digit address; ok false when it is not one
// or when it is mixed case with a wrong checksum.
func Checksum(addr string) (string, bool) {
	if len(addr) != 42 || (addr[:2] != "0x" && addr[:2] != "0X") {
		return "", false
	}
	body := addr[2:]
	if _, err := hex.DecodeString(body); err != nil {
		return "", false
	}
	lower := strings.ToLower(body)
	h := hex.EncodeToString(keccak([]byte(lower)))
	out := []byte(lower)
	for i, ch := range out {
		if ch >= 'a' && ch <= 'f' && h[i] >= '8' {
			out[i] = ch - 32
		}
	}
	sum := "0x" + string(out)
	mixed := strings.ToLower(body) != body && strings.ToUpper(body) != body
	if mixed && sum[2:] != body {
		return "", false
	}
	return sum, true
}
