// Package admission is the BFFs' admission gate: at most a set number of API requests run at
// once, the others wait their turn in the order they came (docs/decisions/0018). httpx.Admission
// puts it in front of the API routes; work that gains nothing from it (a password hash: a
// quarter of a second of CPU) gives its place back with Release.
package admission

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// ErrBusy is Enter's answer when the wait ran out.
var ErrBusy = errors.New("admission: waited too long for a place")

// Gate holds the places. A nil Gate admits everything at once.
type Gate struct {
	places chan struct{}
	wait   time.Duration
	// Waiting, when set, is told each time a request starts (+1) or stops (-1) waiting.
	Waiting func(delta float64)
}

// New is a gate of active places where a request waits at most wait; nil when active ≤ 0.
func New(active int, wait time.Duration) *Gate {
	if active <= 0 {
		return nil
	}
	return &Gate{places: make(chan struct{}, active), wait: wait}
}

type key struct{}

// place is one request's place; given back once, by Release or by the request's end.
type place struct {
	g    *Gate
	gone atomic.Bool
}

func (p *place) leave() {
	if p.gone.CompareAndSwap(false, true) {
		<-p.g.places
	}
}

// Enter waits for a place (first come, first served: Go serves a channel's blocked senders in
// order) for at most the gate's wait. It returns ctx carrying the place, for Release, and the
// function that gives the place back at the request's end (it may be called after Release).
func (g *Gate) Enter(ctx context.Context) (context.Context, func(), error) {
	if g == nil {
		return ctx, func() {}, nil
	}
	select {
	case g.places <- struct{}{}:
	default:
		if g.Waiting != nil {
			g.Waiting(1)
			defer g.Waiting(-1)
		}
		t := time.NewTimer(g.wait)
		defer t.Stop()
		select {
		case g.places <- struct{}{}:
		case <-t.C:
			return ctx, nil, ErrBusy
		case <-ctx.Done():
			return ctx, nil, ctx.Err()
		}
	}
	p := &place{g: g}
	return context.WithValue(ctx, key{}, p), p.leave, nil
}

// Release gives back the place ctx's request holds, if any, for the rest of the request: it
// then runs outside the gate. For CPU-bound work that would hold a place long (hashing a
// password) while hundreds of short requests could have used it.
func Release(ctx context.Context) {
	if p, ok := ctx.Value(key{}).(*place); ok {
		p.leave()
	}
}
