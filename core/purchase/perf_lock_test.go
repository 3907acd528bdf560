package purchase_test

import (
	"context"
	"testing"
	"time"

	"prelaunch/core/purchase"
	"prelaunch/core/testkit"
)

// TestApprovalWithoutRewardSkipsTokenLock pins the approve-cycle fix of issue 8: approving a
// referred buyer's purchase too small to earn a reward (floor(qty × 5 %) = 0) does not wait for
// the token row, which orders lock; one that pays a reward still takes that lock, and the supply
// invariant holds either way.
func TestApprovalWithoutRewardSkipsTokenLock(t *testing.T) {
	f := rvSetup(t)
	ctx := context.Background()
	referrer := f.buyer(t, nil)
	b := f.buyer(t, &referrer)
	small := f.pending(t, f.cid, b, 19, "MANUAL", "UTR-LOCK-1") // 19 × 5 % = 0.95 → 0
	big := f.pending(t, f.cid, b, 40, "MANUAL", "UTR-LOCK-2")   // 40 × 5 % = 2

	tx, err := f.d.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "SELECT 1 FROM tokens WHERE company_id = ? FOR UPDATE", f.cid); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if dec, err := purchase.Approve(short, f.d, f.actor(), f.cid, small); err != nil || !dec.RewardQuantity.IsZero() {
		t.Fatalf("approval without a reward waited for the token lock or failed: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		dec, err := purchase.Approve(ctx, f.d, f.actor(), f.cid, big)
		if err == nil && dec.RewardQuantity.IntPart() != 2 {
			t.Errorf("reward %s, want 2", dec.RewardQuantity)
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("an approval paying a reward did not wait for the token lock (err %v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if f.balance(t, referrer) != 2 || f.balance(t, b) != 59 {
		t.Fatalf("balances referrer %d buyer %d", f.balance(t, referrer), f.balance(t, b))
	}
	testkit.CheckSupply(t, f.d.DB)
}
