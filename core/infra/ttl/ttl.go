// Package ttl keeps values for a short, fixed time: figures that may lag their source by up to
// the TTL (a buyer's globalStake, an admin's dashboard) in exchange for a database read per TTL
// instead of per call. Errors are not kept. Concurrent misses of one key share one load
// (singleflight), so when a figure expires under load the database sees one read, not one per
// waiting request; a caller that joins a load already under way may get a value up to that
// load's duration older than its own arrival.
package ttl

import (
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// Cache maps keys to values loaded at most TTL ago. The zero Max means 1,000 keys; when full it
// starts over. Now defaults to time.Now.
type Cache[K comparable, V any] struct {
	TTL time.Duration
	Max int
	Now func() time.Time

	mu     sync.Mutex
	m      map[K]entry[V]
	flight singleflight.Group
}

type entry[V any] struct {
	v  V
	at time.Time
}

// Get returns the value for key, calling load when there is none younger than TTL (a TTL of 0
// or less calls load every time).
func (c *Cache[K, V]) Get(key K, load func() (V, error)) (V, error) {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	if c.TTL <= 0 {
		return load()
	}
	t := now()
	c.mu.Lock()
	e, ok := c.m[key]
	c.mu.Unlock()
	if ok && t.Sub(e.at) < c.TTL {
		return e.v, nil
	}
	r, err, shared := c.flight.Do(fmt.Sprint(key), func() (any, error) { return load() })
	if err != nil && shared {
		// The shared load failed, perhaps for its first caller's reason (a cancelled request):
		// each caller loads for itself, so one caller's failure never becomes another's answer.
		return load()
	}
	if err != nil {
		var zero V
		return zero, err
	}
	v, _ := r.(V) // a nil V comes back as a nil any
	max := c.Max
	if max <= 0 {
		max = 1000
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= max {
		c.m = map[K]entry[V]{}
	}
	c.m[key] = entry[V]{v: v, at: t}
	c.mu.Unlock()
	return v, nil
}

// Forget drops key's value, so the next Get loads it (a change this process made itself).
func (c *Cache[K, V]) Forget(key K) {
	c.mu.Lock()
	delete(c.m, key)
	c.mu.Unlock()
}
