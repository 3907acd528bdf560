package testkit

import (
	"fmt"
	"sync/atomic"
)

var mobiles atomic.Int64

// Mobile is a valid Indian mobile (fields.E164's stored form) no other call of this process has
// returned: a company keeps one buyer account per mobile, so tests that register several buyers
// give each its own.
func Mobile() string { return fmt.Sprintf("+9170%08d", mobiles.Add(1)) }
