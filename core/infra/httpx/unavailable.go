package httpx

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun/driver/pgdriver"
)

// MsgUnavailable is the answer when Postgres or Redis cannot be reached.
const MsgUnavailable = "The service is temporarily unavailable. Please try again shortly."

// dependencyDown reports whether err means a dependency (Postgres, Redis) could not be reached or
// went away mid-request, so the answer is a 503 that invites a retry rather than a 500: rules
// return the driver's error as is, which would otherwise answer 500 while Postgres is down.
func dependencyDown(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var oe *net.OpError
	if errors.As(err, &oe) {
		return true
	}
	// A bare EOF reaching the error handler is a dependency's connection closing under the
	// request (pgdriver returns io.EOF / io.ErrUnexpectedEOF when Postgres crashes mid-query);
	// request bodies never produce one here, because Bind and the upload reader wrap theirs.
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, redis.ErrPoolTimeout) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var pe pgdriver.Error
	if errors.As(err, &pe) {
		code := pe.Field('C')
		// 08: connection exception; 57P01-57P03: admin/crash shutdown, cannot connect now.
		return strings.HasPrefix(code, "08") || code == "57P01" || code == "57P02" || code == "57P03"
	}
	return false
}
