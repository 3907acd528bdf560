package session

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/auth"
	"prelaunch/core/infra/pglisten"
	"prelaunch/core/user"
)

// NotifyChannel is the Postgres channel the users trigger (migrations …0500_user_auth_notify,
// …0501_user_notify_any_change, 20261702000100_user_balance_quiet) sends a user's id on when their
// row changes, and user.AnnounceBalance after a balance credit commits; "*" means every user.
// Migration 20261711000100 adds an admin's id when their two-factor sign-in is turned on or off,
// and auth.CompanyUsers (every user of the company) when a company's two-factor rule changes.
const NotifyChannel = user.ChangedChannel

// PrincipalCache keeps the rows of verified users in memory so that an authenticated call (and
// profile/get) needs no database read. It is only used while its listener is connected to Postgres and
// LISTENing on NotifyChannel: a change evicts the user in every process as the change commits.
// When the listener drops, the cache is emptied and bypassed until it is back (a missed
// notification can never keep a revoked token alive), and an entry is never older than MaxAge.
// Within a process, Revoke evicts synchronously after a commit, so the next call of the same
// process already sees the change; the services that change users are given the cache as their
// auth.Revoker.
type PrincipalCache struct {
	db     *bun.DB
	log    *slog.Logger
	maxAge time.Duration
	max    int

	mu    sync.Mutex
	m     map[string]cachedUser
	epoch uint64 // bumped by every eviction: a read that overlapped one is not stored

	live    atomic.Bool
	run     sync.Mutex // guards started, closed, cancel and ln
	started bool
	closed  bool
	cancel  context.CancelFunc
	ln      *pgdriver.Listener
	done    chan struct{}
	hits    atomic.Int64
	misses  atomic.Int64
	pingDue time.Duration
}

type cachedUser struct {
	u  user.User // never modified once cached; handed out as copies
	tf auth.TwoFactor
	at time.Time
}

// NewPrincipalCache makes a cache over db; its listener starts on first use.
func NewPrincipalCache(db *bun.DB, log *slog.Logger) *PrincipalCache {
	if log == nil {
		log = slog.Default()
	}
	c := &PrincipalCache{db: db, log: log, maxAge: 60 * time.Second, max: 100_000, m: map[string]cachedUser{},
		done: make(chan struct{}), pingDue: 15 * time.Second}
	return c
}

// Revoke evicts the users ("*": every user) from this cache; call it after the commit that
// changed them (the notification does the same for the other processes). A nil cache has
// nothing to evict.
func (c *PrincipalCache) Revoke(ids ...string) {
	if c == nil {
		return
	}
	for _, id := range ids {
		c.evict(id)
	}
}

// Live reports whether the cache is in use (its listener is connected).
func (c *PrincipalCache) Live() bool { return c != nil && c.live.Load() }

// Stats returns the hits and misses so far.
func (c *PrincipalCache) Stats() (hits, misses int64) { return c.hits.Load(), c.misses.Load() }

// Close stops the listener and forgets everything.
func (c *PrincipalCache) Close() {
	if c == nil {
		return
	}
	c.run.Lock()
	c.closed = true
	started := c.started
	if started {
		c.cancel()
		if c.ln != nil {
			_ = c.ln.Close() // wakes a pending receive
		}
	}
	c.run.Unlock()
	if started {
		<-c.done
	}
	c.down()
}

func (c *PrincipalCache) start() {
	c.run.Lock()
	defer c.run.Unlock()
	if c.started || c.closed {
		return
	}
	c.started = true
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	go func() {
		defer close(c.done)
		c.listen(ctx)
	}()
}

func (c *PrincipalCache) get(id string) (cachedUser, bool) {
	if !c.live.Load() {
		c.start()
		return cachedUser{}, false
	}
	c.mu.Lock()
	u, ok := c.m[id]
	c.mu.Unlock()
	if ok && time.Since(u.at) < c.maxAge {
		c.hits.Add(1)
		return u, true
	}
	c.misses.Add(1)
	return cachedUser{}, false
}

// begin returns the epoch to hand to put after the database read.
func (c *PrincipalCache) begin() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.epoch
}

func (c *PrincipalCache) put(id string, u cachedUser, epoch uint64) {
	if !c.live.Load() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch != epoch || !c.live.Load() {
		return
	}
	if len(c.m) >= c.max {
		c.m = map[string]cachedUser{}
	}
	c.m[id] = u
}

func (c *PrincipalCache) evict(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	if id == "*" {
		c.m = map[string]cachedUser{}
		return
	}
	if companyID, ok := strings.CutPrefix(id, auth.CompanyUsersPrefix); ok {
		// The company's two-factor rule changed: every cached user of it (rare; one pass).
		for k, u := range c.m {
			if u.u.CompanyID == companyID {
				delete(c.m, k)
			}
		}
		return
	}
	delete(c.m, id)
}

func (c *PrincipalCache) down() {
	c.live.Store(false)
	c.evict("*")
}

// listen keeps one LISTEN connection: after (re)connecting it proves the LISTEN is active with a
// notification of its own before turning the cache on, and when nothing arrives for pingDue it
// pings the same way; a ping that does not come back, or any error, turns the cache off.
func (c *PrincipalCache) listen(ctx context.Context) {
	defer c.down()
	pglisten.Retry(ctx, func(ctx context.Context, _ func()) error {
		err := c.session(ctx)
		c.down()
		return err
	}, func(err error, retryIn time.Duration) {
		c.log.Warn("auth cache listener stopped; verifying tokens against the database", "err", err, "retry_in", retryIn)
	})
}

func (c *PrincipalCache) session(ctx context.Context) error {
	ln := pgdriver.NewListener(c.db)
	c.run.Lock()
	if c.closed {
		c.run.Unlock()
		return context.Canceled
	}
	c.ln = ln
	c.run.Unlock()
	defer func() {
		c.run.Lock()
		c.ln = nil
		c.run.Unlock()
		_ = ln.Close()
	}()
	if err := ln.Listen(ctx, NotifyChannel); err != nil {
		return err
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	mine := "ping:" + hex.EncodeToString(b) + ":" // this session's pings
	n := 0
	ping := func() (string, error) {
		n++
		nonce := mine + strconv.Itoa(n)
		_, err := c.db.ExecContext(ctx, "SELECT pg_notify(?, ?)", NotifyChannel, nonce)
		return nonce, err
	}
	waiting, err := ping()
	if err != nil {
		return err
	}
	sent := time.Now()
	for {
		// Until the first ping returns, the LISTEN may not have run yet when a ping commits, so
		// pings are repeated every 100 ms; once live, a ping that does not return is an error.
		wait := c.pingDue
		if !c.live.Load() {
			wait = 100 * time.Millisecond
		}
		_, payload, err := ln.ReceiveTimeout(ctx, wait)
		if err != nil {
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() {
				return err
			}
			if waiting != "" && c.live.Load() && time.Since(sent) >= c.pingDue {
				return errors.New("auth cache listener: ping not answered")
			}
			if waiting == "" || !c.live.Load() {
				if waiting, err = ping(); err != nil {
					return err
				}
				sent = time.Now()
			}
			continue
		}
		switch {
		case strings.HasPrefix(payload, mine):
			waiting = ""
			if !c.live.Load() {
				c.evict("*")
				c.live.Store(true)
			}
		case strings.HasPrefix(payload, "ping:"):
			// another process's ping
		default:
			c.evict(payload)
		}
	}
}
