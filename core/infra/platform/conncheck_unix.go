//go:build unix

package platform

import (
	"errors"
	"io"
	"net"
	"syscall"
)

var errUnexpectedRead = errors.New("postgres connection: unexpected data from the server while idle")

// connAlive checks, without blocking, that an idle pooled connection is still open: the server
// sends nothing to an idle client, so EOF (it restarted or crashed) or any pending bytes (such as
// the FATAL "terminating connection due to administrator command" a restart sends) mean the
// connection is dead. Connections that expose no file descriptor (TLS) are assumed alive.
func connAlive(c net.Conn) error {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	var checkErr error
	err = rc.Read(func(fd uintptr) bool {
		var buf [1]byte
		// Go's network descriptors are non-blocking, so this returns at once: EAGAIN when
		// nothing is waiting (alive), 0 bytes at EOF, or the byte the server sent.
		n, err := syscall.Read(int(fd), buf[:])
		switch {
		case n == 0 && err == nil:
			checkErr = io.EOF
		case n > 0:
			checkErr = errUnexpectedRead
		case err == syscall.EAGAIN || err == syscall.EWOULDBLOCK:
			checkErr = nil
		default:
			checkErr = err
		}
		return true // never wait for readiness
	})
	if err != nil {
		return err
	}
	return checkErr
}
