package httpx

import (
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/apperr"
)

// Text that Postgres cannot store (a NUL byte) or that is not UTF-8 is refused at the edge with
// a 400, so no rule ever sends it to the database and turns it into a 500.

func errBadText() error {
	return apperr.BadRequest("bad_text", "The request contains characters that are not allowed.")
}

// CleanText reports whether s is valid UTF-8 without NUL characters.
func CleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// SafeQuery refuses a query string whose keys or values hold NUL or invalid UTF-8 (400).
func SafeQuery() fiber.Handler {
	return func(c fiber.Ctx) error {
		bad := false
		for k, v := range c.Request().URI().QueryArgs().All() {
			if !CleanText(string(k)) || !CleanText(string(v)) {
				bad = true
				break
			}
		}
		if bad {
			return errBadText()
		}
		return c.Next()
	}
}

// checkText walks a decoded request (structs, pointers, slices, maps) for unusable strings.
func checkText(v reflect.Value, depth int) bool {
	if depth > 16 {
		return true
	}
	switch v.Kind() {
	case reflect.String:
		return CleanText(v.String())
	case reflect.Pointer, reflect.Interface:
		return v.IsNil() || checkText(v.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && !checkText(v.Field(i), depth+1) {
				return false
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return true
		}
		for i := 0; i < v.Len(); i++ {
			if !checkText(v.Index(i), depth+1) {
				return false
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if !checkText(it.Key(), depth+1) || !checkText(it.Value(), depth+1) {
				return false
			}
		}
	}
	return true
}
