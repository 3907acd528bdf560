package company

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"
	"golang.org/x/sync/singleflight"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pglisten"
	"prelaunch/core/sale"
)

// Company statuses: the only place their words are written (the user package's sign-in checks use
// StatusSuspended too).
const (
	StatusActive    = "ACTIVE"
	StatusSuspended = "SUSPENDED"
)

// Site is one company's buyer site: the company, its token and rounds, and where it is reached.
// Callers must not modify it: the Resolver shares it between requests.
type Site struct {
	CompanyID   string
	CompanyName string
	Status      string
	Require2FA  bool
	// SuspensionReason is the super admin's reason while Suspended ("" otherwise).
	SuspensionReason string
	Domains          []string // company_domains, in order
	URL              string   // the site's address for emails ("" when it has none); Links.SiteURL
	Token            *sale.Token
	Rounds           []sale.Round // the token's rounds, in position order

	version string // siteVersionsSQL's answer when loaded: unchanged means nothing to read again
}

// Suspended reports whether the super admin has suspended the company.
func (s *Site) Suspended() bool { return s.Status == StatusSuspended }

// Brand names the token in emails.
func (s *Site) Brand() string {
	if s.Token != nil && s.Token.Name != "" {
		return s.Token.Name
	}
	return "Prelaunch"
}

// Owns reports whether host is one of the site's own addresses (a company_domains row or
// <symbol>.<base>), not one the resolver answers with the fallback company: the admin sign-in page
// names a company only on its own host.
func (s *Site) Owns(host string, links Links) bool {
	h := NormHost(host)
	if h == "" {
		return false
	}
	for _, d := range s.Domains {
		if d == h {
			return true
		}
	}
	b := strings.ToLower(links.BaseDomain)
	return b != "" && s.Token != nil && h == strings.ToLower(s.Token.Symbol)+"."+b
}

// ErrUnknownSite answers a host that names no company (production only; ).
var ErrUnknownSite = apperr.NotFound("unknown_site", "Unknown site.")

// ErrSuspended answers every buyer call but site/get of a SUSPENDED company's site.
var ErrSuspended = apperr.Locked("site_suspended", "This sale is temporarily unavailable.")

// Links says where each company's buyer site is: its first domain, else <symbol>.<BaseDomain>,
// else — for the Fallback (TOKEN_SYMBOL) company — PublicURL itself. The scheme and port of every
// address are PublicURL's (https without a port when PublicURL is empty).
type Links struct {
	PublicURL  string // config PUBLIC_USER_URL
	BaseDomain string // config TENANT_BASE_DOMAIN ("" = none)
	Fallback   string // config TOKEN_SYMBOL
}

// SiteURL is the address of the site of the token symbol with these domains ("" when none).
func (l Links) SiteURL(symbol string, domains []string) string {
	scheme, port := "https", ""
	if u, err := url.Parse(l.PublicURL); err == nil && u.Scheme != "" {
		scheme, port = u.Scheme, u.Port()
	}
	host := ""
	switch {
	case len(domains) > 0:
		host = domains[0]
	case l.BaseDomain != "" && symbol != "":
		host = strings.ToLower(symbol) + "." + l.BaseDomain
	case l.PublicURL != "" && symbol != "" && strings.EqualFold(symbol, l.Fallback):
		return l.PublicURL
	default:
		return ""
	}
	if port != "" {
		host = net.JoinHostPort(host, port)
	}
	return scheme + "://" + host
}

// NormHost is a request's host as company_domains keeps it: lower case, without port or final dot.
func NormHost(h string) string {
	h = strings.TrimSpace(h)
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	return strings.Trim(h, "[]")
}

