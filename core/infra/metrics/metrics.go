// Package metrics counts what Prelaunch does, in Prometheus form, and serves the counts at
// /metrics on a listener of its own (METRICS_ADDR), kept off the public port.
//
// The domain counters are process-wide: they are observations, not behaviour, and one set per
// process is what Prometheus adds up across copies. Each is incremented once, in core, where the
// change it counts is committed. What belongs to a process's connections (the DB pool, the queue
// sizes) is collected at scrape time by the Gatherer that Handler builds for it.
package metrics

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"net/http/pprof"
	"slices"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Prefix starts the name of every Prelaunch metric.
const Prefix = "prelaunch_"

// Default listeners, by process.
var DefaultAddr = map[string]string{"bff-user": "127.0.0.1:9101", "bff-admin": "127.0.0.1:9102", "worker": "127.0.0.1:9103"}

// Registry holds the process-wide counters below.
var Registry = prometheus.NewRegistry()

func counter(name, help string) prometheus.Counter {
	c := prometheus.NewCounter(prometheus.CounterOpts{Name: Prefix + name, Help: help})
	Registry.MustRegister(c)
	return c
}

var (
	OrdersCreated = counter("orders_created_total", "Orders placed (INITIATED, or submitted at once with their proof).")
	Approvals     = counter("purchases_approved_total", "Purchases approved, by hand or by a bank statement import.")
	Rejections    = counter("purchases_rejected_total", "Purchases rejected.")
	Expiries      = counter("purchases_expired_total", "Orders whose payment window ended unpaid (expire task or sweep).")
	EmailsSent    = counter("emails_sent_total", "Emails the worker delivered.")
	EmailsFailed  = counter("emails_failed_total", "Email deliveries that failed (each try; asynq retries them).")

	// HTTPRequests and HTTPDuration are labelled by the route pattern (never the raw path, so a
	// scan of random URLs adds no series), the method and the answer's status.
	HTTPRequests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: Prefix + "http_requests_total",
		Help: "HTTP requests answered, by route pattern, method and status."}, []string{"route", "method", "status"})
	HTTPDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: Prefix + "http_request_duration_seconds",
		Help:    "Time to answer an HTTP request, by route pattern, method and status.",
		Buckets: []float64{.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route", "method", "status"})

	// HTTPWaiting and HTTPBusy watch the admission gate (httpx.Admission): the API requests
	// waiting their turn now, and those answered 503 after waiting too long.
	HTTPWaiting = prometheus.NewGauge(prometheus.GaugeOpts{Name: Prefix + "http_requests_waiting",
		Help: "API requests waiting for one of the MAX_ACTIVE_REQUESTS places."})
	HTTPBusy = counter("http_requests_busy_total", "API requests answered 503 after waiting longer than the admission gate allows.")
)

func init() {
	Registry.MustRegister(HTTPRequests, HTTPDuration, HTTPWaiting)
}

// Sources are what a process's scrape reads besides the counters: its DB pool and, for the
// worker, the queues (Inspector and Queues).
type Sources struct {
	DB        *sql.DB
	Inspector *asynq.Inspector
	Queues    []string
}

// Gatherer is the counters, the Go runtime and process figures, and the process's sources.
func Gatherer(src Sources) prometheus.Gatherer {
	own := prometheus.NewRegistry()
	own.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	pre := prometheus.WrapRegistererWithPrefix(Prefix, own)
	if src.DB != nil {
		pre.MustRegister(collectors.NewDBStatsCollector(src.DB, "postgres"))
	}
	if src.Inspector != nil {
		own.MustRegister(&queueCollector{in: src.Inspector, queues: src.Queues})
	}
	return prometheus.Gatherers{Registry, own}
}

var queueSize = prometheus.NewDesc(Prefix+"queue_tasks", "Tasks in an asynq queue, by state, read at scrape time.",
	[]string{"queue", "state"}, nil)

// queueCollector reads each queue's sizes from Redis when scraped.
type queueCollector struct {
	in     *asynq.Inspector
	queues []string
}

func (q *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- queueSize }

func (q *queueCollector) Collect(ch chan<- prometheus.Metric) {
	known, err := q.in.Queues()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(queueSize, err)
		return
	}
	for _, name := range q.queues {
		// A queue that never held a task does not exist yet: it is empty.
		info := &asynq.QueueInfo{Queue: name}
		if slices.Contains(known, name) {
			if info, err = q.in.GetQueueInfo(name); err != nil {
				ch <- prometheus.NewInvalidMetric(queueSize, err)
				continue
			}
		}
		for state, n := range map[string]int{"pending": info.Pending, "active": info.Active, "scheduled": info.Scheduled,
			"retry": info.Retry, "archived": info.Archived} {
			ch <- prometheus.MustNewConstMetric(queueSize, prometheus.GaugeValue, float64(n), name, state)
		}
	}
}

// Server is the metrics listener: /metrics, and /healthz when Health is set (the worker, which
// has no other port).
type Server struct {
	Gatherer prometheus.Gatherer
	// Health answers nil when the process can work (its DB and Redis answer).
	Health func(ctx context.Context) error
	// Profile adds Go's profiler (net/http/pprof) at /debug/pprof/ on this listener (PPROF=1):
	// off by default, for measuring a process under load (make bench-rush -pprof).
	Profile bool
}

// Handler serves /metrics and /healthz.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.Gatherer, promhttp.HandlerOpts{}))
	if s.Health != nil {
		mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
			defer cancel()
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			if err := s.Health(ctx); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				_, _ = w.Write([]byte("unhealthy: " + err.Error() + "\n"))
				return
			}
			_, _ = w.Write([]byte("ok\n"))
		})
	}
	if s.Profile {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	return mux
}

// Listen starts serving on addr ("off": nothing) and returns the address it took (port 0 picks
// one) and a stop function.
func (s *Server) Listen(addr string) (string, func(), error) {
	if addr == "off" {
		return "", func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, err
	}
	write := 30 * time.Second
	if s.Profile {
		write = 2 * time.Minute // a CPU profile answers after its ?seconds=
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: write}
	go func() { _ = srv.Serve(ln) }()
	return ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}
