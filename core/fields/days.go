package fields

import (
	"strings"
	"time"

	"prelaunch/core/infra/clock"
)

// DayRange reads a from/to filter of IST days as yyyy-mm-dd, both inclusive. It returns the first
// instant of from and the first instant after to (zero when absent), and the problems found
// (a value that is not such a date; from after to).
func DayRange(fromS, toS string) (from, to time.Time, problems []string) {
	parse := func(name, s string) time.Time {
		s = strings.TrimSpace(s)
		if s == "" {
			return time.Time{}
		}
		d, err := time.ParseInLocation("2006-01-02", s, clock.IST)
		if err != nil || len(s) != len("2006-01-02") {
			problems = append(problems, name+" must be a date as yyyy-mm-dd.")
			return time.Time{}
		}
		return d
	}
	from = parse("from", fromS)
	last := parse("to", toS)
	if !from.IsZero() && !last.IsZero() && from.After(last) {
		problems = append(problems, "from must not be after to.")
	}
	if !last.IsZero() {
		to = last.AddDate(0, 0, 1)
	}
	return from, to, problems
}