// Resolver finds the site of a request's host: a company_domains row, else
// <symbol>.<Links.BaseDomain>, else — unless Strict (production) — the Links.Fallback company.
// Each host's answer is kept at most TTL: Run refreshes every host in use in a few bulk queries
// twice per TTL, so requests never wait for the database once a host has been seen, however many
// companies are served; without Run, an answer older than TTL is loaded again on the next request.
type Resolver struct {
	DB     bun.IDB
	Links  Links
	Strict bool // a host that names no company is ErrUnknownSite instead of the fallback's site
	TTL    time.Duration
	Now    func() time.Time
	Log    *slog.Logger

	entries sync.Map // host → *hostEntry
	size    atomic.Int64
	loads   singleflight.Group
}

type hostEntry struct {
	site *Site // nil: the host names no company
	at   time.Time
	used atomic.Int64 // unix nanoseconds of the last use (to some 100 ms)
	// forgot: when ForgetHost was last called (unix nanoseconds, 0 never); Site then reads the
	// database again, Recent may still use the entry.
	forgot atomic.Int64
}

// SiteTTL is how long a host's site (company, token row and rounds) is reused before it is read
// again. The price and remaining supply price/get shows may therefore lag a change by up to this
// long; orders never use it: they price and reserve from the locked token row
// (purchase.reservePriced).
const SiteTTL = time.Second

// maxEntries bounds the hosts kept; past it, hosts that name no company are not remembered (a
// flood of made-up Host headers cannot grow the map).
const maxEntries = 50_000

// idleDrop is how long a host may go unused before Refresh forgets it.
const idleDrop = time.Minute

func (r *Resolver) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r *Resolver) ttl() time.Duration {
	if r.TTL > 0 {
		return r.TTL
	}
	return SiteTTL
}

// fallbackKey stands for "the TOKEN_SYMBOL company, whatever Strict says" among the hosts.
const fallbackKey = "\x00fallback"

// Fallback returns the Links.Fallback (TOKEN_SYMBOL) company's site, in production too: the
// admin app's sign-in page brands itself with it when its host names no company.
func (r *Resolver) Fallback(ctx context.Context) (*Site, error) { return r.Site(ctx, fallbackKey) }

// Site returns the site of host, ErrUnknownSite when it names no company.
func (r *Resolver) Site(ctx context.Context, host string) (*Site, error) {
	return r.site(ctx, host, false)
}

// Recent is Site, except that a host's answer forgotten by ForgetHost is still used until it is
// TTL old, as if it had not been forgotten. For orders and cancellations, which reserve and release
// from the token row and only take a price from the site if the row still has it: the
// cancellations of a rush forget the host many times a second, and each request reading the
// database again would cost more than the order itself.
func (r *Resolver) Recent(ctx context.Context, host string) (*Site, error) {
	return r.site(ctx, host, true)
}

func (r *Resolver) site(ctx context.Context, host string, recent bool) (*Site, error) {
	h := host
	if h != fallbackKey {
		// A copy: Fiber's strings point into the request's buffer, which the next request reuses.
		h = strings.Clone(NormHost(host))
	}
	now := r.now()
	if v, ok := r.entries.Load(h); ok {
		e := v.(*hostEntry)
		if now.Sub(e.at) < r.ttl() && (recent || e.forgot.Load() == 0) {
			e.touch(now)
			return e.answer()
		}
	}
	v, err, _ := r.loads.Do(h, func() (any, error) {
		lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		sites, err := r.load(lctx, []string{h}, nil)
		if err != nil {
			return nil, err
		}
		e := &hostEntry{site: sites[h], at: r.now()}
		e.touch(e.at)
		r.store(h, e)
		return e, nil
	})
	if err != nil {
		return nil, apperr.Unavailable("db_unavailable", "The service is temporarily unavailable. Please try again shortly.", err)
	}
	return v.(*hostEntry).answer()
}

func (e *hostEntry) answer() (*Site, error) {
	if e.site == nil {
		return nil, ErrUnknownSite
	}
	return e.site, nil
}

func (e *hostEntry) touch(now time.Time) {
	n := now.UnixNano()
	if n-e.used.Load() > int64(100*time.Millisecond) {
		e.used.Store(n)
	}
}

