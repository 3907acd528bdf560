package delivery_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/chain"
)

func slug(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Slug
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestPreviewIsWhatRunSendsAndASecondRunSendsNothing(t *testing.T) {
	w, _ := simWorld(t, 3, 1_000_000)
	ctx := context.Background()
	w.setTarget(0, 100)
	w.setTarget(1, 250)
	w.setTarget(2, 7)

	p, err := w.d.Preview(ctx, w.company)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != "357" || !p.Enough || p.TreasuryBalance != "1000000" || len(p.Transfers) != 3 {
		t.Fatalf("preview %+v", p)
	}
	st, err := w.d.Run(ctx, w.admin, w.company)
	if err != nil {
		t.Fatal(err)
	}
	if st.Total != p.Total || st.Transfers != len(p.Transfers) {
		t.Fatalf("run %+v, preview %+v", st, p)
	}
	got := map[string]string{}
	for _, r := range w.rows() {
		if r.Status != delivery.StatusQueued {
			t.Fatalf("new transfer %+v", r)
		}
		got[r.UserID] = r.Amount
	}
	for _, l := range p.Transfers {
		if got[l.UserID] != l.Amount {
			t.Fatalf("preview line %+v, recorded %q", l, got[l.UserID])
		}
	}
	// While it sends, a second run is a conflict.
	if _, err := w.d.Run(ctx, w.admin, w.company); slug(err) != "distribution_running" {
		t.Fatalf("second run while sending: %v", err)
	}
	w.drive()
	for i, want := range []int64{100, 250, 7} {
		if b := w.balance(i); b.Int64() != want {
			t.Fatalf("buyer %d holds %v, want %d", i, b, want)
		}
	}
	for _, r := range w.rows() {
		if r.Status != delivery.StatusConfirmed || r.Confirmations < 3 {
			t.Fatalf("after the worker %+v", r)
		}
	}
	// A second run right after has nothing to send; the preview agrees.
	if p2, err := w.d.Preview(ctx, w.company); err != nil || len(p2.Transfers) != 0 || p2.Total != "0" {
		t.Fatalf("preview after: %+v %v", p2, err)
	}
	if _, err := w.d.Run(ctx, w.admin, w.company); slug(err) != "nothing_owed" {
		t.Fatalf("second run: %v", err)
	}
	if n := len(w.rows()); n != 3 {
		t.Fatalf("%d transfers after a second run", n)
	}
	var status string
	_ = w.deps.DB.NewRaw(`SELECT status FROM distribution_runs WHERE id = ?`, st.RunID).Scan(ctx, &status)
	if status != "DONE" {
		t.Fatalf("run status %s", status)
	}
	var audited int
	_ = w.deps.DB.NewRaw(`SELECT count(*) FROM audit_log WHERE action = 'distribution.run' AND actor_id = ? AND after->>'treasury' = ?`,
		w.admin.ID, chain.Address(w.treasury).Hex()).Scan(ctx, &audited)
	if audited != 1 {
		t.Fatalf("audit rows %d", audited)
	}

	// More vests later: the next run sends only the difference.
	w.setTarget(0, 150)
	st2, err := w.d.Run(ctx, w.admin, w.company)
	if err != nil || st2.Total != "50" || st2.Transfers != 1 {
		t.Fatalf("top-up run %+v %v", st2, err)
	}
	w.drive()
	if b := w.balance(0); b.Int64() != 150 {
		t.Fatalf("buyer 0 holds %v", b)
	}
}

func TestRunRefusedWhenTheTreasuryIsShort(t *testing.T) {
	w, _ := simWorld(t, 2, 100)
	ctx := context.Background()
	w.setTarget(0, 60)
	w.setTarget(1, 60)
	p, err := w.d.Preview(ctx, w.company)
	if err != nil || p.Enough || p.Total != "120" {
		t.Fatalf("preview %+v %v", p, err)
	}
	if _, err := w.d.Run(ctx, w.admin, w.company); slug(err) != "treasury_short" {
		t.Fatalf("run: %v", err)
	}
	if len(w.rows()) != 0 {
		t.Fatal("a refused run recorded transfers")
	}
}

func TestConcurrentRunsRecordOnce(t *testing.T) {
	w, _ := simWorld(t, 2, 1000)
	w.setTarget(0, 10)
	w.setTarget(1, 20)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, errs[i] = w.d.Run(context.Background(), w.admin, w.company)
		}(i)
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch slug(err) {
		case "":
			ok++
		case "distribution_running":
		default:
			t.Fatalf("run: %v", err)
		}
	}
	if ok != 1 || len(w.rows()) != 2 {
		t.Fatalf("%d runs succeeded, %d transfers", ok, len(w.rows()))
	}
}

