// Package pgerr reads the Postgres errors the code answers to, in one place.
package pgerr

import (
	"errors"

	"github.com/uptrace/bun/driver/pgdriver"
)

// uniqueViolation is SQLSTATE 23505.
const uniqueViolation = "23505"

// UniqueViolation names the constraint (or index) a unique violation hit, or "" for any other
// error (and for nil).
func UniqueViolation(err error) string {
	var pe pgdriver.Error
	if errors.As(err, &pe) && pe.Field('C') == uniqueViolation {
		if n := pe.Field('n'); n != "" {
			return n
		}
		return "?"
	}
	return ""
}

// IsUnique reports whether err is a unique violation of the named constraint (of any when
// constraint is empty).
func IsUnique(err error, constraint string) bool {
	name := UniqueViolation(err)
	return name != "" && (constraint == "" || name == constraint)
}