func (r *Resolver) store(h string, e *hostEntry) {
	if e.site == nil && r.size.Load() >= maxEntries {
		r.entries.Delete(h)
		return
	}
	if _, loaded := r.entries.Swap(h, e); !loaded {
		r.size.Add(1)
	}
}

// ForgetHost marks what is remembered of one host as old, so its next Site reads the database: a
// buyer who has just given tokens back (a cancelled order) sees them on sale again at once rather
// than up to SiteTTL later. Other processes still refresh within SiteTTL.
func (r *Resolver) ForgetHost(host string) {
	if v, ok := r.entries.Load(NormHost(host)); ok {
		v.(*hostEntry).forgot.Store(r.now().UnixNano())
	}
}

// Forget drops every remembered host, so the next request of each reads the database.
func (r *Resolver) Forget() {
	r.entries.Range(func(k, _ any) bool {
		if _, ok := r.entries.LoadAndDelete(k); ok {
			r.size.Add(-1)
		}
		return true
	})
}

// Refresh reads again, in bulk, the site of every host used within the last minute and forgets
// the others. A company whose rows have not changed since it was loaded (same row versions) keeps
// its Site: a refresh of a thousand idle companies is two small queries.
func (r *Resolver) Refresh(ctx context.Context) error {
	now := r.now()
	var hosts []string
	known := map[string]*Site{}
	r.entries.Range(func(k, v any) bool {
		e := v.(*hostEntry)
		if now.Sub(time.Unix(0, e.used.Load())) > idleDrop {
			if r.entries.CompareAndDelete(k, v) {
				r.size.Add(-1)
			}
			return true
		}
		hosts = append(hosts, k.(string))
		if e.site != nil {
			known[e.site.CompanyID] = e.site
		}
		return true
	})
	for len(hosts) > 0 {
		n := min(len(hosts), 5000)
		batch := hosts[:n]
		hosts = hosts[n:]
		at := r.now()
		sites, err := r.load(ctx, batch, known)
		if err != nil {
			return err
		}
		for _, h := range batch {
			v, ok := r.entries.Load(h)
			if !ok {
				continue
			}
			old := v.(*hostEntry)
			e := &hostEntry{site: sites[h], at: at}
			e.used.Store(old.used.Load())
			if f := old.forgot.Load(); f >= at.UnixNano() { // forgotten while this load ran
				e.forgot.Store(f)
			}
			r.entries.CompareAndSwap(h, old, e)
		}
	}
	return nil
}

// SiteChannel is the Postgres channel that migration 20261127000100_site_changed_notify notifies
// when what a buyer site shows changes (token settings, a company's name, status or two-factor
// rule, its domains).
const SiteChannel = "site_changed"

// Run refreshes the hosts in use twice per TTL, and at once when Postgres says a site changed,
// until ctx is done. A lost notification costs at most TTL: the ticker still runs.
func (r *Resolver) Run(ctx context.Context) {
	changed := make(chan struct{}, 1)
	if db, ok := r.DB.(*bun.DB); ok {
		go r.listen(ctx, db, changed)
	}
	t := time.NewTicker(r.ttl() / 2)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-changed:
			r.expire()
		case <-t.C:
		}
		if err := r.Refresh(ctx); err != nil && ctx.Err() == nil && r.Log != nil {
			r.Log.Warn("site refresh failed; answers are read again per request until it works", "err", err)
		}
	}
}

// listen LISTENs on SiteChannel and signals changed for each notification, reconnecting with a
// growing pause when the connection fails.
func (r *Resolver) listen(ctx context.Context, db *bun.DB, changed chan<- struct{}) {
	pglisten.Retry(ctx, func(ctx context.Context, healthy func()) error {
		ln := pgdriver.NewListener(db)
		defer func() { _ = ln.Close() }()
		err := ln.Listen(ctx, SiteChannel)
		for err == nil {
			if _, _, err = ln.Receive(ctx); err == nil {
				healthy()
				select {
				case changed <- struct{}{}:
				default: // a refresh is already due
				}
			}
		}
		return err
	}, func(err error, retryIn time.Duration) {
		if r.Log != nil {
			r.Log.Warn("site change listener stopped; sites refresh on their timer", "err", err, "retry_in", retryIn)
		}
	})
}

