// Package platform opens the connections every process shares: Postgres through Bun, Redis
// through go-redis, and the slog logger.
package platform

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"go.uber.org/zap/zapcore"

	"prelaunch/core/infra/config"
)

// NewLogger returns a JSON logger in production and a text logger elsewhere.
func NewLogger(cfg config.Config, service string) *slog.Logger {
	var h slog.Handler
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if cfg.IsProduction() {
		h = slog.NewJSONHandler(stdout(), opts)
	} else {
		h = slog.NewTextHandler(stdout(), opts)
	}
	return slog.New(h).With("service", service)
}

// LogFlushInterval is the longest a log line waits in memory before it reaches stdout.
const LogFlushInterval = 200 * time.Millisecond

var (
	stdoutOnce sync.Once
	stdoutBuf  *zapcore.BufferedWriteSyncer
)

// stdout is the process's log output: buffered in memory (256 KB) and written at most every
// LogFlushInterval, so a busy server makes a few writes a second instead of one system call per
// access-log line (a fifth of the CPU of a cheap call). FlushLogs writes out what is waiting;
// Deps.Close calls it, so a normal exit or shutdown loses nothing. A crash can lose the last
// LogFlushInterval of lines.
func stdout() io.Writer {
	stdoutOnce.Do(func() {
		stdoutBuf = &zapcore.BufferedWriteSyncer{WS: zapcore.AddSync(os.Stdout), Size: 256 << 10, FlushInterval: LogFlushInterval}
	})
	return stdoutBuf
}

// FlushLogs writes out the buffered log lines.
func FlushLogs() {
	stdout()
	_ = stdoutBuf.Sync()
}

// OpenDB opens a pooled Bun database. It does not wait for the server to answer.
//
// Before the pool hands a used connection to a query, it checks that the server has not closed
// it: after a Postgres restart or crash every idle connection is dead, and without the check each
// one would fail one request (a 503, or a 500 on a bare EOF) after Postgres is back. With it the
// pool drops them (driver.ErrBadConn) and dials afresh, so recovery is immediate
// (TestSecurityPostgresRestart in bff-user).
func OpenDB(dsn string) *bun.DB {
	return openDB(dsn, 15*time.Second, 32)
}

// OpenAdminDB opens dsn (the server's postgres database) for CREATE and DROP DATABASE, with one
// connection and a read timeout of two minutes: DROP DATABASE waits for a checkpoint, which on
// a busy server (make test's three lanes writing at once) took longer than OpenDB's 15 seconds.
func OpenAdminDB(dsn string) *bun.DB {
	return openDB(dsn, 2*time.Minute, 1)
}

func openDB(dsn string, readTimeout time.Duration, conns int) *bun.DB {
	connector := pgdriver.NewConnector(
		pgdriver.WithDSN(dsn),
		pgdriver.WithResetSessionFunc(func(_ context.Context, cn *pgdriver.Conn) error {
			if err := connAlive(cn.Conn()); err != nil {
				return driver.ErrBadConn
			}
			return nil
		}),
		pgdriver.WithTimeout(5*time.Second),
		pgdriver.WithDialTimeout(3*time.Second),
		pgdriver.WithReadTimeout(readTimeout),
		pgdriver.WithWriteTimeout(15*time.Second),
		// Short OLTP queries only: JIT compilation costs more than it saves on them, and parallel
		// workers only add processes to the many concurrent requests of a small machine. The
		// prepared statements (core/infra/prepared) keep one generic plan each: they are prepared
		// so as not to be planned on every run, and Postgres's own choice would plan a search
		// afresh each time, its generic estimate being far above the custom one for a term it
		// can see. Each one's generic plan is checked at scale size by tools/perf
		// TestPlansUseIndexes. Queries sent as text are planned each time, as before.
		pgdriver.WithConnParams(map[string]interface{}{"jit": "off", "max_parallel_workers_per_gather": "0",
			"plan_cache_mode": "force_generic_plan"}),
	)
	sqldb := sql.OpenDB(connector)
	sqldb.SetMaxOpenConns(conns)
	sqldb.SetMaxIdleConns(conns)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	sqldb.SetConnMaxLifetime(30 * time.Minute)
	return bun.NewDB(sqldb, pgdialect.New())
}

// OpenRedis parses a redis:// URL into a client with short timeouts, so a dead Redis fails fast.
func OpenRedis(rawURL string) (*redis.Client, error) {
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	opt.DialTimeout = 2 * time.Second
	opt.ReadTimeout = 2 * time.Second
	opt.WriteTimeout = 2 * time.Second
	opt.PoolTimeout = 3 * time.Second
	opt.MaxRetries = 1
	return redis.NewClient(opt), nil
}

// EnsureDatabase creates the database named in dsn when it does not exist, connecting to the
// server's "postgres" database to do so.
func EnsureDatabase(ctx context.Context, dsn string) error {
	u, err := url.Parse(dsn)
	if err != nil {
		return fmt.Errorf("database url: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" || strings.ContainsAny(name, "\"\x00") {
		return fmt.Errorf("database url names no usable database: %q", name)
	}
	admin := *u
	admin.Path = "/postgres"
	db := OpenAdminDB(admin.String())
	defer db.Close()
	var exists bool
	if err := db.NewRaw("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = ?)", name).Scan(ctx, &exists); err != nil {
		return fmt.Errorf("connect to postgres: %w", err)
	}
	if exists {
		return nil
	}
	_, err = db.ExecContext(ctx, `CREATE DATABASE "`+name+`"`)
	if err != nil && !strings.Contains(err.Error(), "already exists") {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}
