// Package clock lets rules take the time from a value that tests can set.
package clock

import (
	"sync"
	"time"
)

type Clock interface{ Now() time.Time }

type System struct{}

func (System) Now() time.Time { return time.Now() }

// Fixed is a settable clock for tests.
type Fixed struct {
	mu sync.Mutex
	t  time.Time
}

func NewFixed(t time.Time) *Fixed { return &Fixed{t: t} }

func (f *Fixed) Now() time.Time      { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *Fixed) Set(t time.Time)     { f.mu.Lock(); f.t = t; f.mu.Unlock() }
func (f *Fixed) Add(d time.Duration) { f.mu.Lock(); f.t = f.t.Add(d); f.mu.Unlock() }

// IST is India Standard Time (UTC+05:30, no daylight saving), the zone every date a buyer or an
// admin reads is written in.
var IST = time.FixedZone("IST", 5*3600+30*60)
