package ttl_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"prelaunch/core/infra/ttl"
)

func TestCacheKeepsForTTLAndNeverKeepsErrors(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	c := &ttl.Cache[string, int]{TTL: time.Second, Max: 2, Now: func() time.Time { return now }}
	loads := 0
	load := func(v int, err error) func() (int, error) {
		return func() (int, error) { loads++; return v, err }
	}
	if v, _ := c.Get("a", load(1, nil)); v != 1 {
		t.Fatal(v)
	}
	now = now.Add(999 * time.Millisecond)
	if v, _ := c.Get("a", load(2, nil)); v != 1 || loads != 1 {
		t.Fatalf("within the TTL: %d after %d loads", v, loads)
	}
	now = now.Add(time.Millisecond)
	if v, _ := c.Get("a", load(3, nil)); v != 3 || loads != 2 {
		t.Fatalf("after the TTL: %d after %d loads", v, loads)
	}
	if v, _ := c.Get("b", load(7, nil)); v != 7 { // keys are apart
		t.Fatal(v)
	}
	if _, err := c.Get("c", load(0, errors.New("db down"))); err == nil {
		t.Fatal("error lost")
	}
	if v, _ := c.Get("c", load(9, nil)); v != 9 {
		t.Fatalf("an error was kept: %d", v)
	}
	// Max 2: a third key starts over, values stay right.
	if v, _ := c.Get("a", load(4, nil)); v != 4 {
		t.Fatalf("after starting over: %d", v)
	}
	off := &ttl.Cache[string, int]{}
	off.Get("x", load(1, nil))
	if v, _ := off.Get("x", load(5, nil)); v != 5 {
		t.Fatal("a zero TTL kept a value")
	}
}

// When a key expires under load, the waiting callers share one load instead of each reading the
// database; a failed shared load is not handed to anyone (each caller then loads for itself).
func TestConcurrentMissesShareOneLoad(t *testing.T) {
	c := &ttl.Cache[string, int]{TTL: time.Minute}
	var loads atomic.Int32
	release := make(chan struct{})
	const callers = 50
	var started, done sync.WaitGroup
	started.Add(callers)
	done.Add(callers)
	got := make([]int, callers)
	for i := range callers {
		go func() {
			defer done.Done()
			started.Done()
			got[i], _ = c.Get("stake", func() (int, error) {
				loads.Add(1)
				<-release
				return 42, nil
			})
		}()
	}
	started.Wait()
	time.Sleep(50 * time.Millisecond) // let every caller reach the cache
	close(release)
	done.Wait()
	if n := loads.Load(); n != 1 {
		t.Fatalf("%d loads for %d concurrent misses, want 1", n, callers)
	}
	for i, v := range got {
		if v != 42 {
			t.Fatalf("caller %d got %d", i, v)
		}
	}

	// A shared load that fails (say its caller's request was cancelled): every caller loads again
	// on its own and gets the value.
	e := &ttl.Cache[string, int]{TTL: time.Minute}
	gate := make(chan struct{})
	var first atomic.Bool
	var wg sync.WaitGroup
	results := make([]int, 10)
	errs := make([]error, 10)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = e.Get("k", func() (int, error) {
				if first.CompareAndSwap(false, true) {
					<-gate
					return 0, errors.New("request cancelled")
				}
				return 7, nil
			})
		}()
	}
	time.Sleep(50 * time.Millisecond)
	close(gate)
	wg.Wait()
	for i := range 10 {
		if errs[i] != nil || results[i] != 7 {
			t.Fatalf("caller %d: %d, %v — a failed shared load must not decide for the others", i, results[i], errs[i])
		}
	}
}