// expire marks every host's site out of date, so a request before the next Refresh completes
// reads its own again instead of answering from before the change.
func (r *Resolver) expire() {
	r.entries.Range(func(k, v any) bool {
		old := v.(*hostEntry)
		e := &hostEntry{site: old.site}
		e.used.Store(old.used.Load())
		r.entries.CompareAndSwap(k, old, e)
		return true
	})
}

// load maps each host to its site (absent: names no company) in a few queries whatever the count,
// reusing the known site of a company whose rows have not changed.
func (r *Resolver) load(ctx context.Context, hosts []string, known map[string]*Site) (map[string]*Site, error) {
	companyOf := make(map[string]string, len(hosts))
	var rows []struct {
		Host      string `bun:"host"`
		CompanyID string `bun:"company_id"`
	}
	names := make([]string, 0, len(hosts))
	for _, h := range hosts {
		if h != fallbackKey && h != "" {
			names = append(names, h)
		}
	}
	if len(names) > 0 {
		if err := r.DB.NewSelect().Table("company_domains").Column("host", "company_id").
			Where("host IN (?)", bun.List(names)).Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("load domains: %w", err)
		}
	}
	for _, row := range rows {
		companyOf[row.Host] = row.CompanyID
	}
	fallback := strings.ToUpper(strings.TrimSpace(r.Links.Fallback))
	symbolOf := map[string]string{} // host under the base domain → its token symbol (upper case)
	var toFallback []string         // hosts that name nothing else
	for _, h := range hosts {
		if _, ok := companyOf[h]; ok {
			continue
		}
		if b := r.Links.BaseDomain; b != "" && strings.HasSuffix(h, "."+b) {
			if label := strings.TrimSuffix(h, "."+b); label != "" && !strings.Contains(label, ".") {
				symbolOf[h] = strings.ToUpper(label)
				continue
			}
		}
		if !r.Strict || h == fallbackKey {
			toFallback = append(toFallback, h)
		}
	}
	if len(symbolOf) > 0 || (fallback != "" && len(toFallback) > 0) {
		symbols := []string{}
		for _, sym := range symbolOf {
			symbols = append(symbols, sym)
		}
		if fallback != "" {
			symbols = append(symbols, fallback)
		}
		bySymbol, err := sale.CompaniesBySymbol(ctx, r.DB, symbols)
		if err != nil {
			return nil, err
		}
		for h, sym := range symbolOf {
			if cid, ok := bySymbol[sym]; ok {
				companyOf[h] = cid
			} else if !r.Strict {
				toFallback = append(toFallback, h)
			}
		}
		if cid, ok := bySymbol[fallback]; ok && fallback != "" {
			for _, h := range toFallback {
				companyOf[h] = cid
			}
		}
	}
	ids := make([]string, 0, len(companyOf))
	seen := map[string]bool{}
	for _, cid := range companyOf {
		if !seen[cid] {
			seen[cid] = true
			ids = append(ids, cid)
		}
	}
	versions, err := siteVersions(ctx, r.DB, ids)
	if err != nil {
		return nil, err
	}
	sites := make(map[string]*Site, len(ids))
	var stale []string
	for _, id := range ids {
		if k := known[id]; k != nil && k.version != "" && k.version == versions[id] {
			sites[id] = k
		} else {
			stale = append(stale, id)
		}
	}
	fresh, err := LoadSites(ctx, r.DB, r.Links, stale)
	if err != nil {
		return nil, err
	}
	for id, st := range fresh {
		st.version = versions[id] // read before the rows: a change in between is read again next time
		sites[id] = st
	}
	out := make(map[string]*Site, len(hosts))
	for h, cid := range companyOf {
		if s := sites[cid]; s != nil {
			out[h] = s
		}
	}
	return out, nil
}

