package purchase

import (
	"context"
	"database/sql/driver"
	"fmt"

	"github.com/uptrace/bun"
)

// inOneTrip runs fn in a transaction on a connection of its own: BEGIN goes with the advisory
// lock of lockKey in one round trip, and fn's last statement carries the COMMIT
// (sale.ReserveAndCommit, sale.ReleaseAndCommit), so the transaction costs no round trip of its
// own. fn returns nil only once that COMMIT went through. On an error the transaction is rolled
// back; a connection whose ROLLBACK fails is closed, never handed back to the pool mid-transaction.
func (s *Service) inOneTrip(ctx context.Context, lockKey string, fn func(ctx context.Context, conn bun.IDB) error) error {
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	begin := "BEGIN"
	var args []any
	if lockKey != "" {
		begin, args = "BEGIN; SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", []any{lockKey}
	}
	if _, err := conn.ExecContext(ctx, begin, args...); err != nil {
		rollback(ctx, conn)
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(ctx, conn); err != nil {
		rollback(ctx, conn)
		return err
	}
	return nil
}

func rollback(ctx context.Context, conn bun.Conn) {
	if _, err := conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK"); err != nil {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	}
}
