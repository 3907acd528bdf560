package pgerr

import (
	"errors"
	"fmt"
	"testing"
)

func TestNotAUniqueViolation(t *testing.T) {
	for _, err := range []error{nil, errors.New("boom"), fmt.Errorf("wrapped: %w", errors.New("x"))} {
		if UniqueViolation(err) != "" || IsUnique(err, "") {
			t.Errorf("%v is not a unique violation", err)
		}
	}
}
