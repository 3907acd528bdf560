package httpx

import (
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/uptrace/bun/driver/pgdriver"
)

// TestDependencyDownIs503: connection failures become 503 with a retry message; other unknown
// errors stay 500 without internals.
func TestDependencyDownIs503(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, err := range []error{refused, fmt.Errorf("select: %w", refused), syscall.ECONNRESET, io.EOF, io.ErrUnexpectedEOF} {
		if s, env := Map(err); s != 503 || env.Message != MsgUnavailable {
			t.Errorf("%v: %d %v", err, s, env.Message)
		}
	}
	for _, err := range []error{errors.New("boom"), pgdriver.Error{}} {
		if s, _ := Map(err); s != 500 {
			t.Errorf("%v: %d, want 500", err, s)
		}
	}
	if !CleanText("ünï 🚀") || CleanText("a\x00") || CleanText("\xff") {
		t.Error("CleanText")
	}
}
