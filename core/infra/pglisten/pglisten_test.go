package pglisten

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The pause doubles after each failure, comes back to First after a healthy session, and the
// loop ends with its context.
func TestRetryBacksOffAndResets(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var pauses []time.Duration
	runs := 0
	Retry(ctx, func(_ context.Context, healthy func()) error {
		runs++
		if runs == 3 {
			healthy()
		}
		if runs == 4 {
			cancel()
		}
		return errors.New("connection lost")
	}, func(_ error, in time.Duration) { pauses = append(pauses, in) })
	want := []time.Duration{First, 2 * First, First}
	if len(pauses) != len(want) {
		t.Fatalf("pauses %v, want %v", pauses, want)
	}
	for i := range want {
		if pauses[i] != want[i] {
			t.Fatalf("pauses %v, want %v", pauses, want)
		}
	}
}
