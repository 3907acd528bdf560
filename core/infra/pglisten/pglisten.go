// Package pglisten is the reconnect loop of the processes' Postgres LISTEN connections (the
// user cache's, session.PrincipalCache, and the site resolver's, company.Resolver).
package pglisten

import (
	"context"
	"time"
)

// The pause after a listener stops: First, doubling up to Max.
const (
	First = 100 * time.Millisecond
	Max   = 5 * time.Second
)

// Retry runs session until ctx ends, starting it again after each return with a pause that
// grows from First to Max; session calls healthy when its connection proved to work (a
// notification arrived), which brings the next pause back to First. stopped is told each
// failure and the pause before the next try.
func Retry(ctx context.Context, session func(ctx context.Context, healthy func()) error, stopped func(err error, retryIn time.Duration)) {
	backoff := First
	for ctx.Err() == nil {
		err := session(ctx, func() { backoff = First })
		if ctx.Err() != nil {
			return
		}
		stopped(err, backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, Max)
	}
}