// siteVersions answers, for each company with a token, the versions (xmin) of its company row, its
// token and round rows (sale.Versions) and its domains: equal answers mean the same site.
func siteVersions(ctx context.Context, db bun.IDB, companyIDs []string) (map[string]string, error) {
	out := make(map[string]string, len(companyIDs))
	tokens, err := sale.Versions(ctx, db, companyIDs)
	if err != nil || len(tokens) == 0 {
		return out, err
	}
	ids := make([]string, 0, len(tokens))
	for id := range tokens {
		ids = append(ids, id)
	}
	var rows []struct {
		ID      string `bun:"id"`
		Version string `bun:"version"`
		Domains string `bun:"domains"`
	}
	err = db.NewRaw(`SELECT c.id, c.xmin::text AS version,
		COALESCE((SELECT string_agg(d.host, ',' ORDER BY d.position) FROM company_domains AS d WHERE d.company_id = c.id), '') AS domains
		FROM companies AS c WHERE c.id IN (?)`, bun.List(ids)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("site versions: %w", err)
	}
	for _, row := range rows {
		out[row.ID] = row.Version + "/" + tokens[row.ID] + "/" + row.Domains
	}
	return out, nil
}

// LoadSites reads the sites of these companies (those with a token) in four queries.
func LoadSites(ctx context.Context, db bun.IDB, links Links, companyIDs []string) (map[string]*Site, error) {
	out := make(map[string]*Site, len(companyIDs))
	if len(companyIDs) == 0 {
		return out, nil
	}
	toks, err := sale.TokensOf(ctx, db, companyIDs)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return out, nil
	}
	var cos []Company
	if err := db.NewSelect().Model(&cos).Column("id", "name", "status", "require_2fa", "suspension_reason").
		Where("id IN (?)", bun.List(companyIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("load companies: %w", err)
	}
	byID := make(map[string]*Company, len(cos))
	for i := range cos {
		byID[cos[i].ID] = &cos[i]
	}
	tokenIDs := make([]string, len(toks))
	for i := range toks {
		tokenIDs[i] = toks[i].ID
	}
	rounds, err := sale.RoundsOf(ctx, db, tokenIDs)
	if err != nil {
		return nil, err
	}
	roundsOf := map[string][]sale.Round{}
	for _, rd := range rounds {
		roundsOf[rd.TokenID] = append(roundsOf[rd.TokenID], rd)
	}
	domainsOf, err := loadDomains(ctx, db, companyIDs)
	if err != nil {
		return nil, err
	}
	for i := range toks {
		t := &toks[i]
		c := byID[t.CompanyID]
		if c == nil {
			continue
		}
		d := domainsOf[c.ID]
		out[c.ID] = &Site{CompanyID: c.ID, CompanyName: c.Name, Status: c.Status, Require2FA: c.Require2FA,
			SuspensionReason: c.SuspensionReason, Domains: d, URL: links.SiteURL(t.Symbol, d), Token: t, Rounds: roundsOf[t.ID]}
	}
	return out, nil
}

// loadDomains returns each company's domains in order.
func loadDomains(ctx context.Context, db bun.IDB, companyIDs []string) (map[string][]string, error) {
	var rows []struct {
		Host      string `bun:"host"`
		CompanyID string `bun:"company_id"`
	}
	if err := db.NewSelect().Table("company_domains").Column("host", "company_id").
		Where("company_id IN (?)", bun.List(companyIDs)).Order("company_id", "position").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("load domains: %w", err)
	}
	out := map[string][]string{}
	for _, row := range rows {
		out[row.CompanyID] = append(out[row.CompanyID], row.Host)
	}
	return out, nil
}
