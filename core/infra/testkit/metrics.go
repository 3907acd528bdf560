package testkit

import (
	"bufio"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"prelaunch/core/runtime"
)

// ServeMetrics starts d's metrics listener (runtime.Deps.ServeMetrics) on a free loopback port
// and returns its address.
func ServeMetrics(t testing.TB, d *runtime.Deps, service string, queues bool) string {
	t.Helper()
	d.Cfg.MetricsAddr = "127.0.0.1:0"
	addr, err := d.ServeMetrics(service, queues)
	if err != nil || addr == "" {
		t.Fatalf("metrics listener: %q %v", addr, err)
	}
	return addr
}

// Scrape reads http://addr/metrics (Prometheus text format) into sample → value, each sample
// written as in the text: `name` or `name{label="v",…}`.
func Scrape(t testing.TB, addr string) map[string]float64 {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatalf("scrape %s: %v", addr, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("scrape %s: %d %s", addr, resp.StatusCode, b)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("scrape %s: bad line %q", addr, line)
		}
		out[line[:i]] = v
	}
	return out
}

// Has reports whether a scrape holds a sample of the metric name (any labels).
func Has(samples map[string]float64, name string) bool {
	for k := range samples {
		if k == name || strings.HasPrefix(k, name+"{") {
			return true
		}
	}
	return false
}
