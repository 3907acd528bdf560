package outbox

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Lines of concurrent calls never interleave, and the folder is made when missing.
func TestAppendWritesWholeLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "outbox.jsonl")
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := Append(path, map[string]any{"n": i, "text": "a fairly long message body to write"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[int]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m struct{ N int }
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("a broken line %q: %v", sc.Text(), err)
		}
		seen[m.N] = true
	}
	if len(seen) != 50 {
		t.Fatalf("%d lines of 50", len(seen))
	}
}
