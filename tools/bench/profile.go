package main

// -pprof DIR: the BFFs start with PPROF=1 and a metrics listener each (user port + 2, admin port
// + 2), and while the order → purchase → approve cycle runs the bench takes a CPU profile of
// both and samples pg_stat_activity every 50 ms (what the database's active backends wait on and
// run). The profiles go to DIR/bff-user.pprof and DIR/bff-admin.pprof, the samples to
// DIR/activity.txt (also printed); pg_stat_statements is not needed.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

// metricsAddr is where the named BFF's metrics listener (and profiler) listens under -pprof;
// "off" otherwise.
func metricsAddr(name string) string {
	if *pprofDir == "" {
		return "off"
	}
	port := *userPort + 2
	if name == "bff-admin" {
		port = *admPort + 2
	}
	return fmt.Sprintf("127.0.0.1:%d", port)
}

// profiling is a profile of both BFFs and the activity samples, taken over d from now; wait
// writes them out.
type profiling struct {
	wg      sync.WaitGroup
	mu      sync.Mutex
	profs   map[string][]byte
	errs    []string
	samples map[string]int
	n       int
}

func startProfiling(ctx context.Context, db *bun.DB, d time.Duration) *profiling {
	p := &profiling{profs: map[string][]byte{}, samples: map[string]int{}}
	if *pprofDir == "" {
		return nil
	}
	secs := max(1, int(d/time.Second)-1)
	for _, name := range []string{"bff-user", "bff-admin"} {
		p.wg.Add(1)
		go func(name string) {
			defer p.wg.Done()
			b, err := httpGet(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", metricsAddr(name), secs))
			p.mu.Lock()
			defer p.mu.Unlock()
			if err != nil {
				p.errs = append(p.errs, name+": "+err.Error())
				return
			}
			p.profs[name] = b
		}(name)
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		end := time.Now().Add(d)
		for time.Now().Before(end) {
			var rows []struct {
				Wait  string `bun:"wait"`
				Query string `bun:"query"`
			}
			// Each active backend of this database but this one: its wait (CPU when none) and the
			// start of its statement.
			_ = db.NewRaw(`SELECT COALESCE(wait_event_type || ':' || wait_event, 'CPU') AS wait,
				left(regexp_replace(query, '\s+', ' ', 'g'), 90) AS query
				FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`).
				Scan(ctx, &rows)
			p.mu.Lock()
			p.n++
			for _, r := range rows {
				p.samples[r.Wait+"  "+r.Query]++
			}
			p.mu.Unlock()
			time.Sleep(50 * time.Millisecond)
		}
	}()
	return p
}

func (p *profiling) wait(binDir string) error {
	if p == nil {
		return nil
	}
	p.wg.Wait()
	if err := os.MkdirAll(*pprofDir, 0o755); err != nil {
		return err
	}
	for name, b := range p.profs {
		path := filepath.Join(*pprofDir, name+".pprof")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
		fmt.Printf("  CPU profile of %s: %s — go tool pprof -top %s %s\n", name, path, filepath.Join(binDir, name), path)
	}
	for _, e := range p.errs {
		fmt.Println("  no profile:", e)
	}
	type kv struct {
		k string
		n int
	}
	var all []kv
	total := 0
	for k, n := range p.samples {
		all = append(all, kv{k, n})
		total += n
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n || all[i].n == all[j].n && all[i].k < all[j].k })
	var sb strings.Builder
	fmt.Fprintf(&sb, "pg_stat_activity: %d samples, %.1f active backends on average (wait, statement: share of backend samples)\n",
		p.n, float64(total)/float64(max(1, p.n)))
	for i, e := range all {
		if i == 40 {
			break
		}
		fmt.Fprintf(&sb, "%5.1f%%  %s\n", 100*float64(e.n)/float64(max(1, total)), e.k)
	}
	fmt.Print(sb.String())
	return os.WriteFile(filepath.Join(*pprofDir, "activity.txt"), []byte(sb.String()), 0o644)
}

func httpGet(url string) ([]byte, error) {
	resp, err := (&http.Client{Timeout: 2 * time.Minute}).Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("%s: %d", url, resp.StatusCode)
	}
	return b, err
}
