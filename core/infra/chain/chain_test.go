package chain

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
)

var _ Backend = simulated.Client(nil)

func TestDeployTransferAndRevertReason(t *testing.T) {
	ctx := context.Background()
	dev, _ := crypto.GenerateKey()
	treasury, _ := crypto.GenerateKey()
	// The treasury's gas money is in the genesis: the simulated pool takes a new head's state
	// asynchronously, so a transfer right after a funding block may be checked against the old one.
	sim := simulated.NewBackend(types.GenesisAlloc{Address(dev): {Balance: new(big.Int).Lsh(big.NewInt(1), 100)},
		Address(treasury): {Balance: big.NewInt(1e18)}})
	defer sim.Close()
	b := sim.Client()

	supply := big.NewInt(1000)
	token, s, err := Deploy(ctx, b, dev, "Demo", "DMO", 18, supply, Address(treasury))
	if err != nil {
		t.Fatal(err)
	}
	mine(t, sim, s.Hash)
	if ok, _ := HasCode(ctx, b, token); !ok {
		t.Fatal("no code at the token's address")
	}
	if d, err := TokenDecimals(ctx, b, token); err != nil || d != 18 {
		t.Fatalf("decimals %d %v", d, err)
	}

	id, _ := b.ChainID(ctx)
	fees, err := SuggestFees(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	buyer := Address(dev)
	ok, err := SignTransfer(treasury, id, token, buyer, big.NewInt(400), 0, TransferGas, fees)
	if err != nil {
		t.Fatal(err)
	}
	bad, err := SignTransfer(treasury, id, token, buyer, big.NewInt(700), 1, TransferGas, fees)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []Signed{ok, bad, ok} { // the second broadcast of ok is harmless
		if err := Broadcast(ctx, b, x.RawHex()); err != nil {
			t.Fatal(err)
		}
	}
	mine(t, sim, ok.Hash)
	mine(t, sim, bad.Hash)
	r1, _ := Receipt(ctx, b, ok.Hash)
	r2, _ := Receipt(ctx, b, bad.Hash)
	if r1 == nil || r1.Status != 1 || r2 == nil || r2.Status != 0 {
		t.Fatalf("receipts %+v %+v", r1, r2)
	}
	tx, _ := DecodeRaw(bad.RawHex())
	reason := RevertReason(ctx, b, tx, Address(treasury), r2.BlockNumber)
	if !strings.Contains(reason, "ERC20InsufficientBalance") {
		t.Fatalf("reason %q", reason)
	}
	if bal, _ := TokenBalance(ctx, b, token, buyer); bal.Int64() != 400 {
		t.Fatalf("buyer balance %v", bal)
	}
	head, _ := b.BlockNumber(ctx)
	if c := Confirmations(head, r1); c < 1 {
		t.Fatalf("confirmations %d", c)
	}
}

func TestKeySource(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{}
	src := KeySource{Dir: dir, Getenv: func(k string) string { return env[k] }}
	if _, err := src.Load("ACW"); err == nil || !strings.Contains(err.Error(), "TREASURY_KEY_ACW") {
		t.Fatalf("missing key: %v", err)
	}
	k, made, err := WriteDevKey(DevKeyPath(dir, "acw"))
	if err != nil || !made {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "ACW.key")); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", st.Mode())
	}
	got, err := src.Load("acw")
	if err != nil || Address(got) != Address(k) {
		t.Fatalf("dev file: %v", err)
	}
	// Production never falls back to the development directory.
	if _, err := (KeySource{Production: true, Dir: dir, Getenv: src.Getenv}).Load("ACW"); err == nil {
		t.Fatal("production read var/keys")
	}
	other, _ := crypto.GenerateKey()
	env["TREASURY_KEY_ACW"] = "0x" + common2hex(crypto.FromECDSA(other))
	if got, err := (KeySource{Production: true, Getenv: src.Getenv}).Load("ACW"); err != nil || Address(got) != Address(other) {
		t.Fatalf("env key: %v", err)
	}
	env["TREASURY_KEY_ACW"] = "not-a-key-secret"
	if _, err := src.Load("ACW"); err == nil || strings.Contains(err.Error(), "not-a-key-secret") {
		t.Fatalf("a bad key's error leaks it or passes: %v", err)
	}
}

func common2hex(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

func TestEmbeddedArtifactMatchesContractsBuild(t *testing.T) {
	committed, err := os.ReadFile(filepath.Join("..", "..", "..", "contracts", "build", "PrelaunchToken.json"))
	if err != nil {
		t.Skip("contracts/build not found from here")
	}
	if string(committed) != string(artifactJSON) {
		t.Fatal("core/infra/chain/PrelaunchToken.json differs from contracts/build: run pnpm --filter @prelaunch/contracts build")
	}
}

// mine commits blocks until hash is mined: the simulated pool takes a transaction asynchronously,
// so one Commit right after sending may seal a block without it.
func mine(t *testing.T, sim *simulated.Backend, hash common.Hash) {
	t.Helper()
	for i := 0; i < 100; i++ {
		sim.Commit()
		if r, err := Receipt(context.Background(), sim.Client(), hash); err != nil {
			t.Fatal(err)
		} else if r != nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s not mined", hash)
}
