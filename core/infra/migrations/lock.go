package migrations

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun/migrate"
)

// lockWithRetry takes the migrator's lock, waiting while another process holds it.
func lockWithRetry(ctx context.Context, m *migrate.Migrator) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		err := m.Lock(ctx)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("migrate lock: %w", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}
