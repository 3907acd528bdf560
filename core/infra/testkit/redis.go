package testkit

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// PrivateRedis is a redis-server of one test's own (never the machine's shared 6379), so a test
// can stop and restart it to play a Redis outage. Start it with StartRedis.
type PrivateRedis struct {
	Port int
	mu   sync.Mutex
	cmd  *exec.Cmd
	t    testing.TB
	aof  string // with StartDurableRedis: the directory of its append-only file
}

// StartRedis launches redis-server on a free port without persistence and stops it when the test
// ends. It skips the test when redis-server is not installed.
func StartRedis(t testing.TB) *PrivateRedis { t.Helper(); return startRedis(t, false) }

// StartDurableRedis is StartRedis with an append-only file (fsync on every write) in a directory
// of the test's own, so what Redis acknowledged survives Stop (SIGKILL) and is loaded again by
// Start: a crash of a Redis configured for durability, as production's should be.
func StartDurableRedis(t testing.TB) *PrivateRedis { t.Helper(); return startRedis(t, true) }

func startRedis(t testing.TB, durable bool) *PrivateRedis {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server not installed; private Redis tests skipped")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	_ = ln.Close()
	r := &PrivateRedis{Port: port, t: t}
	if durable {
		r.aof = t.TempDir()
	}
	r.Start()
	t.Cleanup(r.Stop)
	return r
}

// URL is the redis:// URL of database db of this server.
func (r *PrivateRedis) URL(db int) string { return fmt.Sprintf("redis://127.0.0.1:%d/%d", r.Port, db) }

// Start runs the server (again, on the same port) and waits until it answers.
func (r *PrivateRedis) Start() {
	r.t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd != nil {
		return
	}
	args := []string{"--port", strconv.Itoa(r.Port), "--bind", "127.0.0.1", "--save", "", "--loglevel", "warning"}
	if r.aof != "" {
		args = append(args, "--appendonly", "yes", "--appendfsync", "always", "--dir", r.aof)
	} else {
		args = append(args, "--appendonly", "no", "--dir", os.TempDir())
	}
	cmd := exec.Command("redis-server", args...)
	if err := cmd.Start(); err != nil {
		r.t.Fatalf("start redis-server: %v", err)
	}
	r.cmd = cmd
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.Port), MaxRetries: -1})
	defer c.Close()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err := c.Ping(ctx).Err()
		cancel()
		if err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.t.Fatalf("private redis-server on %d did not answer", r.Port)
}

// Stop kills the server (SIGKILL: an outage, not a clean shutdown) and waits for it to exit.
func (r *PrivateRedis) Stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd == nil {
		return
	}
	_ = r.cmd.Process.Kill()
	_ = r.cmd.Wait()
	r.cmd = nil
}
