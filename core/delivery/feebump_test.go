package delivery_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient/simulated"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/chain"
)

// spike makes the worker sign its first transactions below the chain's base fee (as if the
// fee had spiked after signing): they wait in the pool, unmined, until the base fee falls.
func spike(w *world) {
	w.d.SetFees(func(ctx context.Context, b chain.Backend) (chain.Fees, error) {
		head, err := b.HeaderByNumber(ctx, nil)
		if err != nil {
			return chain.Fees{}, err
		}
		low := new(big.Int).Div(head.BaseFee, big.NewInt(3))
		tip := big.NewInt(1_000_000) // 0.001 gwei, what the simulated miner asks at least
		if tip.Cmp(low) > 0 {
			tip.Set(low)
		}
		return chain.Fees{TipCap: tip, FeeCap: low}, nil
	})
}

type bumpRow struct {
	TxHash    string `bun:"tx_hash"`
	RawTx     string `bun:"raw_tx"`
	Nonce     int64  `bun:"nonce"`
	Status    string `bun:"status"`
	FeeBumps  int    `bun:"fee_bumps"`
	Replaced  string `bun:"replaced"`
	SentBlock int64  `bun:"sent_block"`
}

func (w *world) bumpRow() bumpRow {
	w.t.Helper()
	var r bumpRow
	if err := w.deps.DB.NewRaw(`SELECT tx_hash, raw_tx, nonce, status, fee_bumps, replaced::text AS replaced, coalesce(sent_block, -1) AS sent_block
		FROM distribution_transfers WHERE company_id = ?`, w.company).Scan(context.Background(), &r); err != nil {
		w.t.Fatal(err)
	}
	return r
}

func commitN(sim *simulated.Backend, n int) {
	for i := 0; i < n; i++ {
		sim.Commit()
	}
}

// A transfer priced below the base fee waits unmined; BumpAfterBlocks blocks later the worker
// signs the same nonce again at ≥ +10% tip and fee cap (and at least today's price), stores the
// new bytes and hash with the old hash kept, and broadcasts; the replacement is mined and the
// buyer receives the tokens once.
func TestStuckTransferIsBumpedWithTheSameNonce(t *testing.T) {
	w, sim := simWorld(t, 1, 1000)
	ctx := context.Background()
	w.d.BumpAfterBlocks = 2
	w.setTarget(0, 42)
	spike(w)
	if _, err := w.d.Run(ctx, w.admin, w.company); err != nil {
		t.Fatal(err)
	}
	if err := w.d.Process(ctx, w.company); err != nil {
		t.Fatal(err)
	}
	first := w.bumpRow()
	if first.Status != delivery.StatusSent || first.FeeBumps != 0 || first.SentBlock < 0 {
		t.Fatalf("after signing %+v", first)
	}
	w.d.SetFees(nil) // the node's price from now on
	commitN(sim, 1)
	if err := w.d.Process(ctx, w.company); err != nil { // one block: not stuck yet
		t.Fatal(err)
	}
	if r := w.bumpRow(); r.TxHash != first.TxHash || r.FeeBumps != 0 {
		t.Fatalf("bumped too early: %+v", r)
	}
	commitN(sim, 1)
	if err := w.d.Process(ctx, w.company); err != nil { // two blocks without a receipt: bumped
		t.Fatal(err)
	}
	bumped := w.bumpRow()
	if bumped.TxHash == first.TxHash || bumped.Nonce != first.Nonce || bumped.FeeBumps != 1 || bumped.Status != delivery.StatusSent {
		t.Fatalf("after the bump %+v (first %+v)", bumped, first)
	}
	if !containsHash(bumped.Replaced, first.TxHash) {
		t.Fatalf("the replaced hash is not kept: %s", bumped.Replaced)
	}
	oldTx, _ := chain.DecodeRaw(first.RawTx)
	newTx, err := chain.DecodeRaw(bumped.RawTx)
	if err != nil || newTx.Hash().Hex() != bumped.TxHash {
		t.Fatalf("stored bytes do not match the stored hash: %v", err)
	}
	if newTx.Nonce() != oldTx.Nonce() || newTx.Gas() != oldTx.Gas() || *newTx.To() != *oldTx.To() || string(newTx.Data()) != string(oldTx.Data()) {
		t.Fatal("the replacement is not the same transfer")
	}
	tenPct := func(x *big.Int) *big.Int {
		return new(big.Int).Div(new(big.Int).Mul(x, big.NewInt(110)), big.NewInt(100))
	}
	if newTx.GasTipCap().Cmp(tenPct(oldTx.GasTipCap())) < 0 || newTx.GasFeeCap().Cmp(tenPct(oldTx.GasFeeCap())) < 0 {
		t.Fatalf("fees %v/%v not 10%% above %v/%v", newTx.GasTipCap(), newTx.GasFeeCap(), oldTx.GasTipCap(), oldTx.GasFeeCap())
	}
	w.drive()
	final := w.bumpRow()
	if final.Status != delivery.StatusConfirmed || final.TxHash != bumped.TxHash || final.Nonce != first.Nonce {
		t.Fatalf("final %+v", final)
	}
	if b := w.balance(0); b.Int64() != 42 {
		t.Fatalf("buyer holds %v", b)
	}
	if r, _ := chain.Receipt(ctx, w.backend, common.HexToHash(first.TxHash)); r != nil {
		t.Fatal("the replaced transaction was mined too")
	}
}

