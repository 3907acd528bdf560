package purchase_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
)

// TestCancelReturnsTokensOnce: INITIATED → CANCELLED gives the tokens back at once; a second
// cancel, another buyer's cancel and a submit afterwards are refused.
func TestCancelReturnsTokensOnce(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 2)
	ctx := context.Background()
	before := remaining(t, d, cid)
	p, err := svc.CreateOrder(ctx, bs[0], amt("1005"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Amount.String() != "1000" || p.Quantity.String() != "100" {
		t.Fatalf("whole tokens: amount %s quantity %s", p.Amount, p.Quantity)
	}
	if _, err := svc.Cancel(ctx, bs[1], p.ID); !apperr.Is(err, apperr.KindNotFound) {
		t.Fatalf("another buyer's cancel: %v", err)
	}
	if _, err := svc.Cancel(ctx, bs[0], "nope"); !apperr.Is(err, apperr.KindNotFound) {
		t.Fatalf("malformed id: %v", err)
	}
	if _, err := svc.Cancel(ctx, bs[0], ""); !apperr.Is(err, apperr.KindInvalid) {
		t.Fatalf("no id: %v", err)
	}
	got, err := svc.Cancel(ctx, bs[0], p.ID)
	if err != nil || got.Status != purchase.StatusCancelled {
		t.Fatalf("cancel: %v %+v", err, got)
	}
	if r := remaining(t, d, cid); r != before {
		t.Fatalf("remaining %d, want %d", r, before)
	}
	if _, err := svc.Cancel(ctx, bs[0], p.ID); !apperr.Is(err, apperr.KindConflict) || err.Error() == "" {
		t.Fatalf("second cancel: %v", err)
	}
	_, err = svc.Submit(ctx, bs[0], purchase.SubmitInput{PurchaseID: p.ID, PaymentMethod: "MANUAL"})
	if !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("submit after cancel: %v", err)
	}
	if r := remaining(t, d, cid); r != before {
		t.Fatalf("remaining %d after refusals, want %d", r, before)
	}
	testkit.CheckSupply(t, d.DB)
}

// TestCancelRacingExpiryAndSubmit: a cancel racing the expiry of a window that is over, and a
// cancel racing a submit, each have exactly one effect, and the supply invariant holds.
func TestCancelRacingExpiryAndSubmit(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 20)
	ctx := context.Background()
	for round := 0; round < 10; round++ {
		b := bs[round]
		// Cancel vs Expire (the window is over, the worker's task fires).
		p, err := svc.CreateOrder(ctx, b, amt("20"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.DB.ExecContext(ctx, "UPDATE purchases SET expires_at = now() - interval '1 second' WHERE id = ?", p.ID); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var cancelErr, expErr error
		var expired bool
		wg.Add(2)
		go func() { defer wg.Done(); _, cancelErr = svc.Cancel(ctx, b, p.ID) }()
		go func() { defer wg.Done(); expired, expErr = svc.Expire(ctx, p.ID, time.Now()) }()
		wg.Wait()
		if expErr != nil {
			t.Fatal(expErr)
		}
		if (cancelErr == nil) == expired {
			t.Fatalf("round %d cancel vs expire: cancel %v, expired %v", round, cancelErr, expired)
		}
		if cancelErr != nil && !apperr.Is(cancelErr, apperr.KindConflict) {
			t.Fatalf("cancel lost with %v", cancelErr)
		}
		testkit.CheckSupply(t, d.DB)

		// Cancel vs Submit.
		b = bs[10+round]
		p, err = svc.CreateOrder(ctx, b, amt("30"))
		if err != nil {
			t.Fatal(err)
		}
		var subErr error
		wg.Add(2)
		go func() { defer wg.Done(); _, cancelErr = svc.Cancel(ctx, b, p.ID) }()
		go func() {
			defer wg.Done()
			_, subErr = svc.Submit(ctx, b, purchase.SubmitInput{PurchaseID: p.ID, PaymentMethod: "MANUAL"})
		}()
		wg.Wait()
		if (cancelErr == nil) == (subErr == nil) {
			t.Fatalf("round %d cancel vs submit: cancel %v, submit %v", round, cancelErr, subErr)
		}
		for _, e := range []error{cancelErr, subErr} {
			if e != nil && !apperr.Is(e, apperr.KindConflict) {
				t.Fatalf("loser answered %v", e)
			}
		}
		var st string
		if err := d.DB.QueryRowContext(ctx, "SELECT status FROM purchases WHERE id = ?", p.ID).Scan(&st); err != nil {
			t.Fatal(err)
		}
		if (cancelErr == nil && st != purchase.StatusCancelled) || (subErr == nil && st != purchase.StatusPending) {
			t.Fatalf("status %s after cancel %v submit %v", st, cancelErr, subErr)
		}
		testkit.CheckSupply(t, d.DB)
	}
}
