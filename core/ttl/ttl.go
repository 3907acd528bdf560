// Package ttl keeps values for a short, fixed time: figures that may lag their source by up to
// the TTL (a buyer's globalStake, an admin's dashboard) in exchange for a database read per TTL
// instead of per call. Errors are not kept.
package ttl

import (
	"sync"
	"time"
)

// Cache maps keys to values loaded at most TTL ago. The zero Max means 1,000 keys; when full it
// starts over. Now defaults to time.Now.
type Cache[K comparable, V any] struct {
	TTL time.Duration
	Max int
	Now func() time.Time

	mu sync.Mutex
	m  map[K]entry[V]
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
	t := now()
	if c.TTL > 0 {
		c.mu.Lock()
		e, ok := c.m[key]
		c.mu.Unlock()
		if ok && t.Sub(e.at) < c.TTL {
			return e.v, nil
		}
	}
	v, err := load()
	if err != nil || c.TTL <= 0 {
		return v, err
	}
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