// The first transaction is mined after all (the fee fell before the replacement reached the
// node): its receipt settles the transfer, the row names it, and nothing is sent twice.
func TestReplacedTransactionMinedFirstSettlesTheTransfer(t *testing.T) {
	w, sim := simWorld(t, 1, 1000)
	ctx := context.Background()
	w.d.BumpAfterBlocks = 2
	w.setTarget(0, 42)
	spike(w)
	if _, err := w.d.Run(ctx, w.admin, w.company); err != nil {
		t.Fatal(err)
	}
	if err := w.d.Process(ctx, w.company); err != nil {
		t.Fatal(err)
	}
	first := w.bumpRow()
	w.d.SetFees(nil)
	commitN(sim, 2)
	// The worker dies after storing the replacement, before broadcasting it.
	type died struct{}
	w.d.SetHook(func(p string) {
		if p == "bumped" {
			panic(died{})
		}
	})
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(died); !ok {
					panic(r)
				}
			}
		}()
		_ = w.d.Process(ctx, w.company)
		t.Fatal("the worker did not bump")
	}()
	w.d.SetHook(nil)
	stored := w.bumpRow()
	if stored.TxHash == first.TxHash || stored.FeeBumps != 1 {
		t.Fatalf("replacement not stored: %+v", stored)
	}
	// The base fee falls under the first transaction's cap: it is mined.
	for i := 0; ; i++ {
		sim.Commit()
		if r, _ := chain.Receipt(ctx, w.backend, common.HexToHash(first.TxHash)); r != nil {
			break
		}
		if i == 200 {
			t.Fatal("the first transaction was never mined")
		}
	}
	w.d.BumpAfterBlocks = 1000
	w.drive()
	final := w.bumpRow()
	if final.Status != delivery.StatusConfirmed || final.TxHash != first.TxHash || final.RawTx != first.RawTx || final.Nonce != first.Nonce {
		t.Fatalf("final %+v, first %+v", final, first)
	}
	if !containsHash(final.Replaced, stored.TxHash) || containsHash(final.Replaced, first.TxHash) {
		t.Fatalf("replaced %s", final.Replaced)
	}
	if b := w.balance(0); b.Int64() != 42 {
		t.Fatalf("buyer holds %v", b)
	}
	if r, _ := chain.Receipt(ctx, w.backend, common.HexToHash(stored.TxHash)); r != nil {
		t.Fatal("the replacement was mined too")
	}
}

func containsHash(js, hash string) bool {
	return hash != "" && strings.Contains(strings.ToLower(js), strings.ToLower(hash))
}
