// Package admin holds the rules of the admin area (company admins: sign-in, profile and user
// management) and the super admin's emailed-code sign-in. Super admin sign-in lives here rather
// than in core/superadmin because core/auth imports core/superadmin for token checks.
package admin

import (
	"errors"
	"net/mail"
	"regexp"
	"strings"

	"github.com/uptrace/bun/driver/pgdriver"
)

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// IsUUID reports whether s is a canonical UUID; anything else can never name a row.
func IsUUID(s string) bool { return uuidRE.MatchString(s) }

// ValidEmail reports whether s is a bare address (no display name) with a dotted domain.
func ValidEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".")
}

// uniqueViolation reports whether err is a unique violation, and of which constraint/index.
func uniqueViolation(err error) (string, bool) {
	var pe pgdriver.Error
	if errors.As(err, &pe) && pe.Field('C') == "23505" {
		return pe.Field('n'), true
	}
	return "", false
}
