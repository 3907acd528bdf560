package sale_test

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/infra/testkit"
	"prelaunch/core/sale"
)

// SetContract is the one writer of a token's contract address and decimals: it refuses what is
// not a contract address and a company without a token, and "" clears the address.
func TestSetContractIsTheOneWriter(t *testing.T) {
	d := testkit.Deps(t, "sale", 10)
	ctx := context.Background()
	cid := testkit.Seed(t, d, "Admin@12345")
	now := time.Now()
	const addr = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
	if err := sale.SetContract(ctx, d.DB, cid, addr, 18, now); err != nil {
		t.Fatal(err)
	}
	tok, err := sale.TokenOnChain(ctx, d.DB, cid)
	if err != nil || tok.Address != addr || tok.Decimals != 18 {
		t.Fatalf("after SetContract: %+v %v", tok, err)
	}
	for _, bad := range []string{"0x123", "5FbDB2315678afecb367f032d93F642f64180aa3", "0x5FbDB2315678afecb367f032d93F642f64180aaZ"} {
		if err := sale.SetContract(ctx, d.DB, cid, bad, 18, now); err == nil {
			t.Fatalf("SetContract(%q) must be refused", bad)
		}
	}
	if err := sale.SetContract(ctx, d.DB, "00000000-0000-0000-0000-000000000000", addr, 18, now); err == nil {
		t.Fatal("SetContract of a company without a token must fail")
	}
	if err := sale.SetContract(ctx, d.DB, cid, "", 6, now); err != nil {
		t.Fatal(err)
	}
	if tok, err = sale.TokenOnChain(ctx, d.DB, cid); err != nil || tok.Address != "" || tok.Decimals != 6 {
		t.Fatalf("after clearing: %+v %v", tok, err)
	}
}
