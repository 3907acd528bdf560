package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"prelaunch/core/infra/media"
)

// S3Server is a real S3-compatible server (versitygw, posix backend) started for one test, with
// one empty bucket.
type S3Server struct {
	Endpoint string // http://127.0.0.1:port
	Bucket   string
	Creds    media.S3Credentials
	Dir      string // the backend's directory (bucket = Dir/Bucket)
}

// StorageURL is the STORAGE_URL of the server's bucket.
func (s *S3Server) StorageURL() string {
	return fmt.Sprintf("s3://%s?endpoint=%s&region=us-east-1&usePathStyle=true", s.Bucket, s.Endpoint)
}

// Blobs opens the bucket as the servers do.
func (s *S3Server) Blobs(t testing.TB) media.Blobs {
	t.Helper()
	b, err := media.OpenBlobs(s.StorageURL(), s.Creds)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// versitygwBin is the server the Makefile installs (.tools/bin/versitygw), or $VERSITYGW.
func versitygwBin() string {
	if p := os.Getenv("VERSITYGW"); p != "" {
		return p
	}
	if p := filepath.Join(RepoRoot(), ".tools", "bin", "versitygw"); fileExists(p) {
		return p
	}
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p
	}
	return ""
}

// S3 starts versitygw on a free loopback port over a temporary directory, stopped when the test
// ends. Without the binary the test is skipped, unless PRELAUNCH_REQUIRE_S3=1 (make go-test sets
// it), where a missing server is a failure.
func S3(t testing.TB) *S3Server {
	t.Helper()
	bin := versitygwBin()
	if bin == "" {
		if os.Getenv("PRELAUNCH_REQUIRE_S3") == "1" {
			t.Fatal("versitygw not found (make .tools/bin/versitygw installs it)")
		}
		t.Skip("versitygw not installed: run `make .tools/bin/versitygw` (make go-test requires it)")
	}
	dir := t.TempDir()
	bucket := "prelaunch-" + randHex(4)
	if err := os.Mkdir(filepath.Join(dir, bucket), 0o750); err != nil {
		t.Fatal(err)
	}
	s := &S3Server{Bucket: bucket, Dir: dir,
		Creds: media.S3Credentials{AccessKeyID: "test-" + randHex(6), SecretAccessKey: randHex(20)}}
	var lastErr error
	for try := 0; try < 5; try++ {
		port, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		s.Endpoint = fmt.Sprintf("http://127.0.0.1:%d", port)
		cmd := exec.Command(bin, "--access", s.Creds.AccessKeyID, "--secret", s.Creds.SecretAccessKey,
			"--port", fmt.Sprintf("127.0.0.1:%d", port), "--region", "us-east-1", "--quiet", "--health", "/health",
			"posix", dir)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatalf("start versitygw: %v", err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		if lastErr = waitHealthy(s.Endpoint+"/health", done); lastErr == nil {
			t.Cleanup(func() {
				_ = cmd.Process.Kill()
				<-done
			})
			return s
		}
		_ = cmd.Process.Kill()
		<-done
	}
	t.Fatalf("versitygw did not start: %v", lastErr)
	return nil
}

func waitHealthy(url string, exited <-chan error) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("exited: %v", err)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("no answer from %s", url)
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
