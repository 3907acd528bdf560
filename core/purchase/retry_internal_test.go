package purchase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"testing"

	"github.com/uptrace/bun/driver/pgdriver"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/sale"
)

// uniqueViolation is a real Postgres unique violation of the named constraint (a temporary table
// on the test database).
func uniqueViolation(t *testing.T, constraint string) error {
	t.Helper()
	dsn := os.Getenv("TEST_DATABASE_URL")
	if dsn == "" {
		dsn = "postgres://postgres@127.0.0.1:5432/prelaunch_test?sslmode=disable"
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/postgres" // the server's own database: a temporary table is all this needs
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(u.String())))
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("CREATE TEMP TABLE clash (n int CONSTRAINT %s UNIQUE)", constraint)); err != nil {
		t.Fatal(err)
	}
	_, err = conn.ExecContext(ctx, "INSERT INTO clash VALUES (1), (1)")
	if err == nil {
		t.Fatal("no unique violation")
	}
	return fmt.Errorf("insert purchase: %w", err)
}

// A clash of the numbers and a moved price are retried up to 8 times each, counted apart: seven
// moved prices and then a clash still place the order (before, the eighth attempt's clash was
// answered as it was); eight clashes in a row answer the clash; eight moved prices the 409.
func TestRetryCountsClashesAndMovedPricesApart(t *testing.T) {
	clash := uniqueViolation(t, "purchases_order_number_key")
	txn := uniqueViolation(t, "purchases_transaction_id_key")
	script := func(errs ...error) func() error {
		i := 0
		return func() error {
			if i >= len(errs) {
				t.Fatalf("attempt %d: more attempts than scripted", i+1)
			}
			i++
			return errs[i-1]
		}
	}
	moved := func(n int) []error {
		var out []error
		for i := 0; i < n; i++ {
			out = append(out, sale.ErrPriceMoved)
		}
		return out
	}
	if err := retryOnNumberClash(script(append(moved(7), clash, txn, nil)...)); err != nil {
		t.Fatalf("seven moved prices, two clashes, then placed: %v", err)
	}
	if err := retryOnNumberClash(script(moved(8)...)); !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("eight moved prices: %v, want the 409", err)
	}
	eight := []error{clash, txn, clash, txn, clash, txn, clash, clash}
	if err := retryOnNumberClash(script(eight...)); !errors.Is(err, clash) {
		t.Fatalf("eight clashes: %v", err)
	}
	other := errors.New("something else")
	if err := retryOnNumberClash(script(sale.ErrPriceMoved, other)); !errors.Is(err, other) {
		t.Fatalf("another error is answered at once: %v", err)
	}
}
