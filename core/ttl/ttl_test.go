package ttl_test

import (
	"errors"
	"testing"
	"time"

	"prelaunch/core/ttl"
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
