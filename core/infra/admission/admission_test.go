package admission_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"prelaunch/core/infra/admission"
)

// inside runs f in a goroutine of wg once it has a place of g, and then gives the place back.
func inside(t *testing.T, wg *sync.WaitGroup, g *admission.Gate, f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, leave, err := g.Enter(context.Background())
		if err != nil {
			t.Error(err)
			return
		}
		defer leave()
		f()
	}()
}

func TestNoMoreThanThePlacesRunAtOnce(t *testing.T) {
	g := admission.New(3, 10*time.Second)
	var in, most atomic.Int32
	var wg sync.WaitGroup
	for range 40 {
		inside(t, &wg, g, func() {
			n := in.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(2 * time.Millisecond)
			in.Add(-1)
		})
	}
	wg.Wait()
	if most.Load() != 3 {
		t.Fatalf("at most %d ran at once, want exactly the 3 places used", most.Load())
	}
}

// waiters counts the requests waiting, through the gate's own hook.
func waiters(g *admission.Gate) *atomic.Int32 {
	var n atomic.Int32
	g.Waiting = func(d float64) { n.Add(int32(d)) }
	return &n
}

func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for start := time.Now(); !ok(); time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal(what)
		}
	}
}

func TestWaitersAreServedInTheOrderTheyCame(t *testing.T) {
	g := admission.New(1, time.Minute)
	waiting := waiters(g)
	_, leave, err := g.Enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	for i := range 8 {
		inside(t, &wg, g, func() {
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
		})
		// The next one comes only once this one waits.
		eventually(t, "a request never started waiting", func() bool { return waiting.Load() == int32(i+1) })
	}
	leave()
	wg.Wait()
	for i, got := range order {
		if got != i {
			t.Fatalf("served in the order %v, want 0…7", order)
		}
	}
}

func TestAWaitTooLongIsBusyAndTakesNoPlace(t *testing.T) {
	g := admission.New(1, 30*time.Millisecond)
	waiting := waiters(g)
	_, leave, err := g.Enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Enter(context.Background()); !errors.Is(err, admission.ErrBusy) {
		t.Fatalf("a full gate after its wait: %v, want ErrBusy", err)
	}
	if waiting.Load() != 0 {
		t.Fatalf("%d still counted as waiting", waiting.Load())
	}
	leave()
	if _, leave, err := g.Enter(context.Background()); err != nil {
		t.Fatalf("the busy answer must not have kept a place: %v", err)
	} else {
		leave()
	}
}

func TestReleaseGivesThePlaceBackOnce(t *testing.T) {
	g := admission.New(1, 30*time.Millisecond)
	ctx, leave, err := g.Enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	admission.Release(ctx) // before a password hash
	admission.Release(ctx) // twice is still once
	ctx2, leave2, err := g.Enter(context.Background())
	if err != nil {
		t.Fatalf("after Release the place is free: %v", err)
	}
	leave() // the first request ends: it must not free the second one's place
	if _, _, err := g.Enter(context.Background()); !errors.Is(err, admission.ErrBusy) {
		t.Fatalf("the first request's end freed a place it had given back: %v", err)
	}
	admission.Release(ctx2)
	leave2()
	admission.Release(context.Background()) // outside any gate: nothing to do
}

func TestNoGateAdmitsEverything(t *testing.T) {
	g := admission.New(0, time.Second)
	if g != nil {
		t.Fatal("0 places must mean no gate")
	}
	for range 100 {
		if _, _, err := g.Enter(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestACancelledWaitStops(t *testing.T) {
	g := admission.New(1, time.Minute)
	_, leave, _ := g.Enter(context.Background())
	defer leave()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := g.Enter(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}