func TestRevertedTransferFailsWithReasonAndOnlyAnAdminRetriesIt(t *testing.T) {
	w, _ := simWorld(t, 2, 1100)
	ctx := context.Background()
	w.setTarget(0, 100)
	w.setTarget(1, 1000)
	if _, err := w.d.Run(ctx, w.admin, w.company); err != nil {
		t.Fatal(err)
	}
	// Someone moves tokens out of the treasury by hand after the run was recorded: the second
	// transfer can no longer be covered and reverts on chain.
	sink := chain.Address(w.dev)
	s, err := chain.SendTransfer(ctx, w.backend, w.treasury, w.token, sink, big.NewInt(500))
	if err != nil {
		t.Fatal(err)
	}
	w.mine(s.Hash)
	w.drive()
	rows := w.rows()
	var failed row
	for _, r := range rows {
		if r.UserID == w.buyers[1].id {
			failed = r
		}
	}
	if failed.Status != delivery.StatusFailed || !strings.Contains(failed.Error, "ERC20InsufficientBalance") {
		t.Fatalf("failed transfer %+v", failed)
	}
	if w.balance(0).Int64() != 100 || w.balance(1).Sign() != 0 {
		t.Fatalf("balances %v %v", w.balance(0), w.balance(1))
	}
	// A new run does not send it again by itself.
	if p, _ := w.d.Preview(ctx, w.company); len(p.Transfers) != 0 {
		t.Fatalf("preview includes the failed buyer: %+v", p)
	}
	if _, err := w.d.Run(ctx, w.admin, w.company); slug(err) != "nothing_owed" {
		t.Fatalf("run after a failure: %v", err)
	}
	// The tokens come back; the admin retries.
	back, err := chain.SendTransfer(ctx, w.backend, w.dev, w.token, chain.Address(w.treasury), big.NewInt(500))
	if err != nil {
		t.Fatal(err)
	}
	w.mine(back.Hash)
	for _, r := range rows {
		if r.Status == delivery.StatusConfirmed {
			if _, err := w.d.Retry(ctx, w.admin, w.company, r.ID); slug(err) != "transfer_not_failed" {
				t.Fatalf("retry of a confirmed transfer: %v", err)
			}
		}
	}
	if _, err := w.d.Retry(ctx, w.admin, "00000000-0000-0000-0000-000000000000", failed.ID); slug(err) != "transfer_not_found" {
		t.Fatalf("retry from another company: %v", err)
	}
	newID, err := w.d.Retry(ctx, w.admin, w.company, failed.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.d.Retry(ctx, w.admin, w.company, failed.ID); slug(err) != "transfer_retried" {
		t.Fatalf("second retry: %v", err)
	}
	w.drive()
	if w.balance(1).Int64() != 1000 {
		t.Fatalf("buyer 1 holds %v after the retry", w.balance(1))
	}
	statuses := map[string]string{}
	for _, r := range w.rows() {
		statuses[r.ID] = r.Status
	}
	if statuses[failed.ID] != delivery.StatusFailed || statuses[newID] != delivery.StatusConfirmed || len(statuses) != 3 {
		t.Fatalf("statuses %v", statuses)
	}
}

func TestReorgPutsATransferBackAndItConfirmsOnce(t *testing.T) {
	w, sim := simWorld(t, 1, 1000)
	ctx := context.Background()
	w.setTarget(0, 42)
	if _, err := w.d.Run(ctx, w.admin, w.company); err != nil {
		t.Fatal(err)
	}
	if err := w.d.Process(ctx, w.company); err != nil { // signs, stores, broadcasts
		t.Fatal(err)
	}
	// Commit until the block that mines it (the simulated pool promotes a new transaction
	// asynchronously); parent is the block under that one.
	hash := common.HexToHash(w.rows()[0].TxHash)
	var parent *types.Header
	for i := 0; ; i++ {
		var err error
		if parent, err = w.backend.HeaderByNumber(ctx, nil); err != nil {
			t.Fatal(err)
		}
		sim.Commit()
		if r, _ := chain.Receipt(ctx, w.backend, hash); r != nil {
			break
		}
		if i == 100 {
			t.Fatal("the transfer was never mined")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := w.d.Process(ctx, w.company); err != nil {
		t.Fatal(err)
	}
	before := w.rows()[0]
	if before.Status != delivery.StatusSent || before.BlockHash == "" || before.Confirmations != 1 {
		t.Fatalf("after one block %+v", before)
	}
	// A longer side chain from the parent drops the block that mined it.
	if err := sim.Fork(parent.Hash()); err != nil {
		t.Fatal(err)
	}
	sim.Rollback()
	sim.Commit()
	sim.Commit()
	sim.Commit()
	if err := w.d.Process(ctx, w.company); err != nil {
		t.Fatal(err)
	}
	after := w.rows()[0]
	if after.Status != delivery.StatusSent || after.BlockHash == before.BlockHash {
		t.Fatalf("after the reorg %+v (before %+v)", after, before)
	}
	w.drive()
	final := w.rows()
	if len(final) != 1 || final[0].Status != delivery.StatusConfirmed || final[0].TxHash != before.TxHash || final[0].Nonce != before.Nonce {
		t.Fatalf("final %+v, before %+v", final, before)
	}
	if b := w.balance(0); b.Int64() != 42 {
		t.Fatalf("buyer holds %v", b)
	}
}

func TestTwoWorkersSendEachTransferOnce(t *testing.T) {
	w, sim := simWorld(t, 6, 1_000_000)
	ctx := context.Background()
	for i := range w.buyers {
		w.setTarget(i, int64(10+i))
	}
	if _, err := w.d.Run(ctx, w.admin, w.company); err != nil {
		t.Fatal(err)
	}
	second := *w.d // another worker: same database, same chain, its own connection
	stop := make(chan struct{})
	var miner sync.WaitGroup
	miner.Add(1)
	go func() {
		defer miner.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				sim.Commit()
			}
		}
	}()
	var wg sync.WaitGroup
	for _, d := range []*delivery.Distributor{w.d, &second} {
		wg.Add(1)
		go func(d *delivery.Distributor) {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				if err := d.Process(ctx, w.company); err != nil && !errors.Is(err, delivery.ErrBusy) {
					t.Error(err)
					return
				}
				if open, _ := delivery.Sending(ctx, w.deps.DB, w.company); !open {
					return
				}
			}
		}(d)
	}
	wg.Wait()
	close(stop)
	miner.Wait()
	nonces := map[int64]bool{}
	for _, r := range w.rows() {
		if r.Status != delivery.StatusConfirmed || nonces[r.Nonce] {
			t.Fatalf("transfer %+v", r)
		}
		nonces[r.Nonce] = true
	}
	for i := range w.buyers {
		if b := w.balance(i); b.Int64() != int64(10+i) {
			t.Fatalf("buyer %d holds %v", i, b)
		}
	}
	n, _ := w.backend.NonceAt(ctx, chain.Address(w.treasury), nil)
	if n != uint64(len(w.buyers)) {
		t.Fatalf("the treasury sent %d transactions for %d transfers", n, len(w.buyers))
	}
}
