// Package outbox appends messages to a development outbox file, one JSON line each: the mail
// outbox (MAIL_OUTBOX) and the SMS outbox (SMS_OUTBOX) that people and the journeys read.
package outbox

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

var mu sync.Mutex

// Append writes v as one JSON line at the end of the file at path, making its folder when
// missing. Lines of concurrent calls in this process never interleave.
func Append(path string, v any) error {
	line, err := json.Marshal(v)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	mu.Lock()
	defer mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fmt.Errorf("outbox dir: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o640)
	if err != nil {
		return fmt.Errorf("open outbox: %w", err)
	}
	if _, err := f.Write(line); err != nil {
		_ = f.Close()
		return fmt.Errorf("write outbox: %w", err)
	}
	return f.Close()
}
